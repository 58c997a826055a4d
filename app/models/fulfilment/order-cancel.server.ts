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
  if (!(await releaseReservation(id))) return { outcome: "notCancellable", orderNumber };
  // Its open attempts end with it: a late answer no longer pays it.
  await prisma.payment.updateMany({ where: { orderId: id, status: "initiated" }, data: { status: "expired" } });
  // Cancelled, not only released: no payment reminder follows it, and a reminder's link no longer pays it (decision 0085).
  await prisma.$transaction(async (tx) => {
    const { count } = await tx.order.updateMany({ where: { id, status: "pending" }, data: { status: "cancelled", nextReminderAt: null } });
    if (count === 1) await tx.orderStatusChange.create({ data: { orderId: id, fromStatus: "pending", toStatus: "cancelled", changedBy: "system" } });
  });
  return { outcome: "cancelled", orderNumber };
}
