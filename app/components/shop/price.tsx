import { useTranslation } from "~/i18n/translation";
import type { Language } from "~/shared/language";
import { formatKD } from "~/shared/money";

export type PriceLabels = { price: string; oldPrice: string; sale: string; from: string };

export function usePriceLabels(): PriceLabels {
  const { t } = useTranslation();
  return { price: t("shop.card.price"), oldPrice: t("shop.card.oldPrice"), sale: t("shop.card.sale"), from: t("shop.card.from") };
}

/**
 * The price in KD, with the old price struck through when discounted (SPEC section 2). Labels come from the
 * caller, so a grid of 24 cards translates them once rather than once per card.
 */
export function Price({
  priceFils,
  priceBeforeDiscountFils,
  discounted,
  language,
  labels,
  from = false,
}: {
  priceFils: number;
  priceBeforeDiscountFils: number | null;
  discounted: boolean;
  language: Language;
  labels: PriceLabels;
  /** "from 1.250 KD": the lowest of variants that differ in price (issue 31) */
  from?: boolean;
}) {
  return (
    <p className="price">
      {discounted && priceBeforeDiscountFils !== null ? (
        <s className="price__old" data-testid="old-price">
          <span className="visually-hidden">{labels.oldPrice}: </span>
          {formatKD(priceBeforeDiscountFils, language)}
        </s>
      ) : null}
      <span className="price__now" data-testid="price">
        <span className="visually-hidden">{labels.price}: </span>
        {from ? <span className="price__from">{labels.from} </span> : null}
        {formatKD(priceFils, language)}
      </span>
    </p>
  );
}

export function SaleBadge({ label }: { label: string }) {
  return (
    <span className="sale-badge" data-testid="sale-badge">
      {label}
    </span>
  );
}
