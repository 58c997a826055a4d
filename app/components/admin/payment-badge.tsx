import { useTranslation } from "~/i18n/react";

export function PaymentBadge({ paymentStatus }: { paymentStatus: string }) {
  const { t } = useTranslation();
  const known = paymentStatus === "paid" || paymentStatus === "unpaid" || paymentStatus === "failed";
  return (
    <span className={`payment-badge payment-badge--${known ? paymentStatus : "unknown"}`} data-testid="payment-badge">
      {known ? t(`admin.payment.${paymentStatus}`) : paymentStatus}
    </span>
  );
}
