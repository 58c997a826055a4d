import crypto from "node:crypto";
import { isConstraintRefusal, prisma, type Prisma } from "~/db.server";
import { orderItemTags, OrderPhoneLimitedError, checkOrderPhone } from "~/models/orders/index.server";
import { paymentPathOf } from "~/models/payments/index.server";
import { nudgeOutbox, orderContacts, queueEmail, queueShopperMessages } from "~/models/messaging/index.server";
import { returnRequestNoticeMail } from "~/mail/owner-notices.server";
import { optionTexts, type OptionText } from "~/models/catalogue/index.server";
import { filsToKD } from "~/shared/money";
import { isWithinReturnWindow, returnRefundFils, type ReturnReason, type ReturnResolution } from "~/shared/returns";

/**
 * A shopper's return of delivered items (CONTRACT.md "Returns and exchanges", issue 32). Each line is an order item:
 * its `returnedQuantity` only grows through one conditional update, so two requests for the same item at once
 * cannot together ask back more than was bought.
 */

export type ReturnFailure =
  | "notFound"
  | "wrongPhone"
  | "notDelivered"
  | "windowClosed"
  | "notInOrder"
  | "tooMany"
  | "personalised"
  | "noItems"
  | "badTransition"
  | "overRefund"
  | "outOfStock"
  | "busy"
  | "badVariant"
  | "variantSoldOut"
  | "variantWithRefund";

export class ReturnError extends Error {
  constructor(
    readonly reason: ReturnFailure,
    readonly status: 400 | 403 | 404 | 409,
  ) {
    super(reason);
  }
}

/** `RET-` and 12 random digits: unique by the database's constraint, as order numbers are. */
export function newReturnNumber(): string {
  const high = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  const low = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  return `RET-${high}${low}`;
}

/** `variantId`: the variant bought (two colours are two lines); `exchangeVariantId`: an exchange's wanted variant of the line's product. */
export type ReturnLineInput = { orderItemId?: string; productId?: string | null; variantId?: string | null; quantity: number; reason: ReturnReason; exchangeVariantId?: string | null };

export type RequestReturnInput = {
  orderNumber: string;
  /** a signed-in shopper: enough when the order is theirs */
  customerId?: string | null;
  /** anyone else: the order's phone (its 8 digits) */
  phone?: string | null;
  /** the client's address (`clientAddress(context)`), whose wrong phones are counted; direct calls share "unknown" */
  address?: string;
  items: ReturnLineInput[];
  resolution: ReturnResolution;
  notes?: string | null;
  now?: Date;
};

export const returnSelect = {
  id: true,
  number: true,
  status: true,
  resolution: true,
  notes: true,
  refundFils: true,
  refundId: true,
  exchangeOrderId: true,
  createdAt: true,
  updatedAt: true,
  order: { select: { id: true, orderNumber: true } },
  items: {
    orderBy: { id: "asc" },
    select: {
      id: true,
      orderItemId: true,
      productId: true,
      quantity: true,
      reason: true,
      restocked: true,
      exchangeVariantId: true,
      exchangeOptionValues: true,
      orderItem: { select: { nameEn: true, nameAr: true, priceFils: true, imageUrl: true, variantId: true, optionValues: true } },
    },
  },
} satisfies Prisma.ReturnSelect;

export type ReturnRow = Prisma.ReturnGetPayload<{ select: typeof returnSelect }>;

/**
 * An exchange's order as its return reads it: what it is due (0: a free exchange) and its payment's state; while it
 * is unpaid and its hold lasts, the path of its payment page (decision 0061).
 */
export type ReturnExchangeOrder = { orderNumber: string; amountDue: number; paymentStatus: string; payUrl: string | null };

/** The exchange orders of these returns, by order id; no query when none has one. */
export async function exchangeOrdersOf(rows: { exchangeOrderId: string | null }[], now = new Date()): Promise<Map<string, ReturnExchangeOrder>> {
  const ids = [...new Set(rows.flatMap((row) => (row.exchangeOrderId ? [row.exchangeOrderId] : [])))];
  if (!ids.length) return new Map();
  const orders = await prisma.order.findMany({
    where: { id: { in: ids } },
    select: {
      id: true,
      orderNumber: true,
      totalFils: true,
      paymentStatus: true,
      reservedUntil: true,
      payments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 1, select: { id: true } },
    },
  });
  return new Map(
    orders.map((order) => {
      const payable = order.paymentStatus === "unpaid" && order.reservedUntil !== null && order.reservedUntil > now && order.payments.length > 0;
      const payUrl = payable ? paymentPathOf(order.payments[0].id) : null;
      return [order.id, { orderNumber: order.orderNumber, amountDue: filsToKD(order.totalFils), paymentStatus: order.paymentStatus, payUrl }];
    }),
  );
}

/** A return with its exchange order's state, as the shopper's and the owner's answers read it. */
export type ReturnRead = ReturnRow & { exchangeOrder: ReturnExchangeOrder | null };

/** Each return with its exchange order (one query for all of them, none when none has one). */
export async function withExchangeOrders<Row extends ReturnRow>(rows: Row[]): Promise<(Row & { exchangeOrder: ReturnExchangeOrder | null })[]> {
  const exchanges = await exchangeOrdersOf(rows);
  return rows.map((row) => ({ ...row, exchangeOrder: (row.exchangeOrderId ? exchanges.get(row.exchangeOrderId) : undefined) ?? null }));
}

/** The returns of some orders, as each order's `returns`, oldest first; no query for none. */
export async function returnsOfOrders(orderIds: string[]): Promise<Map<string, ReturnRead[]>> {
  if (!orderIds.length) return new Map();
  const rows = await withExchangeOrders(await prisma.return.findMany({ where: { orderId: { in: orderIds } }, orderBy: { createdAt: "asc" }, select: returnSelect }));
  const byOrder = new Map<string, ReturnRead[]>();
  for (const row of rows) byOrder.set(row.order.id, [...(byOrder.get(row.order.id) ?? []), row]);
  return byOrder;
}

const orderForReturn = {
  id: true,
  orderNumber: true,
  customerId: true,
  phone: true,
  status: true,
  paymentStatus: true,
  deliveredAt: true,
  subtotalFils: true,
  discountFils: true,
  totalFils: true,
  exchangeForOrderNumber: true,
  items: {
    orderBy: { id: "asc" },
    select: {
      id: true,
      productId: true,
      nameEn: true,
      nameAr: true,
      priceFils: true,
      quantity: true,
      returnedQuantity: true,
      customTags: true,
      variantId: true,
      product: {
        select: {
          hasOptions: true,
          variants: { where: { isHidden: false }, orderBy: [{ position: "asc" }, { id: "asc" }], select: { id: true, optionValues: true, priceFils: true, stockQuantity: true } },
        },
      },
    },
  },
} satisfies Prisma.OrderSelect;

export type OrderForReturn = Prisma.OrderGetPayload<{ select: typeof orderForReturn }>;

/** A line of the order as the request page offers it: how many are left to return, and whether it may be. */
export function returnableLines(order: OrderForReturn) {
  return order.items.map((item) => ({
    orderItemId: item.id,
    productId: item.productId,
    name: { en: item.nameEn, ar: item.nameAr },
    quantityLeft: item.quantity - item.returnedQuantity,
    personalised: orderItemTags(item.customTags).some((tag) => tag.value.trim() !== ""),
    variantId: item.variantId,
    /** the unit price paid, which a dearer variant is shown against */
    priceFils: item.priceFils,
    /**
     * a product with options: the other variants an exchange may ask for instead, those for sale now (stockQuantity
     * is what is left once holds are taken); a dearer one: the difference is paid
     */
    variants: item.product?.hasOptions
      ? item.product.variants
          .filter((variant) => variant.id !== item.variantId && variant.stockQuantity > 0)
          .map((variant) => ({ id: variant.id, optionValues: optionTexts(variant.optionValues), priceFils: variant.priceFils }))
      : [],
  }));
}

/**
 * The paid order a shopper may see and ask returns of: theirs when signed in, or with its phone through the guard of
 * every lookup by number and phone (limits checked before the phone is compared). Answers null for an unknown (or
 * unpaid) order; throws wrongPhone for anyone else, and OrderPhoneLimitedError once the guesses are spent.
 */
export async function orderForShopperReturn(orderNumber: string, who: { customerId?: string | null; phone?: string | null; address?: string }) {
  const order = await prisma.order.findUnique({ where: { orderNumber }, select: orderForReturn });
  if (!order || order.paymentStatus !== "paid") return null;
  if (who.customerId && order.customerId === who.customerId) return order;
  const checked = await checkOrderPhone(order, who.phone, who.address ?? "unknown");
  if (checked.kind === "limited") throw new OrderPhoneLimitedError(checked.retryAfterSeconds);
  if (checked.kind === "wrongPhone") throw new ReturnError("wrongPhone", 403);
  return order;
}

/** Why the order takes no return now, or null when it does. */
export function returnWindowProblem(order: Pick<OrderForReturn, "status" | "deliveredAt">, now: Date): "notDelivered" | "windowClosed" | null {
  if (order.status !== "delivered" || !order.deliveredAt) return "notDelivered";
  return isWithinReturnWindow(order.deliveredAt, now) ? null : "windowClosed";
}

/**
 * The variant an exchange line asks for: one not hidden of the line's own product (with options), else badVariant;
 * with `quantity` units for sale now, else variantSoldOut (the owner would learn it only once the item came back).
 */
function wantedVariant(items: OrderForReturn["items"], variantId: string, quantity: number) {
  const variant = items.flatMap((item) => (item.product?.hasOptions ? item.product.variants : [])).find((row) => row.id === variantId);
  if (!variant) throw new ReturnError("badVariant", 409);
  const bought = items.some((item) => item.variantId === variantId);
  if (!bought && variant.stockQuantity < quantity) throw new ReturnError("variantSoldOut", 409);
  return { id: variant.id, optionValues: optionTexts(variant.optionValues) };
}

/** Each asked line matched to an order item, quantities checked against what is left (before the race-safe update). */
function matchLines(order: OrderForReturn, lines: ReturnLineInput[], resolution: ReturnResolution) {
  const lines_ = lines.filter((line) => line.quantity > 0);
  if (!lines_.length) throw new ReturnError("noItems", 409);
  // A variant asked for means an exchange: with a refund it would be dropped without a word (decision 0078).
  if (resolution === "refund" && lines_.some((line) => line.exchangeVariantId)) throw new ReturnError("variantWithRefund", 400);
  const wanted = new Map<string, { quantity: number; reason: ReturnReason; exchange: { id: string; optionValues: OptionText[] } | null }>();
  for (const line of lines_) {
    // By the order line, or by the product (and, for one with options, the variant bought: two colours are two lines).
    const candidates = order.items.filter((item) =>
      line.orderItemId ? item.id === line.orderItemId : line.productId && item.productId === line.productId && (!line.variantId || item.variantId === line.variantId),
    );
    if (!candidates.length) throw new ReturnError("notInOrder", 409);
    const plain = candidates.filter((item) => !orderItemTags(item.customTags).some((tag) => tag.value.trim() !== ""));
    if (!plain.length) throw new ReturnError("personalised", 409);
    const exchange = line.exchangeVariantId ? wantedVariant(plain, line.exchangeVariantId, line.quantity) : null;
    // A product bought in several plain lines: the quantity is taken from the first lines with units left.
    let left = line.quantity;
    for (const item of plain) {
      const already = wanted.get(item.id)?.quantity ?? 0;
      const take = Math.min(left, item.quantity - item.returnedQuantity - already);
      if (take <= 0) continue;
      wanted.set(item.id, { quantity: already + take, reason: line.reason, exchange: exchange ?? wanted.get(item.id)?.exchange ?? null });
      left -= take;
      if (left === 0) break;
    }
    if (left > 0) throw new ReturnError("tooMany", 409);
  }
  return wanted;
}

type Discounted = { subtotalFils: number; discountFils: number };

/**
 * The figures a return of the order's items shares its discount by (decision 0110): the order's own, except for an
 * exchange's order, whose "discount" is the credit for the items it replaced. Its items carry what was paid for those
 * (their price less their share of their order's discount) plus the difference paid on the exchange order, so its
 * discount here is its subtotal less that value: a same-price exchange returned later is worth what the first order
 * paid for the item, never 0. An exchange of an exchange counts its first order's figures the same way.
 */
export async function refundBasis(
  client: Prisma.TransactionClient | typeof prisma,
  order: { id: string; subtotalFils: number; discountFils: number; totalFils: number; exchangeForOrderNumber: string | null },
  depth = 0,
): Promise<Discounted> {
  if (!order.exchangeForOrderNumber || depth > 8) return order;
  const source = await client.return.findFirst({
    where: { exchangeOrderId: order.id },
    select: {
      order: { select: { id: true, subtotalFils: true, discountFils: true, totalFils: true, exchangeForOrderNumber: true } },
      items: { select: { quantity: true, orderItem: { select: { priceFils: true } } } },
    },
  });
  if (!source) return order;
  const sourceBasis = await refundBasis(client, source.order, depth + 1);
  const creditFils = source.items.reduce((sum, item) => sum + returnRefundFils(item.quantity * item.orderItem.priceFils, sourceBasis), 0);
  return { subtotalFils: order.subtotalFils, discountFils: order.subtotalFils - (order.totalFils + creditFils) };
}

/**
 * What a return of `itemsFils` of products is owed: their price less their share of the order's discount, the share
 * rounded cumulatively (the share of all the units taken back so far, this return's included, less the share of those
 * taken before it), so units returned one at a time add up, fils for fils, to the same units returned together: the
 * last one takes the remainder (probe 6, item 6). `beforeFils`: the price of the units earlier returns took.
 */
export function takenRefundFils(itemsFils: number, beforeFils: number, order: Discounted): number {
  if (order.subtotalFils <= 0) return 0;
  const shareUpTo = (fils: number) => Math.round((order.discountFils * fils) / order.subtotalFils);
  return Math.max(0, itemsFils - (shareUpTo(beforeFils + itemsFils) - shareUpTo(beforeFils)));
}

/**
 * Records a shopper's return request: checks who asks, the order's delivery and 14-day window (Kuwait days), and
 * each line, then in one transaction takes the units (a conditional update per order item: of two requests racing
 * for the last unit one wins, the other is refused and writes nothing) and writes the return with its first history
 * row. The refund it will be owed is fixed now: the items' price less their share of the discount code.
 */
export async function requestReturn(input: RequestReturnInput) {
  const now = input.now ?? new Date();
  const order = await orderForShopperReturn(input.orderNumber, input);
  if (!order) throw new ReturnError("notFound", 404);
  const problem = returnWindowProblem(order, now);
  if (problem) throw new ReturnError(problem, 409);
  const wanted = matchLines(order, input.items, input.resolution);
  const itemsFils = [...wanted].reduce((sum, [id, line]) => sum + line.quantity * order.items.find((item) => item.id === id)!.priceFils, 0);
  const basis = await refundBasis(prisma, order);

  for (let attempt = 0; ; attempt++) {
    try {
      const id = await prisma.$transaction(async (tx) => {
        for (const [orderItemId, line] of wanted) {
          const item = order.items.find((row) => row.id === orderItemId)!;
          // Written first, so SQLite's write lock is taken before anything is read; the condition is the race's referee.
          const taken = await tx.orderItem.updateMany({
            where: { id: orderItemId, returnedQuantity: { lte: item.quantity - line.quantity } },
            data: { returnedQuantity: { increment: line.quantity } },
          });
          if (taken.count !== 1) throw new ReturnError("tooMany", 409);
        }
        // Read after the units are taken, so what earlier returns took is counted as it now stands.
        const lines = await tx.orderItem.findMany({ where: { orderId: order.id }, select: { priceFils: true, returnedQuantity: true } });
        const takenFils = lines.reduce((sum, line) => sum + line.returnedQuantity * line.priceFils, 0);
        const refundFils = takenRefundFils(itemsFils, takenFils - itemsFils, basis);
        const created = await tx.return.create({
          data: {
            number: newReturnNumber(),
            orderId: order.id,
            resolution: input.resolution,
            notes: input.notes?.trim() || null,
            refundFils,
            items: {
              create: [...wanted].map(([orderItemId, line]) => ({
                orderItemId,
                productId: order.items.find((item) => item.id === orderItemId)!.productId,
                quantity: line.quantity,
                reason: line.reason,
                // Only an exchange swaps a size or colour; a refund's wanted variant means nothing.
                ...(input.resolution === "exchange" && line.exchange
                  ? { exchangeVariantId: line.exchange.id, exchangeOptionValues: line.exchange.optionValues }
                  : {}),
              })),
            },
            statusChanges: { create: { toStatus: "requested", changedBy: "shopper" } },
          },
          select: { id: true, number: true },
        });
        await queueRequestMessages(tx, order.id, created, input);
        return created.id;
      });
      nudgeOutbox();
      const [created] = await withExchangeOrders([await prisma.return.findUniqueOrThrow({ where: { id }, select: returnSelect })]);
      return created;
    } catch (error) {
      if (attempt < 3 && isConstraintRefusal(error, "unique", "Return", "number")) continue;
      throw error;
    }
  }
}

/**
 * A request's messages, in its transaction (decision 0054): the shopper's confirmation in the order's language, by
 * the channels a decision would use, and the owner's notice of what comes back and what is wanted instead.
 */
async function queueRequestMessages(tx: Prisma.TransactionClient, orderId: string, created: { id: string; number: string }, input: RequestReturnInput) {
  const contacts = await orderContacts(tx, orderId);
  if (contacts) await queueShopperMessages(tx, contacts, "returnDecision", { returnNumber: created.number, status: "requested", note: "" });
  const row = await tx.return.findUniqueOrThrow({
    where: { id: created.id },
    select: {
      order: { select: { orderNumber: true, fullName: true, phone: true } },
      items: { orderBy: { id: "asc" }, select: { quantity: true, reason: true, exchangeOptionValues: true, orderItem: { select: { nameEn: true, nameAr: true } } } },
    },
  });
  const mail = returnRequestNoticeMail({
    returnId: created.id,
    returnNumber: created.number,
    orderNumber: row.order.orderNumber,
    fullName: row.order.fullName,
    phone: row.order.phone,
    resolution: input.resolution,
    notes: input.notes?.trim() || null,
    items: row.items.map((item) => ({
      nameEn: item.orderItem.nameEn,
      nameAr: item.orderItem.nameAr,
      quantity: item.quantity,
      reason: item.reason as ReturnReason,
      exchangeOptionValues: optionTexts(item.exchangeOptionValues),
    })),
  });
  await queueEmail(tx, { to: mail.to, kind: "mail", language: "en", params: { subject: mail.subject, text: mail.text, html: mail.html } });
}

/**
 * What the shopper sees of an order's returns where they may read it (My Orders, or /view-invoice with the phone):
 * its returns, and whether a new request is open (delivered, within the window, a returnable unit left).
 */
export async function orderReturnsSummary(orderNumber: string, now = new Date()) {
  const order = await prisma.order.findUnique({ where: { orderNumber }, select: orderForReturn });
  if (!order) return null;
  const returns = (await returnsOfOrders([order.id])).get(order.id) ?? [];
  return { returns, canRequest: canRequestReturn(order, now) };
}

export function canRequestReturn(order: OrderForReturn, now: Date): boolean {
  return returnWindowProblem(order, now) === null && returnableLines(order).some((line) => !line.personalised && line.quantityLeft > 0);
}

/** Of these orders, the ids of those that take a return request now (for My Orders' "Request a return" links). */
export async function ordersOpenForReturn(orderIds: string[], now = new Date()): Promise<Set<string>> {
  if (!orderIds.length) return new Set();
  const orders = await prisma.order.findMany({ where: { id: { in: orderIds }, status: "delivered" }, select: orderForReturn });
  return new Set(orders.filter((order) => canRequestReturn(order, now)).map((order) => order.id));
}
