import { Link } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/** The client's earlier unpaid order that keeps this one from holding a product (docs/decisions/0077). */
export type EarlierOrderLinkData = { orderNumber: string; paymentUrl: string };

export function earlierOrderLinkOf(earlier: { orderNumber: string; orderSessionId: string | null }): EarlierOrderLinkData | null {
  return earlier.orderSessionId ? { orderNumber: earlier.orderNumber, paymentUrl: `/payment?orderSessionId=${encodeURIComponent(earlier.orderSessionId)}` } : null;
}

/** Where the shopper pays for or cancels that order; shown with the checkout's refusal. */
export function EarlierOrderLink({ order }: { order: EarlierOrderLinkData | null }) {
  const { t } = useTranslation();
  if (!order) return null;
  return (
    <p className="checkout__earlier-order">
      <Link to={order.paymentUrl} className="button button--secondary" data-testid="earlier-order">
        {t("checkout.openEarlierOrder", { orderNumber: order.orderNumber })}
      </Link>
    </p>
  );
}
