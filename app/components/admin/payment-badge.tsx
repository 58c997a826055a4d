import { useTranslation } from "~/i18n/translation";
import { SHOWN_PAYMENT_STATUSES, type ShownPaymentStatus } from "~/shared/payment-status";

export function PaymentBadge({ paymentStatus }: { paymentStatus: string }) {
  const { t } = useTranslation();
  const known = (SHOWN_PAYMENT_STATUSES as readonly string[]).includes(paymentStatus);
  return (
    <span className={`payment-badge payment-badge--${known ? paymentStatus : "unknown"}`} data-testid="payment-badge">
      {known ? t(`admin.payment.${paymentStatus as ShownPaymentStatus}`) : paymentStatus}
    </span>
  );
}
