import { Form } from "@remix-run/react";
import { useTranslation } from "~/i18n/translation";

/**
 * On the payment page: how long the order's pieces stay held (10 or 15 minutes from placing, docs/decisions/0077),
 * and a way to cancel the order, which gives them back and lets the shopper order again; or, when the hold ended,
 * that paying takes the pieces again.
 */
export function OrderHold({ orderSessionId, heldMinutes, late = false }: { orderSessionId: string; heldMinutes: number; late?: boolean }) {
  const { t } = useTranslation();
  // Paying late (a reminder's link, decision 0085): nothing is held any more, so there is nothing to cancel either.
  if (late) {
    return (
      <div className="order-hold">
        <p data-testid="hold-ended">{t("payment.holdEnded")}</p>
      </div>
    );
  }
  return (
    <div className="order-hold">
      <p data-testid="held-for">{t("payment.heldFor", { time: t("payment.minutesLeft", { count: heldMinutes }) })}</p>
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
