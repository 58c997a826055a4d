import { isConstraintRefusal, prisma, type Prisma } from "~/db.server";
import { newOrderNumber } from "~/models/order.server";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { nudgeOutbox, orderContacts, queueShopperMessages } from "~/models/outbox-write.server";
import { RefundError, refundOrder } from "~/models/refund.server";
import { ReturnError, returnSelect } from "~/models/return.server";
import { sellStockNow } from "~/models/stock-hold.server";
import { noticeStockReturned } from "~/models/stock-notice.server";
import { RETURN_STATUSES, canMoveReturn, type ReturnStatus } from "~/shared/returns";

/**
 * The owner's decisions on a return (CONTRACT.md "Returns and exchanges"): each moves the status by one conditional
 * update written first in its transaction, so a decision taken twice at once happens once; the history row and the
 * shopper's message (decision 0054) are written in the same transaction.
 */

type Tx = Prisma.TransactionClient;
/** The member deciding: with an id and a role (a signed-in member) the decision is also audited. */
type Admin = { email: string } & Partial<AuditActor>;

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

function fromStatusesOf(to: ReturnStatus): ReturnStatus[] {
  return RETURN_STATUSES.filter((from) => canMoveReturn(from, to));
}

async function current(id: string) {
  const row = await prisma.return.findUnique({
    where: { id },
    select: { id: true, status: true, refundFils: true, refundId: true, orderId: true, number: true, claimedUntil: true },
  });
  if (!row) throw new ReturnError("notFound", 404);
  return row;
}

/** Moves the status if it still is one that may go there, with its history row and the shopper's message. */
async function move(tx: Tx, id: string, to: ReturnStatus, admin: Admin, note: string | null, extra: Prisma.ReturnUpdateManyMutationInput = {}) {
  const before = await tx.return.findUniqueOrThrow({ where: { id }, select: { status: true, orderId: true, number: true } });
  const moved = await tx.return.updateMany({ where: { id, status: { in: fromStatusesOf(to) } }, data: { status: to, claimedUntil: null, ...extra } });
  if (moved.count !== 1) throw new ReturnError("badTransition", 409);
  await tx.returnStatusChange.create({ data: { returnId: id, fromStatus: before.status, toStatus: to, changedBy: admin.email, note } });
  if (admin.id && admin.role) {
    const actor = { id: admin.id, email: admin.email, role: admin.role, requestId: admin.requestId };
    await recordAudit(tx, { actor, action: "status", entityType: "return", entityId: id, summary: `${before.number}: ${before.status} → ${to}` });
  }
  const contacts = await orderContacts(tx, before.orderId);
  if (contacts) await queueShopperMessages(tx, contacts, "returnDecision", { returnNumber: before.number, status: to, note: note ?? "" });
  return before;
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
  // Written before anything else is read (SQLite's write lock), as every transaction here.
  await tx.return.update({ where: { id }, data: { updatedAt: new Date() } });
  const before = await move(tx, id, to, admin, note);
  if ((to === "rejected" || to === "closed") && (before.status === "requested" || before.status === "approved")) {
    const items = await tx.returnItem.findMany({ where: { returnId: id }, select: { orderItemId: true, quantity: true } });
    for (const item of items) await tx.orderItem.update({ where: { id: item.orderItemId }, data: { returnedQuantity: { decrement: item.quantity } } });
  }
}

/** received: the lines chosen go back on sale in the same transaction as the move, so exactly once. */
async function receiveReturn(id: string, admin: Admin, note: string | null, restock: boolean | string[]) {
  const restocked = await prisma.$transaction(async (tx) => {
    await tx.return.update({ where: { id }, data: { updatedAt: new Date() } });
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

/**
 * refunded: through the order's refund (refund.server.ts), so never more than was paid and a credit note is issued.
 * The return is held while the gateway is asked (two clicks make one refund); a refund whose answer never came is
 * kept on the return and retried with the same reference; delivery is never refunded.
 */
async function refundReturn(row: Awaited<ReturnType<typeof current>>, input: ReturnDecision, note: string | null) {
  const now = new Date();
  const claimed = await prisma.return.updateMany({
    where: { id: row.id, status: "received", OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] },
    data: { claimedUntil: new Date(now.getTime() + CLAIM_MS) },
  });
  if (claimed.count !== 1) throw new ReturnError("busy", 409);
  try {
    // Read again under the claim: a try that ended just before it may have recorded its refund.
    const { refundId: earlierId } = await prisma.return.findUniqueOrThrow({ where: { id: row.id }, select: { refundId: true } });
    const earlier = earlierId ? await prisma.refund.findUnique({ where: { id: earlierId }, select: { id: true, amountFils: true, status: true, providerRefundId: true } }) : null;
    let refundId: string;
    if (earlier && earlier.status !== "failed" && earlier.providerRefundId) {
      // The gateway accepted it already (the return was not moved on, a crash): nothing more to send.
      refundId = earlier.id;
    } else if (earlier && earlier.status !== "failed") {
      // Asked before and never answered: settle that same refund (its reference), never a second one.
      refundId = (await refundOrder({ orderId: row.orderId, amountFils: earlier.amountFils, admin: input.admin, reason: `Return ${row.number}` })).refundId;
    } else {
      const amountFils = input.refundAmountFils ?? row.refundFils;
      if (!Number.isSafeInteger(amountFils) || amountFils <= 0 || amountFils > row.refundFils) throw new ReturnError("overRefund", 409);
      const order = await prisma.order.findUniqueOrThrow({ where: { id: row.orderId }, select: { totalFils: true, deliveryFeeFils: true, refundedFils: true } });
      if (order.refundedFils + amountFils > order.totalFils - order.deliveryFeeFils) throw new ReturnError("overRefund", 409);
      refundId = (await refundOrder({ orderId: row.orderId, amountFils, admin: input.admin, reason: `Return ${row.number}` })).refundId;
    }
    await prisma.$transaction(async (tx) => {
      await tx.return.update({ where: { id: row.id }, data: { refundId } });
      await move(tx, row.id, "refunded", input.admin, note);
    });
  } catch (error) {
    const refundId = error instanceof RefundError ? error.refundId : undefined;
    await prisma.return.update({ where: { id: row.id }, data: { claimedUntil: null, ...(refundId ? { refundId } : {}) } });
    throw error;
  }
}

/**
 * exchanged: a new paid order, at no charge (the discount is the whole products total), delivered to the same
 * address, of the same items or of the variants the shopper asked for instead (another size or colour of the same
 * product, no dearer than what was paid); its units are sold from those variants in the same transaction.
 */
async function exchangeReturn(id: string, admin: Admin, note: string | null) {
  for (let attempt = 0; ; attempt++) {
    try {
      await prisma.$transaction(async (tx) => {
        await tx.return.update({ where: { id }, data: { updatedAt: new Date() } });
        const ret = await tx.return.findUniqueOrThrow({
          where: { id },
          select: {
            orderId: true,
            items: {
              orderBy: { id: "asc" },
              select: {
                quantity: true,
                productId: true,
                exchangeVariantId: true,
                orderItem: { select: { nameEn: true, nameAr: true, imageUrl: true, priceFils: true, variantId: true, optionValues: true } },
              },
            },
          },
        });
        const order = await tx.order.findUniqueOrThrow({ where: { id: ret.orderId } });
        const lines = await exchangeLines(tx, ret.items);
        if (!(await sellStockNow(tx, lines))) throw new ReturnError("outOfStock", 409);
        const subtotalFils = lines.reduce((sum, line) => sum + line.quantity * line.priceFils, 0);
        const now = new Date();
        const exchange = await tx.order.create({
          data: {
            orderNumber: newOrderNumber(),
            customerId: order.customerId,
            isGuest: order.isGuest,
            language: order.language,
            fullName: order.fullName,
            email: order.email,
            phone: order.phone,
            buildingType: order.buildingType,
            city: order.city,
            street: order.street,
            streetNumber: order.streetNumber,
            block: order.block,
            buildingNumber: order.buildingNumber,
            floor: order.floor,
            apartmentNumber: order.apartmentNumber,
            notes: `Exchange for ${order.orderNumber}`,
            subtotalFils,
            discountFils: subtotalFils,
            deliveryFeeFils: 0,
            totalFils: 0,
            paymentStatus: "paid",
            paidAt: now,
            notifyWhatsApp: order.notifyWhatsApp,
            items: {
              create: lines.map((line) => ({
                productId: line.productId,
                nameEn: line.nameEn,
                nameAr: line.nameAr,
                imageUrl: line.imageUrl,
                priceFils: line.priceFils,
                quantity: line.quantity,
                variantId: line.variantId,
                optionValues: line.optionValues,
              })),
            },
          },
          select: { id: true },
        });
        await move(tx, id, "exchanged", admin, note, { exchangeOrderId: exchange.id });
      });
      return;
    } catch (error) {
      if (attempt < 3 && isConstraintRefusal(error, "unique", "Order", "orderNumber")) continue;
      throw error;
    }
  }
}

type ExchangedItem = {
  quantity: number;
  productId: string | null;
  exchangeVariantId: string | null;
  orderItem: { nameEn: string; nameAr: string; imageUrl: string; priceFils: number; variantId: string | null; optionValues: Prisma.JsonValue };
};

/**
 * The exchange order's lines: each returned item again, or the variant asked for instead, read now (still of the
 * same product, not hidden, not dearer than the price paid: else 409). A product without options sells from its own
 * row, as orders do.
 */
async function exchangeLines(tx: Tx, items: ExchangedItem[]) {
  const productIds = [...new Set(items.map((item) => item.productId).filter((productId): productId is string => Boolean(productId)))];
  const products = await tx.product.findMany({
    where: { id: { in: productIds } },
    select: { id: true, hasOptions: true, variants: { select: { id: true, optionValues: true, priceFils: true, imageUrl: true, isHidden: true } } },
  });
  return items.map((item) => {
    const product = products.find((row) => row.id === item.productId);
    if (!product) throw new ReturnError("outOfStock", 409);
    const same = {
      productId: product.id,
      quantity: item.quantity,
      nameEn: item.orderItem.nameEn,
      nameAr: item.orderItem.nameAr,
      imageUrl: item.orderItem.imageUrl,
      priceFils: item.orderItem.priceFils,
      variantId: product.hasOptions ? item.orderItem.variantId : null,
      optionValues: item.orderItem.optionValues ?? [],
    };
    if (!item.exchangeVariantId || item.exchangeVariantId === item.orderItem.variantId) return same;
    const variant = product.hasOptions ? product.variants.find((row) => row.id === item.exchangeVariantId && !row.isHidden) : undefined;
    if (!variant) throw new ReturnError("badVariant", 409);
    if (variant.priceFils > item.orderItem.priceFils) throw new ReturnError("dearerVariant", 409);
    return { ...same, variantId: variant.id, optionValues: variant.optionValues ?? [], imageUrl: variant.imageUrl ?? item.orderItem.imageUrl, priceFils: variant.priceFils };
  });
}
