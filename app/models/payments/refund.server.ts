import { prisma } from "~/db.server";
import { audited, type AuditActor } from "~/models/shop/index.server";
import { onRefundAccepted } from "./refund-accepted.server";
import { getPaymentProvider } from "~/payments/index.server";
import { PaymentGatewayError } from "~/payments/provider.server";

export type RefundFailure = "notFound" | "notPaid" | "invalidAmount" | "overRefund" | "gatewayRefused" | "gatewayUnavailable";

export class RefundError extends Error {
  constructor(
    readonly reason: RefundFailure,
    readonly status: 400 | 404 | 409 | 502,
    /** the refund row left unanswered, whose retry keeps its reference (a return records it) */
    readonly refundId?: string,
  ) {
    super(reason);
  }
}

/** The message a refund keeps while the gateway's answer is unknown (it timed out or the connection broke). */
const NO_ANSWER = "no answer";
/** A refund being sent or checked longer than this was cut short (a crash): the next request may check it. */
const STALE_AFTER_MS = 2 * 60_000;

type RefundRow = { id: string; orderId: string; amountFils: number };
type PaymentRef = { provider: string; providerPaymentId: string };

/**
 * Refunds a paid order through the gateway that took its payment: `amountFils` or, by default, all that is left
 * (delivery included). The amount is first counted against the order in one conditional update, so two refunds
 * racing can never add up to more than was paid; a gateway that refuses gets it back. With the test provider the
 * refund is only recorded. Each refund is a row with who asked and when, shown in the order's history. A refund the
 * gateway accepted (pending or refunded) gets its credit note, e-mailed to the shopper; a refused one none
 * (docs/decisions/0034-credit-notes.md). Answers the amount refunded.
 *
 * A refund whose answer never came (timeout, broken connection) stays counted and unsettled: the gateway may have
 * made it. The next refund request of the order first settles it (docs/decisions/0040): it asks the gateway for a
 * refund with that row's id as reference, and only if the gateway has none sends it again, with the same
 * reference. A request without an amount, or with the same amount, is that retry and answers for it.
 */
export async function refundOrder(input: {
  orderId: string;
  amountFils?: number;
  admin: { email: string } & Partial<AuditActor>;
  reason?: string;
  /** A return's refund: what the order has refunded never passes its products' price, so delivery stays paid. */
  keepDelivery?: boolean;
  /**
   * The return this refund is for: the return records the refund as it is written, so a retry settles that same
   * refund and its credit note, drawn as soon as the gateway accepts, names the return and its items.
   */
  returnId?: string;
}) {
  const order = await prisma.order.findUnique({
    where: { id: input.orderId },
    select: {
      id: true,
      orderNumber: true,
      totalFils: true,
      paymentStatus: true,
      payments: { where: { status: "paid" }, take: 1, select: { id: true, provider: true, providerPaymentId: true } },
    },
  });
  if (!order) throw new RefundError("notFound", 404);
  const payment = order.payments[0];
  // A paid order of 0 (an exchange at no charge) is not unpaid: nothing was paid for it, so nothing is left to refund.
  if (order.paymentStatus === "paid" && order.totalFils === 0) throw new RefundError("overRefund", 409);
  if (order.paymentStatus !== "paid" || !payment?.providerPaymentId) throw new RefundError("notPaid", 409);
  const paymentRef = { provider: payment.provider, providerPaymentId: payment.providerPaymentId };
  const reason = input.reason ?? `Refund of order ${order.orderNumber}`;

  const retried = await settleUnansweredRefunds(order.id, paymentRef, reason);
  if (retried && (input.amountFils === undefined || input.amountFils === retried.amountFils)) {
    await onRefundAccepted(order.id);
    return { amountFils: retried.amountFils, refundId: retried.id };
  }

  const { refundedFils } = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: { refundedFils: true } });
  const amountFils = input.amountFils ?? order.totalFils - refundedFils;
  if (!Number.isSafeInteger(amountFils) || amountFils < 0) throw new RefundError("invalidAmount", 400);
  if (amountFils === 0 || amountFils > order.totalFils - refundedFils) throw new RefundError("overRefund", 409);

  // The bound is in the update itself: two refunds racing are counted one after the other against it.
  const deliveryKept = input.keepDelivery ? 1 : 0;
  const reserved = await prisma.$executeRaw`
    UPDATE "Order" SET "refundedFils" = "refundedFils" + ${amountFils}
    WHERE "id" = ${order.id} AND "paymentStatus" = 'paid' AND "refundedFils" + ${amountFils} <= "totalFils" - ${deliveryKept} * "deliveryFeeFils"`;
  if (reserved !== 1) throw new RefundError("overRefund", 409);

  const { id: actorId, role } = input.admin;
  const actor = actorId && role ? { ...input.admin, id: actorId, role } : undefined;
  const refund = await audited(
    actor,
    async (tx) => {
      const row = await tx.refund.create({ data: { orderId: order.id, paymentId: payment.id, amountFils, requestedBy: input.admin.email, returnId: input.returnId ?? null } });
      if (input.returnId) await tx.return.updateMany({ where: { id: input.returnId }, data: { refundId: row.id } });
      return row;
    },
    (row) => ({ action: "refund", entityType: "refund", entityId: row.id, params: { number: order.orderNumber, amount: amountFils } }),
  );
  await sendRefund(refund, paymentRef, reason);
  await onRefundAccepted(order.id);
  return { amountFils, refundId: refund.id };
}

/**
 * Sends one refund row to the gateway (its id is the gateway's reference) and records the answer: accepted, or
 * refused (the amount given back). No answer leaves it counted and unsettled, and throws gatewayUnavailable.
 */
async function sendRefund(refund: RefundRow, payment: PaymentRef, reason: string) {
  try {
    const done = await getPaymentProvider(payment.provider).refund({
      providerPaymentId: payment.providerPaymentId,
      amountFils: refund.amountFils,
      reference: refund.id,
      reason,
    });
    await prisma.refund.update({ where: { id: refund.id }, data: { status: done.status, providerRefundId: done.refundId, message: null } });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    if (error.fault === "refused") {
      await giveBack(refund, `refused: ${error.message}`);
      throw new RefundError("gatewayRefused", 502);
    }
    // Timed out, cut off or garbled: the gateway may have made the refund, so its amount stays counted.
    await prisma.refund.update({ where: { id: refund.id }, data: { message: `${NO_ANSWER}: ${error.fault}: ${error.message}`.slice(0, 500) } });
    throw new RefundError("gatewayUnavailable", 502, refund.id);
  }
}

async function giveBack(refund: RefundRow, message: string) {
  await prisma.$transaction([
    prisma.$executeRaw`UPDATE "Order" SET "refundedFils" = "refundedFils" - ${refund.amountFils} WHERE "id" = ${refund.orderId}`,
    prisma.refund.update({ where: { id: refund.id }, data: { status: "failed", message: message.slice(0, 500) } }),
  ]);
}

/**
 * Settles the order's refunds whose answer never came: each is claimed by one request (a conditional update on
 * its `updatedAt`), the gateway is asked for it by reference, and it is sent again, same reference, only when the
 * gateway has none. Answers the last one settled as accepted, or null when there was none.
 */
async function settleUnansweredRefunds(orderId: string, payment: PaymentRef, reason: string): Promise<RefundRow | null> {
  const stale = new Date(Date.now() - STALE_AFTER_MS);
  const open = await prisma.refund.findMany({
    where: { orderId, status: "pending", providerRefundId: null },
    orderBy: { createdAt: "asc" },
    select: { id: true, orderId: true, amountFils: true, message: true, updatedAt: true },
  });
  let settled: RefundRow | null = null;
  for (const refund of open) {
    const unanswered = refund.message?.startsWith(NO_ANSWER) === true;
    // Still being sent or checked by another request, which records its answer: never a second sending here.
    if (!unanswered && refund.updatedAt > stale) continue;
    const claimed = await prisma.refund.updateMany({
      where: { id: refund.id, status: "pending", providerRefundId: null, updatedAt: refund.updatedAt },
      data: { message: "checking with the gateway" },
    });
    if (claimed.count !== 1) continue;

    let found;
    try {
      found = await getPaymentProvider(payment.provider).findRefund({ providerPaymentId: payment.providerPaymentId, reference: refund.id });
    } catch (error) {
      if (!(error instanceof PaymentGatewayError)) throw error;
      await prisma.refund.update({ where: { id: refund.id }, data: { message: `${NO_ANSWER}: ${error.fault}: ${error.message}`.slice(0, 500) } });
      throw new RefundError("gatewayUnavailable", 502, refund.id);
    }
    if (found?.status === "cancelled") {
      await giveBack(refund, "the gateway cancelled the refund");
      continue;
    }
    if (found) {
      await prisma.refund.update({ where: { id: refund.id }, data: { status: found.status, providerRefundId: found.refundId, message: null } });
    } else {
      await sendRefund(refund, payment, reason);
    }
    settled = refund;
  }
  return settled;
}
