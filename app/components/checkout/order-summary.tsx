import { useTranslation } from "~/i18n/translation";
import { Money } from "~/components/ltr";
import type { Language } from "~/shared/language";
import { orderTotals, type CheckoutOffer } from "~/shared/order-totals";
import { formatCount } from "~/shared/digits";

type Props = {
  language: Language;
  items: { productId: string; name: string; quantity: number; priceFils: number; customTags: string[]; options?: string }[];
  productsTotalFils: number;
  /** the chosen area's fee; null until an area is chosen */
  areaFeeFils: number | null;
  offer: CheckoutOffer;
  /** a gift's wrapping while it is asked for (issue 48): a line of its own, added to the total */
  giftWrapFils?: number | null;
};

/**
 * The collapsible product list and the totals, by the rule the order is placed with (app/shared/order-totals.ts);
 * amounts are shown only, the server computes its own.
 */
export function OrderSummary({ language, items, productsTotalFils, areaFeeFils, offer, giftWrapFils = null }: Props) {
  const { t } = useTranslation();
  const count = items.reduce((sum, item) => sum + item.quantity, 0);
  const totals = orderTotals({ productsTotalFils, deliveryFeeFils: areaFeeFils, coupon: offer.coupon, freeDeliveryFromFils: offer.freeDeliveryFromFils });
  const deliveryFee = totals.freeDelivery ? (
    t("checkout.freeDelivery")
  ) : totals.deliveryFeeFils === null ? (
    t("checkout.deliveryFeeChooseCity")
  ) : (
    <Money fils={totals.deliveryFeeFils} language={language} />
  );
  return (
    <div className="order-summary" data-testid="order-summary">
      <details className="order-summary__items">
        <summary>{t("checkout.productsCount", { count })}</summary>
        <ul>
          {items.map((item, index) => (
            <li key={`${item.productId}-${index}`}>
              <span>
                {item.name}
                {item.options ? ` (${item.options})` : ""} × {formatCount(item.quantity, language)}
                {item.customTags.length ? <small className="order-summary__tags">{item.customTags.map((tag, at) => [at ? ", " : null, <bdi key={at}>{tag}</bdi>])}</small> : null}
              </span>
              <Money fils={item.priceFils * item.quantity} language={language} />
            </li>
          ))}
        </ul>
      </details>
      <dl className="order-summary__totals">
        <div>
          <dt>{t("checkout.productsTotal")}</dt>
          <dd data-testid="products-total">
            <Money fils={productsTotalFils} language={language} />
          </dd>
        </div>
        {offer.coupon && totals.discountFils > 0 ? (
          <div className="order-summary__discount">
            <dt>{t("checkout.discount", { code: offer.coupon.code })}</dt>
            <dd data-testid="discount">
              <Money fils={totals.discountFils} language={language} sign="−" />
            </dd>
          </div>
        ) : null}
        <div>
          <dt>{t("checkout.deliveryFee")}</dt>
          <dd data-testid="delivery-fee">{deliveryFee}</dd>
        </div>
        {giftWrapFils !== null ? (
          <div>
            <dt>{t("checkoutGift.wrapLine")}</dt>
            <dd data-testid="gift-wrap-line">
              <Money fils={giftWrapFils} language={language} />
            </dd>
          </div>
        ) : null}
        <div className="order-summary__grand">
          <dt>{t("checkout.total")}</dt>
          <dd data-testid="grand-total">
            <Money fils={totals.totalFils + (giftWrapFils ?? 0)} language={language} />
          </dd>
        </div>
      </dl>
      {offer.note ? (
        <p className="order-summary__note" data-testid="free-delivery-note">
          {offer.note}
        </p>
      ) : null}
    </div>
  );
}
