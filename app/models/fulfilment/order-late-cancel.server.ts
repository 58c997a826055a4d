import { prisma, type Prisma } from "~/db.server";
import { noticeStockReturned } from "~/models/catalogue/index.server";
import { nudgeOutbox, orderContacts, queueEmail, queueShopperMessages } from "~/models/messaging/index.server";
import { checkOrderPhone, OrderPhoneLimitedError } from "~/models/orders/index.server";
import { creditNoteListSelect, RefundError, refundOrder } from "~/models/payments/index.server";
import { recordAudit } from "~/models/shop/index.server";
import { lateCancelNoticeMail } from "~/mail/owner-notices.server";
import { lateCancelFrom, lateCancelState, type LateCancelState } from "~/shared/promised-date";

/**
 * Kuwait's right to cancel a late order (issue 48, CONTRACT.md "Gifts and delivery times", docs/decisions/0093): a
 * paid order still not delivered 14 days after its promised day is cancelled by its shopper, everything it paid is
 * refunded through its own payment (refund.server.ts, so the gateway's refund, its retry of a lost answer and the
 * credit note are the admin refund's), its units go back on sale, and the shopper and the owner hear of it.
 */

export type LateCancelFailure = "notFound" | "wrongPhone" | Exclude<LateCancelState, "open"> | "busy" | "refundRefused" | "refundUnanswered";

export class LateCancelError extends Error {
  constructor(
    readonly reason: LateCancelFailure,
    readonly status: 403 | 404 | 409 | 502,
  ) {
    super(reason);
  }
}

/** How long one request holds the order while the gateway is asked: longer than the gateway's 10 s time limit. */
const CLAIM_MS = 60_000;
/** How long a second request (a double click, another server) waits for the first one's outcome. */
const WAIT_FOR_OUTCOME_MS = 20_000;

const orderSelect = {
  id: true,
  orderNumber: true,
  customerId: true,
  phone: true,
  email: true,
  fullName: true,
  status: true,
  paymentStatus: true,
  promisedBy: true,
  totalFils: true,
  refundedFils: true,
  lateCancelledAt: true,
  lateCancelClaimedUntil: true,
  deliveredAt: true,
} satisfies Prisma.OrderSelect;

type LateOrder = Prisma.OrderGetPayload<{ select: typeof orderSelect }>;

export type LateCancelWho = { customerId: string | null; phone: string | null; address: string };

/** The order if `who` may act on it: its signed-in shopper, or anyone with its phone (guesses limited, decision 0068). */
async function orderFor(orderNumber: string, who: LateCancelWho): Promise<LateOrder> {
  const order = await prisma.order.findUnique({ where: { orderNumber }, select: orderSelect });
  if (!order) throw new LateCancelError("notFound", 404);
  if (who.customerId && order.customerId === who.customerId) return order;
  const checked = await checkOrderPhone(order, who.phone, who.address);
  if (checked.kind === "limited") throw new OrderPhoneLimitedError(checked.retryAfterSeconds);
  if (checked.kind === "wrongPhone") throw new LateCancelError("wrongPhone", 403);
  return order;
}

/** What the shopper sees after the cancellation: the order cancelled, what was refunded, and its credit notes. */
export async function lateCancelOutcome(orderId: string) {
  return prisma.order.findUniqueOrThrow({
    where: { id: orderId },
    select: { orderNumber: true, status: true, promisedBy: true, lateCancelledAt: true, refundedFils: true, totalFils: true, creditNotes: creditNoteListSelect },
  });
}

/**
 * Cancels a late order for its shopper. `now` is the day the rule is read on (tests move it forward); the claim that
 * keeps a second request out runs on the real clock. A request that comes while another is cancelling the same order
 * waits for that outcome and answers it, so a double click or two servers make one refund and one answer; a request
 * after the cancellation went through answers the same outcome again. A gateway that refuses leaves the order paid
 * and open (502, nothing changed but a failed refund row); a gateway that never answered leaves the refund counted
 * and unsettled, and the next request settles that same refund before anything else (decision 0040).
 */
export async function cancelLateOrder(orderNumber: string, who: LateCancelWho, now = new Date()) {
  const order = await orderFor(orderNumber, who);
  if (order.lateCancelledAt) return lateCancelOutcome(order.id);
  const state = lateCancelState(order, now);
  if (state !== "open") throw new LateCancelError(state, 409);

  const claimed = await prisma.order.updateMany({
    where: {
      id: order.id,
      paymentStatus: "paid",
      status: { notIn: ["delivered", "cancelled"] },
      deliveredAt: null,
      lateCancelledAt: null,
      OR: [{ lateCancelClaimedUntil: null }, { lateCancelClaimedUntil: { lt: new Date() } }],
    },
    data: { lateCancelClaimedUntil: new Date(Date.now() + CLAIM_MS) },
  });
  if (claimed.count !== 1) return waitForOutcome(order.id);

  try {
    await refundAllLeft(order);
  } catch (error) {
    await prisma.order.update({ where: { id: order.id }, data: { lateCancelClaimedUntil: null } });
    if (!(error instanceof RefundError)) throw error;
    if (error.reason === "gatewayRefused") throw new LateCancelError("refundRefused", 502);
    if (error.reason === "gatewayUnavailable") throw new LateCancelError("refundUnanswered", 502);
    throw new LateCancelError("busy", 409);
  }
  const restocked = await prisma.$transaction((tx) => writeCancellation(tx, order));
  if (restocked.length) noticeStockReturned(restocked);
  nudgeOutbox();
  return lateCancelOutcome(order.id);
}

/** Everything paid and not yet refunded (items, delivery, any other line of the total), in as many refunds as it takes. */
async function refundAllLeft(order: LateOrder) {
  const admin = { email: order.email, id: order.customerId ?? order.id, role: "shopper" };
  const reason = `Late order ${order.orderNumber} cancelled by the shopper`;
  // A refund of an earlier try whose answer was lost is settled first by refundOrder itself, then what is left goes.
  for (let step = 0; step < 3; step++) {
    const { refundedFils, totalFils } = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, select: { refundedFils: true, totalFils: true } });
    if (refundedFils >= totalFils && !(await hasUnansweredRefund(order.id))) return;
    await refundOrder({ orderId: order.id, admin, reason });
  }
}

async function hasUnansweredRefund(orderId: string): Promise<boolean> {
  return (await prisma.refund.count({ where: { orderId, status: "pending", providerRefundId: null } })) > 0;
}

/**
 * The cancellation itself, once the money is back: one transaction with its status row, the units back on sale, the
 * activity log's entry and the messages to the shopper (the order's language and channels) and to the owner.
 * Answers the products whose units came back.
 */
async function writeCancellation(tx: Prisma.TransactionClient, order: LateOrder): Promise<string[]> {
  const at = new Date();
  const { count } = await tx.order.updateMany({
    where: { id: order.id, lateCancelledAt: null },
    data: { status: "cancelled", lateCancelledAt: at, lateCancelClaimedUntil: null, nextReminderAt: null },
  });
  if (count !== 1) return [];
  const { refundedFils } = await tx.order.findUniqueOrThrow({ where: { id: order.id }, select: { refundedFils: true } });
  await tx.orderStatusChange.create({ data: { orderId: order.id, fromStatus: order.status, toStatus: "cancelled", changedBy: "shopper" } });
  const actor = { id: order.customerId ?? order.id, email: order.email, role: "shopper" };
  await recordAudit(tx, { actor, action: "lateCancel", entityType: "order", entityId: order.id, params: { number: order.orderNumber, fils: refundedFils, date: order.promisedBy ?? "" } });
  const contacts = await orderContacts(tx, order.id);
  if (contacts) await queueShopperMessages(tx, contacts, "status", { status: "cancelled" });
  const mail = lateCancelNoticeMail({ orderId: order.id, orderNumber: order.orderNumber, fullName: order.fullName, phone: order.phone, promisedBy: order.promisedBy ?? "", refundedFils });
  await queueEmail(tx, { to: mail.to, kind: "mail", language: "en", orderId: order.id, params: { subject: mail.subject, text: mail.text, html: mail.html } });
  return restock(tx, order.id);
}

/**
 * The order's units back on sale, as a received return puts them: on the variant bought and on its product. Units a
 * received return already put back on sale (its items marked `restocked`) are not counted a second time.
 */
async function restock(tx: Prisma.TransactionClient, orderId: string): Promise<string[]> {
  const items = await tx.orderItem.findMany({
    where: { orderId, productId: { not: null } },
    orderBy: { productId: "asc" },
    select: { productId: true, variantId: true, quantity: true, returnItems: { where: { restocked: true }, select: { quantity: true } } },
  });
  const restocked: string[] = [];
  for (const { returnItems, ...ordered } of items) {
    const alreadyBack = returnItems.reduce((sum, returned) => sum + returned.quantity, 0);
    const item = { ...ordered, quantity: ordered.quantity - alreadyBack };
    if (item.quantity <= 0) continue;
    const productId = item.productId!;
    const product = await tx.product.findUnique({ where: { id: productId }, select: { hasOptions: true } });
    if (!product) continue;
    if (product.hasOptions) {
      // A variant since hidden is no longer sold: nothing goes back on sale (decision 0060).
      const onVariant = await tx.productVariant.updateMany({ where: { id: item.variantId ?? "", productId, isHidden: false }, data: { stockQuantity: { increment: item.quantity } } });
      if (onVariant.count !== 1) continue;
    }
    await tx.product.updateMany({ where: { id: productId }, data: { stockQuantity: { increment: item.quantity } } });
    restocked.push(productId);
  }
  return restocked;
}

/** Another request holds the order: its outcome, once it has one (cancelled, or given up and released). */
async function waitForOutcome(orderId: string) {
  const until = Date.now() + WAIT_FOR_OUTCOME_MS;
  for (;;) {
    const row = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { lateCancelledAt: true, lateCancelClaimedUntil: true, status: true, deliveredAt: true } });
    if (row.lateCancelledAt) return lateCancelOutcome(orderId);
    if (row.status === "cancelled") throw new LateCancelError("cancelled", 409);
    if (row.status === "delivered" || row.deliveredAt) throw new LateCancelError("delivered", 409);
    if (!row.lateCancelClaimedUntil || Date.now() > until) throw new LateCancelError("busy", 409);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/**
 * What a page shows of an order's promise: the day, the first day it may be cancelled as late, whether it may now,
 * and once cancelled as late, when and what was refunded, with the credit notes that say so.
 */
export async function latePromiseView(orderNumber: string, now = new Date()) {
  const order = await prisma.order.findUnique({
    where: { orderNumber },
    select: {
      status: true,
      paymentStatus: true,
      promisedBy: true,
      deliveryFrom: true,
      deliveryTo: true,
      lateCancelledAt: true,
      deliveredAt: true,
      refundedFils: true,
      creditNotes: creditNoteListSelect,
    },
  });
  if (!order?.promisedBy) return null;
  const cancelledLate = order.lateCancelledAt ? { at: order.lateCancelledAt, refundedFils: order.refundedFils } : null;
  // The window chosen at checkout, on the promised day (its day is the promise).
  const slot = order.deliveryFrom && order.deliveryTo ? { from: order.deliveryFrom, to: order.deliveryTo } : null;
  return { promisedBy: order.promisedBy, slot, lateCancelFrom: lateCancelFrom(order.promisedBy), state: lateCancelState(order, now), cancelledLate, creditNotes: order.creditNotes };
}
