import { prisma } from "~/db.server";
import { onRefundAccepted } from "~/mail/credit-note.server";
import { getPaymentProvider } from "~/payments/index.server";
import { PaymentGatewayError } from "~/payments/provider.server";

export type RefundFailure = "notFound" | "notPaid" | "invalidAmount" | "overRefund" | "gatewayRefused" | "gatewayUnavailable";

export class RefundError extends Error {
  constructor(
    readonly reason: RefundFailure,
    readonly status: 400 | 404 | 409 | 502,
  ) {
    super(reason);
  }
}

/**
 * Refunds a paid order through the gateway that took its payment: `amountFils` or, by default, all that is left
 * (delivery included). The amount is first counted against the order in one conditional update, so two refunds
 * racing can never add up to more than was paid; a gateway that refuses gets it back. With the test provider the
 * refund is only recorded. Each refund is a row with who asked and when, shown in the order's history. A refund the
 * gateway accepted (pending or refunded) gets its credit note, e-mailed to the shopper; a refused one none
 * (docs/decisions/0034-credit-notes.md). Answers the amount refunded.
 */
export async function refundOrder(input: { orderId: string; amountFils?: number; admin: { email: string }; reason?: string }) {
  const order = await prisma.order.findUnique({
    where: { id: input.orderId },
    select: {
      id: true,
      orderNumber: true,
      totalFils: true,
      refundedFils: true,
      paymentStatus: true,
      payments: { where: { status: "paid" }, take: 1, select: { id: true, provider: true, providerPaymentId: true } },
    },
  });
  if (!order) throw new RefundError("notFound", 404);
  const payment = order.payments[0];
  if (order.paymentStatus !== "paid" || !payment?.providerPaymentId) throw new RefundError("notPaid", 409);
  const amountFils = input.amountFils ?? order.totalFils - order.refundedFils;
  if (!Number.isSafeInteger(amountFils) || amountFils < 0) throw new RefundError("invalidAmount", 400);
  if (amountFils === 0 || amountFils > order.totalFils - order.refundedFils) throw new RefundError("overRefund", 409);

  const reserved = await prisma.$executeRaw`
    UPDATE "Order" SET "refundedFils" = "refundedFils" + ${amountFils}
    WHERE "id" = ${order.id} AND "paymentStatus" = 'paid' AND "refundedFils" + ${amountFils} <= "totalFils"`;
  if (reserved !== 1) throw new RefundError("overRefund", 409);

  const refund = await prisma.refund.create({
    data: { orderId: order.id, paymentId: payment.id, amountFils, requestedBy: input.admin.email },
  });
  try {
    const done = await getPaymentProvider(payment.provider).refund({
      providerPaymentId: payment.providerPaymentId,
      amountFils,
      reference: refund.id,
      reason: input.reason ?? `Refund of order ${order.orderNumber}`,
    });
    await prisma.refund.update({ where: { id: refund.id }, data: { status: done.status, providerRefundId: done.refundId } });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // A refused or unanswered refund gives its amount back, so the owner can try again. After a timeout the
    // gateway may still have made it: the message says to check the gateway's portal first.
    await prisma.$transaction([
      prisma.$executeRaw`UPDATE "Order" SET "refundedFils" = "refundedFils" - ${amountFils} WHERE "id" = ${order.id}`,
      prisma.refund.update({ where: { id: refund.id }, data: { status: "failed", message: `${error.fault}: ${error.message}`.slice(0, 500) } }),
    ]);
    throw new RefundError(error.fault === "refused" ? "gatewayRefused" : "gatewayUnavailable", 502);
  }
  await onRefundAccepted(order.id);
  return { amountFils };
}
