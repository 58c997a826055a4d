import { useTranslation } from "react-i18next";
import type { Language } from "~/i18n/config";
import { formatKD } from "~/utils/money";

/** The price in KD, with the old price struck through when discounted (SPEC section 2). */
export function Price({
  priceFils,
  priceBeforeDiscountFils,
  discounted,
  language,
}: {
  priceFils: number;
  priceBeforeDiscountFils: number | null;
  discounted: boolean;
  language: Language;
}) {
  const { t } = useTranslation();
  return (
    <p className="price">
      {discounted && priceBeforeDiscountFils !== null ? (
        <s className="price__old" data-testid="old-price">
          <span className="visually-hidden">{t("shop.card.oldPrice")}: </span>
          {formatKD(priceBeforeDiscountFils, language)}
        </s>
      ) : null}
      <span className="price__now" data-testid="price">
        <span className="visually-hidden">{t("shop.card.price")}: </span>
        {formatKD(priceFils, language)}
      </span>
    </p>
  );
}

export function SaleBadge() {
  const { t } = useTranslation();
  return (
    <span className="sale-badge" data-testid="sale-badge">
      {t("shop.card.sale")}
    </span>
  );
}
