import { prisma } from "~/db.server";
import { verifyOrderPayment, getPaymentSession } from "~/models/payments/index.server";
import { releaseReservation } from "~/models/orders/index.server";

/**
 * The shopper cancels her unpaid order from its payment page (docs/decisions/0077): its pieces go back on sale and
 * its discount code's use is given back, as when its hold ends, so she can order them again. The gateway is asked
 * first, as the hold-expiry job asks it: a payment made in another tab is confirmed, not cancelled. Gateway faults
 * are thrown (PaymentGatewayError) and the order stays as it was.
 */
export async function cancelUnpaidOrder(orderSessionId: string): Promise<{ outcome: "cancelled" | "notCancellable" | "notFound"; orderNumber: string | null }> {
  const session = await getPaymentSession(orderSessionId);
  if (!session) return { outcome: "notFound", orderNumber: null };
  const { id, orderNumber, paymentStatus } = session.order;
  if (paymentStatus !== "unpaid" || (await verifyOrderPayment(id, undefined, { recheck: true }))?.state !== "unpaid") return { outcome: "notCancellable", orderNumber };
  // Cancelled first, while still unpaid: from this commit on no payment settles it (`confirmPayment` passes over a
  // cancelled order), so a card submitted at the same moment cannot pay an order whose pieces go back on sale (probe 6,
  // finding 2). No payment reminder follows it, and a reminder's link no longer pays it (decision 0085).
  const cancelled = await prisma.$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({ where: { id, status: "pending", paymentStatus: "unpaid" }, data: { status: "cancelled", nextReminderAt: null } });
    if (count === 1) await tx.orderStatusChange.create({ data: { orderId: id, fromStatus: "pending", toStatus: "cancelled", changedBy: "system" } });
    return count === 1;
  });
  if (!cancelled) return { outcome: "notCancellable", orderNumber };
  await endUnpaidOrder(id);
  return { outcome: "cancelled", orderNumber };
}

/**
 * A cancelled unpaid order's pieces back on sale, its code's use given back, and its open attempts ended, so a late
 * answer no longer pays it: when the shopper cancels it, and when the owner sets it cancelled (probe 6, finding 4).
 */
export async function endUnpaidOrder(orderId: string): Promise<void> {
  await releaseReservation(orderId);
  await prisma.payment.updateMany({ where: { orderId, status: "initiated" }, data: { status: "expired" } });
}
