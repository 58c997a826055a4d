import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/**
 * On the payment page: how long the order's pieces stay held (10 or 15 minutes from placing, docs/decisions/0077),
 * and a way to cancel the order, which gives them back and lets the shopper order again.
 */
export function OrderHold({ orderSessionId, heldMinutes }: { orderSessionId: string; heldMinutes: number }) {
  const { t } = useTranslation();
  return (
    <div className="order-hold">
      <p data-testid="held-for">{t("payment.heldFor", { minutes: heldMinutes })}</p>
      <Form method="post" replace>
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="orderSessionId" value={orderSessionId} />
        <p className="order-hold__note">{t("payment.cancelNote")}</p>
        <button type="submit" className="link-button" data-testid="cancel-order">
          {t("payment.cancelOrder")}
        </button>
      </Form>
    </div>
  );
}
