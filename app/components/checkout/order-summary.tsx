import { useTranslation } from "~/i18n/react";
import type { Language } from "~/i18n/config";
import { formatKD } from "~/shared/money";

type Props = {
  language: Language;
  items: { productId: string; name: string; quantity: number; priceFils: number; customTags: string[] }[];
  productsTotalFils: number;
  /** null until an area is chosen */
  deliveryFeeFils: number | null;
};

/** The collapsible product list and the totals; amounts are shown only, the server computes its own. */
export function OrderSummary({ language, items, productsTotalFils, deliveryFeeFils }: Props) {
  const { t } = useTranslation();
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  return (
    <div className="order-summary" data-testid="order-summary">
      <details className="order-summary__items">
        <summary>{t("checkout.productsCount", { count })}</summary>
        <ul>
          {items.map((item, index) => (
            <li key={`${item.productId}-${index}`}>
              <span>
                {item.name} × {item.quantity}
                {item.customTags.length ? <small className="order-summary__tags">{item.customTags.join(", ")}</small> : null}
              </span>
              <span>{formatKD(item.priceFils * item.quantity, language)}</span>
            </li>
          ))}
        </ul>
      </details>
      <dl className="order-summary__totals">
        <div>
          <dt>{t("checkout.productsTotal")}</dt>
          <dd data-testid="products-total">{formatKD(productsTotalFils, language)}</dd>
        </div>
        <div>
          <dt>{t("checkout.deliveryFee")}</dt>
          <dd data-testid="delivery-fee">{deliveryFeeFils === null ? t("checkout.deliveryFeeChooseCity") : formatKD(deliveryFeeFils, language)}</dd>
        </div>
        <div className="order-summary__grand">
          <dt>{t("checkout.total")}</dt>
          <dd data-testid="grand-total">{formatKD(productsTotalFils + (deliveryFeeFils ?? 0), language)}</dd>
        </div>
      </dl>
    </div>
  );
}
