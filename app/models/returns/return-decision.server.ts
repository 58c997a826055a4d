import { prisma } from "~/db.server";
import { nudgeOutbox } from "~/models/messaging/index.server";
import { RefundError, refundOrder } from "~/models/payments/index.server";
import { ReturnError, returnSelect } from "./return.server";
import { exchangeReturn } from "./return-exchange.server";
import { lockReturn, move, type Admin, type Tx } from "./return-move.server";
import { noticeStockReturned } from "~/models/catalogue/index.server";
import { canMoveReturn, type ReturnStatus } from "~/shared/returns";

/**
 * The owner's decisions on a return (CONTRACT.md "Returns and exchanges"): each moves the status by one conditional
 * update written first in its transaction, so a decision taken twice at once happens once; the history row and the
 * shopper's message (decision 0054) are written in the same transaction.
 */

export type ReturnDecision = {
  id: string;
  status: ReturnStatus;
  admin: Admin;
  /** the owner's note to the shopper */
  note?: string | null;
  /** `received`: every line back on sale (true), none (false), or only these ReturnItem ids */
  restock?: boolean | string[];
  /** `refunded`: less than the items' price, if the owner decides so */
  refundAmountFils?: number;
};

/** How long a refund in progress holds its return: as long as refund.server.ts waits before a stale refund is checked. */
const CLAIM_MS = 2 * 60_000;

async function current(id: string) {
  const row = await prisma.return.findUnique({
    where: { id },
    select: { id: true, status: true, refundFils: true, refundId: true, orderId: true, number: true, claimedUntil: true },
  });
  if (!row) throw new ReturnError("notFound", 404);
  return row;
}

/** The owner's decision on a return; answers the return as read afterwards. */
export async function decideReturn(input: ReturnDecision) {
  const row = await current(input.id);
  if (!canMoveReturn(row.status, input.status)) throw new ReturnError("badTransition", 409);
  const note = input.note?.trim() || null;
  if (input.status === "refunded") await refundReturn(row, input, note);
  else if (input.status === "exchanged") await exchangeReturn(row.id, input.admin, note);
  else if (input.status === "received") await receiveReturn(row.id, input.admin, note, input.restock ?? false);
  else await prisma.$transaction((tx) => simpleMove(tx, row.id, input.status, input.admin, note));
  nudgeOutbox();
  return prisma.return.findUniqueOrThrow({ where: { id: row.id }, select: returnSelect });
}

/** approved, rejected, closed: a return that ends before its items came back frees them to be asked again. */
async function simpleMove(tx: Tx, id: string, to: ReturnStatus, admin: Admin, note: string | null) {
  // Written before anything else is read, as every transaction here; refused while a refund holds the return.
  await lockReturn(tx, id);
  const before = await move(tx, id, to, admin, note);
  if ((to === "rejected" || to === "closed") && (before.status === "requested" || before.status === "approved")) {
    const items = await tx.returnItem.findMany({ where: { returnId: id }, select: { orderItemId: true, quantity: true } });
    for (const item of items) await tx.orderItem.update({ where: { id: item.orderItemId }, data: { returnedQuantity: { decrement: item.quantity } } });
  }
}

/** received: the lines chosen go back on sale in the same transaction as the move, so exactly once. */
async function receiveReturn(id: string, admin: Admin, note: string | null, restock: boolean | string[]) {
  const restocked = await prisma.$transaction(async (tx) => {
    await lockReturn(tx, id);
    await move(tx, id, "received", admin, note);
    const items = await tx.returnItem.findMany({
      where: { returnId: id },
      select: { id: true, productId: true, quantity: true, orderItem: { select: { variantId: true } } },
    });
    const chosen = items.filter((item) => item.productId && (restock === true || (Array.isArray(restock) && restock.includes(item.id))));
    const restocked: string[] = [];
    for (const item of chosen) {
      const productId = item.productId!;
      // A product with options sells from its variants and carries their sum (decision 0060): the units go back on
      // the variant bought and on the product. A variant since hidden is no longer sold, so nothing goes back on sale.
      const product = await tx.product.findUnique({ where: { id: productId }, select: { hasOptions: true } });
      if (!product) continue;
      if (product.hasOptions) {
        const variantId = item.orderItem.variantId ?? "";
        const onVariant = await tx.productVariant.updateMany({ where: { id: variantId, productId, isHidden: false }, data: { stockQuantity: { increment: item.quantity } } });
        if (onVariant.count !== 1) continue;
      }
      await tx.product.updateMany({ where: { id: productId }, data: { stockQuantity: { increment: item.quantity } } });
      await tx.returnItem.update({ where: { id: item.id }, data: { restocked: true } });
      restocked.push(productId);
    }
    return restocked;
  });
  if (restocked.length) noticeStockReturned(restocked);
}

type RefundPart = { orderId: string; amountFils: number };

/**
 * The refunds made for a return and not given back, oldest first: each names its return, and the one a return recorded
 * before refunds did (the migration links those too) is found by the return's own `refundId`.
 */
async function refundsMade(returnId: string) {
  const { refundId } = await prisma.return.findUniqueOrThrow({ where: { id: returnId }, select: { refundId: true } });
  return prisma.refund.findMany({
    where: { OR: [{ returnId }, ...(refundId ? [{ id: refundId }] : [])], status: { not: "failed" } },
    orderBy: { createdAt: "asc" },
    select: { id: true, orderId: true, amountFils: true, providerRefundId: true },
  });
}

/**
 * The payments a return's refund of `amountFils` is made from, or null when they cannot carry it (decision 0110). A
 * return of an ordinary order: that order, within what stays paid for its products (delivery is kept). A return of an
 * exchange's order: its own payment first (the difference paid on it), then its first order's payment for the rest,
 * each within what stays paid for its products; an exchange at no charge has no payment of its own, so all of it
 * goes back through the first order's.
 */
async function refundParts(orderId: string, amountFils: number): Promise<RefundPart[] | null> {
  const room = { totalFils: true, deliveryFeeFils: true, refundedFils: true, paymentStatus: true, payments: { where: { status: "paid" }, take: 1, select: { providerPaymentId: true } } } as const;
  const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { ...room, exchangeForOrderNumber: true } });
  const roomOf = (row: typeof order | null) =>
    row && row.paymentStatus === "paid" && row.payments[0]?.providerPaymentId ? Math.max(0, row.totalFils - row.deliveryFeeFils - row.refundedFils) : 0;
  if (!order.exchangeForOrderNumber) {
    // As before: an ordinary order's refund says itself why it cannot be made (not paid).
    return order.refundedFils + amountFils > order.totalFils - order.deliveryFeeFils ? null : [{ orderId, amountFils }];
  }
  const first = await prisma.order.findUnique({ where: { orderNumber: order.exchangeForOrderNumber }, select: { ...room, id: true, exchangeForOrderNumber: true } });
  const own = Math.min(amountFils, roomOf(order));
  const rest = amountFils - own;
  if (rest > roomOf(first)) return null;
  const parts: RefundPart[] = [];
  if (own > 0) parts.push({ orderId, amountFils: own });
  if (rest > 0 && first) parts.push({ orderId: first.id, amountFils: rest });
  return parts;
}

/**
 * refunded: through the order's refund (refund.server.ts), so never more than was paid and a credit note is issued.
 * The return is claimed while the gateway is asked: two clicks make one refund, and an exchange or a close arriving
 * meanwhile is refused (busy), so the shopper never gets both the money and the goods. A refund whose answer never
 * came is kept on the return and retried with the same reference. Delivery is never refunded: that bound is part of
 * the refund's own conditional update, so two refunds racing cannot pass it either.
 */
async function refundReturn(row: Awaited<ReturnType<typeof current>>, input: ReturnDecision, note: string | null) {
  const now = new Date();
  const claim = new Date(now.getTime() + CLAIM_MS);
  const claimed = await prisma.return.updateMany({
    where: { id: row.id, status: "received", OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] },
    data: { claimedUntil: claim },
  });
  if (claimed.count !== 1) throw new ReturnError("busy", 409);
  try {
    const reason = `Return ${row.number}`;
    const refund = (part: RefundPart) => refundOrder({ ...part, admin: input.admin, reason, keepDelivery: true, returnId: row.id });
    // Read again under the claim: a try that ended just before it may have made some of the refund. Asked before and
    // never answered: settled with its own reference, never sent a second time.
    for (const part of await refundsMade(row.id)) if (!part.providerRefundId) await refund({ orderId: part.orderId, amountFils: part.amountFils });
    const made = await refundsMade(row.id);
    const doneFils = made.reduce((sum, part) => sum + part.amountFils, 0);
    // What the shopper gets back: the owner's amount (a partial refund), else the whole a try began, else the items'.
    const { refundingFils } = await prisma.return.findUniqueOrThrow({ where: { id: row.id }, select: { refundingFils: true } });
    const askedFils = input.refundAmountFils ?? (doneFils > 0 ? (refundingFils ?? doneFils) : row.refundFils);
    if (!Number.isSafeInteger(askedFils) || askedFils <= 0 || askedFils > row.refundFils) throw new ReturnError("overRefund", 409);
    // A retry sends only what is left: the first part of two made, the second refused or unanswered (decision 0110).
    const leftFils = Math.max(0, askedFils - doneFils);
    let refundId = made.at(-1)?.id;
    if (leftFils > 0) {
      const parts = await refundParts(row.orderId, leftFils);
      if (!parts) throw new ReturnError("overRefund", 409);
      await prisma.return.update({ where: { id: row.id }, data: { refundingFils: doneFils + leftFils } });
      for (const part of parts) refundId = (await refund(part)).refundId;
    }
    const refundedFils = doneFils + leftFils;
    await prisma.$transaction(async (tx) => {
      await tx.return.update({ where: { id: row.id }, data: { refundId, refundFils: refundedFils } });
      await move(tx, row.id, "refunded", input.admin, note, {}, undefined, claim);
    });
  } catch (error) {
    const refundId = error instanceof RefundError ? error.refundId : undefined;
    if (refundId) await prisma.return.update({ where: { id: row.id }, data: { refundId } });
    // Released only if still this refund's: a claim that ran out may be another decision's by now.
    await prisma.return.updateMany({ where: { id: row.id, claimedUntil: claim }, data: { claimedUntil: null } });
    throw error;
  }
}
