/** The payment states an order shows: what Order.paymentStatus stores, and the two a refund adds. */
export const SHOWN_PAYMENT_STATUSES = ["unpaid", "paid", "failed", "partially_refunded", "refunded"] as const;
export type ShownPaymentStatus = (typeof SHOWN_PAYMENT_STATUSES)[number];

/**
 * A refunded order stays "paid" in the database (it was paid: invoices, reports and My Orders still count it), and
 * shows refunded or partially_refunded from what has been refunded (CONTRACT.md, "Admin refund").
 */
export function shownPaymentStatus(order: { paymentStatus: string; refundedFils: number; totalFils: number }): ShownPaymentStatus {
  if (order.paymentStatus === "paid" && order.refundedFils > 0) return order.refundedFils >= order.totalFils ? "refunded" : "partially_refunded";
  return order.paymentStatus === "paid" || order.paymentStatus === "failed" ? order.paymentStatus : "unpaid";
}
