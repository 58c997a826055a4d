import crypto from "node:crypto";
import type { Campaign } from "~/shared/campaign";
import { databaseEngine, isConstraintRefusal, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { getEnv } from "~/env.server";
import type { Language } from "~/shared/language";
import { priceOrderLines, type CartLine, type PricedLine } from "./cart.server";
import { getPlacingSettings, orderableAreaIn, type ShopSettings } from "~/models/shop/index.server";
import { checkCoupon, type CouponProblem, type UsableCoupon } from "./coupon.server";
import {
  checkHolds,
  clientLockKeys,
  HOLD_LIMITS,
  holdEndOf,
  earlierOrderHolding,
  holdRefusalOf,
  shortProductOf,
  stockTakesOf,
  takeStock,
  type EarlierOrder,
  type HoldLine,
} from "./stock-hold.server";
import { orderTotals } from "~/shared/order-totals";
import { ordersPlaced } from "~/utils/metrics.server";
import { deliveryAddressSelect } from "./order-address.server";
import { insertOrder } from "./order-insert.server";
import { promisedDayOf } from "./promised-date.server";
import { firstReminderAt } from "./reminder-schedule.server";
import { chosenSlotOf, takeSlotPlace, type ChosenSlot } from "./delivery-slot.server";

export type OrderErrorCode =
  | "emptyCart"
  | "unknownCity"
  | "unavailable"
  | "outOfStock"
  | "requiredTag"
  | "holdLimit"
  | "heldByUnpaidOrder"
  | "coupon"
  | "variantRequired"
  | "giftWrapUnavailable"
  | "deliverySlotRequired"
  | "deliverySlotClosed"
  | "deliverySlotFull"
  | "orderTooLarge"
  | "pricesChanged";

/** A refusal the shopper can act on; `status` is the HTTP status the API answers with. */
export class OrderError extends Error {
  constructor(
    readonly code: OrderErrorCode,
    readonly status: 400 | 409 | 429,
    readonly productName?: { en: string; ar: string },
    /** with code "coupon": what is wrong with the discount code, and the code's minimum when it is not reached */
    readonly coupon?: { problem: CouponProblem; minProductsFils?: number },
    /** with code "heldByUnpaidOrder": the client's earlier unpaid order that holds the product (docs/decisions/0077) */
    readonly earlier?: EarlierOrder,
  ) {
    super(code);
  }
}

/** Used-up codes are a conflict with other shoppers (409); the rest are the shopper's input (400). */
export function couponError(problem: CouponProblem, minProductsFils?: number): OrderError {
  return new OrderError("coupon", problem === "usedUp" || problem === "alreadyUsed" ? 409 : 400, undefined, { problem, minProductsFils });
}

/** The shopper's contact and address as an order keeps them; the checkout schema's output is one of these. */
export type OrderDetails = {
  fullName: string;
  email: string;
  phone: string;
  buildingType: string;
  city: string;
  street: string;
  streetNumber: string;
  block: string;
  buildingNumber: string;
  floor?: string;
  apartmentNumber?: string;
  notes?: string;
  /** the shopper agreed at checkout to hear of the order on WhatsApp */
  notifyWhatsApp?: boolean;
};

export type PlaceOrderInput = {
  details: OrderDetails;
  lines: CartLine[];
  customerId: string | null;
  language: Language;
  /** The client's address (clientAddress); with it, or a customerId, the hold caps apply. Only its HMAC is stored. */
  clientAddress?: string | null;
  /** A discount code as the shopper typed it; blank means none. */
  couponCode?: string | null;
  /** issue 48: "This is a gift", with what the shopper gave of it (the recipient's phone as 8 digits) */
  gift?: GiftInput | null;
  /** issue 48: the delivery window wanted; required once the owner has windows */
  deliverySlot?: { date: string; windowId: string } | null;
  /** The products' total the checkout showed the shopper: an order priced otherwise is refused (`pricesChanged`). */
  shownSubtotalFils?: number | null;
  /** The campaign the shopper came from (app/cookies/campaign.server.ts), already checked; none for a direct visit. */
  campaign?: Campaign | null;
};

export type GiftInput = { note?: string; wrap?: boolean; recipientName?: string; recipientPhone?: string };

/** A keyed hash of the client's address: enough to count its holds, useless to anyone without the session secret. */
export function clientHashOf(address: string): string {
  return crypto.createHmac("sha256", getEnv().sessionSecrets[0]).update(`order-client:${address}`).digest("base64url");
}

export type PlacedOrder = { id: string; orderNumber: string; totalFils: number; email: string; language: string };

/** `ORD-` and 12 random digits: unique by the database's constraint, and not guessable from a neighbour. */
export function newOrderNumber(): string {
  const high = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  const low = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  return `ORD-${high}${low}`;
}

function isUniqueViolation(error: unknown): boolean {
  return isConstraintRefusal(error, "unique", "Order", "orderNumber");
}

/**
 * Creates an unpaid order from the cart. Every price and the delivery fee come from the database; the stock is
 * taken with one conditional UPDATE per product inside the transaction, so two buyers can never both get the
 * last item and stock never goes below zero.
 */
export async function placeOrder(input: PlaceOrderInput, now = new Date()): Promise<PlacedOrder> {
  if (input.lines.length === 0) throw new OrderError("emptyCart", 400);
  // By its English or Arabic name (CONTRACT.md "Delivery areas"); the order keeps the English one and today's fee.
  // Both kept reads in one turn, so one reading of the catalogue's version serves them (one round trip on PostgreSQL).
  const [{ shop: settings, slots, areas }, priced] = await Promise.all([getPlacingSettings(), priceOrderLines(input.lines)]);
  const area = orderableAreaIn(areas, input.details.city);
  if (!area) throw new OrderError("unknownCity", 400);
  const placing = { ...input, details: { ...input.details, city: area.nameEn } };
  const slot = chosenSlotOf(input.deliverySlot, now, slots);
  if (slot === "deliverySlotRequired") throw new OrderError(slot, 400);
  if (slot === "deliverySlotClosed") throw new OrderError(slot, 409);
  // An order over the holds' caps alone could never be held (decision 0015): it is told so, not that earlier
  // unpaid orders hold products when there are none.
  if ((input.clientAddress || input.customerId) && overHoldCaps(input.lines)) throw new OrderError("orderTooLarge", 400);

  for (let attempt = 0; ; attempt++) {
    try {
      const placed = await createOrder(placing, priced, area.feeFils, slot, settings, now);
      ordersPlaced.inc();
      return placed;
    } catch (error) {
      if (!(isUniqueViolation(error) || isRetryableConflict(error)) || attempt >= 2) throw error;
    }
  }
}

/** More units than one client may hold unpaid: in all, or of one product (or variant). */
function overHoldCaps(lines: PlaceOrderInput["lines"]): boolean {
  const perPiece = new Map<string, number>();
  for (const line of lines) perPiece.set(line.variantId ?? line.productId, (perPiece.get(line.variantId ?? line.productId) ?? 0) + line.quantity);
  const units = [...perPiece.values()].reduce((sum, quantity) => sum + quantity, 0);
  return units > HOLD_LIMITS.heldUnits || [...perPiece.values()].some((quantity) => quantity > HOLD_LIMITS.heldUnitsPerProduct);
}

/** PostgreSQL aborts one of two transactions that wait on each other's rows, or (rarely) fails to serialize one. */
function isRetryableConflict(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /Code: `40P01`|Code: `40001`|deadlock detected/.test(text);
}

async function createOrder(
  input: PlaceOrderInput,
  priced: PricedLine[],
  deliveryFeeFils: number,
  slot: ChosenSlot | null,
  settings: ShopSettings,
  now: Date,
): Promise<PlacedOrder> {
  const { details } = input;
  const holds: HoldLine[] = [];
  const items = priced.map(({ line, product, unit }) => {
    // A product with options is bought as one of its variants (issue 31): a line must name one of its own.
    if (product && !unit) throw new OrderError("variantRequired", 400, names(product));
    // The pricing leaves out a hidden product, one in a hidden category and a deleted one: none of them is for sale.
    if (!product || !unit || !unit.isAvailable) throw new OrderError("unavailable", 409, product ? names(product) : undefined);
    holds.push({ productId: product.id, variantId: unit.holdVariantId, quantity: line.quantity });
    const customTags = product.customTags.map((tag, index) => ({
      titleEn: tag.titleEn,
      titleAr: tag.titleAr,
      value: (line.customTags[index] ?? "").trim(),
    }));
    if (customTags.some((tag, index) => product.customTags[index].required && tag.value === "")) {
      throw new OrderError("requiredTag", 400, names(product));
    }
    return {
      productId: product.id,
      nameEn: product.nameEn,
      nameAr: product.nameAr,
      imageUrl: unit.imageUrl,
      priceFils: unit.priceFils,
      quantity: line.quantity,
      customTags: customTags.filter((tag) => tag.value !== ""),
      variantId: unit.variantId,
      optionValues: unit.optionValues,
    };
  });
  const subtotalFils = items.reduce((sum, item) => sum + item.priceFils * item.quantity, 0);
  // A price changed (or the cart did) since the checkout was drawn: the shopper pays only a total she has seen.
  if (input.shownSubtotalFils != null && input.shownSubtotalFils !== subtotalFils) throw new OrderError("pricesChanged", 409);
  const coupon = await couponFor(input, subtotalFils, now);
  const totals = orderTotals({ productsTotalFils: subtotalFils, deliveryFeeFils, coupon, freeDeliveryFromFils: settings.freeDeliveryFromFils });
  const gift = input.gift ?? null;
  // Wrapping is a line of its own at the owner's price of the moment; asked for when she offers none, it is refused.
  if (gift?.wrap && settings.giftWrapFils === null) throw new OrderError("giftWrapUnavailable", 400);
  const giftWrapFils = gift?.wrap ? (settings.giftWrapFils ?? 0) : 0;

  // The units move from sale to held in the same batch (app/models/orders/stock-hold.server.ts): no order without its stock.
  const takes = stockTakesOf(holds);
  const clientHash = input.clientAddress ? clientHashOf(input.clientAddress) : null;
  const orderId = crypto.randomUUID();
  const orderNumber = newOrderNumber();
  const totalFils = totals.totalFils + giftWrapFils;
  const capped = Boolean(clientHash || input.customerId);
  const order = {
    id: orderId,
    orderNumber,
    customerId: input.customerId,
    language: input.language,
    fullName: details.fullName,
    email: details.email.toLowerCase(),
    phone: details.phone,
    buildingType: details.buildingType,
    city: details.city,
    street: details.street,
    streetNumber: details.streetNumber,
    block: details.block,
    buildingNumber: details.buildingNumber,
    floor: details.floor || null,
    apartmentNumber: details.apartmentNumber || null,
    notes: details.notes || null,
    subtotalFils,
    deliveryFeeFils: totals.deliveryFeeFils ?? 0,
    totalFils,
    reservedUntil: holdEndOf(now),
    // The reminder job finds the order by this when it is still unpaid then (decision 0085).
    nextReminderAt: firstReminderAt(now),
    clientHash,
    couponCode: coupon?.code ?? null,
    discountFils: totals.discountFils,
    // Kept only when the shop can send WhatsApp: the checkout offers the choice only then (issue 43, point 5), and a
    // choice posted anyway must not turn into WhatsApp messages once it is configured later.
    notifyWhatsApp: details.notifyWhatsApp === true && getEnv().whatsApp !== null,
    // The chosen window's day, or the placing day plus the owner's delivery days.
    promisedBy: promisedDayOf(now, slot?.date ?? null, settings.deliveryDays),
    isGift: gift !== null,
    giftNote: gift?.note?.trim() || null,
    giftWrap: Boolean(gift?.wrap),
    giftWrapFils,
    giftRecipientName: gift?.recipientName?.trim() || null,
    giftRecipientPhone: gift?.recipientPhone || null,
    deliveryDate: slot?.date ?? null,
    deliveryWindowId: slot?.windowId ?? null,
    deliveryFrom: slot?.from ?? null,
    deliveryTo: slot?.to ?? null,
    utmSource: input.campaign?.utmSource ?? null,
    utmMedium: input.campaign?.utmMedium ?? null,
    utmCampaign: input.campaign?.utmCampaign ?? null,
  };
  // PostgreSQL takes the stock in the order's own statement, unless a delivery window's row must be locked first.
  const stockInOrder = databaseEngine === "postgresql" && !slot;
  const use = coupon ? couponUseOf(coupon, orderId, details, now) : null;
  const lockKeys = [...(capped ? clientLockKeys([clientHash, input.customerId]) : []), ...(use?.lockKeys ?? [])].sort();
  const writeOrder = insertOrder(order, items, now, lockKeys, stockInOrder ? takes : [], use ? [use.insert] : []);
  // The window after the locks and before the stock: every placing takes its locks in this one order.
  const takeSlot = slot ? takeSlotPlace(slot, now) : [];
  const stock = stockInOrder ? [] : takeStock(takes);
  const limits = capped ? [checkHolds(orderId, clientHash, input.customerId, now)] : [];
  try {
    // The stock UPDATEs come last but the checks: a product's row stays locked from its UPDATE to the commit, so
    // on PostgreSQL, where buyers of one popular product queue for that lock, the queue moves as fast as it can.
    // One statement is atomic by itself: without BEGIN and COMMIT it is one round trip on PostgreSQL.
    const batch = [...writeOrder, ...takeSlot, ...stock, ...(use?.check ?? []), ...limits];
    await (batch.length === 1 ? batch[0] : prisma.$transaction(batch));
    return { id: orderId, orderNumber, totalFils, email: details.email.toLowerCase(), language: input.language };
  } catch (error) {
    const refusal = holdRefusalOf(error);
    if (refusal === "holdLimit") throw new OrderError("holdLimit", 429);
    if (refusal === "heldByUnpaidOrder") {
      const earlier = await earlierOrderHolding(holds, clientHash, input.customerId, now);
      const product = items.find((item) => item.productId === earlier?.productId) ?? items[0];
      throw new OrderError("heldByUnpaidOrder", 409, names(product), undefined, earlier ?? undefined);
    }
    if (isConstraintRefusal(error, "notNull", "CouponUse", "couponId")) throw couponError("usedUp");
    if (isConstraintRefusal(error, "notNull", "CouponUse", "email")) throw couponError("usedUp");
    if (isConstraintRefusal(error, "notNull", "CouponUse", "phone")) throw couponError("alreadyUsed");
    if (isConstraintRefusal(error, "notNull", "DeliveryWindow", "capacity")) throw new OrderError("deliverySlotFull", 409);
    if (refusal !== "outOfStock") throw error;
    const short = await shortProductOf(holds);
    throw new OrderError("outOfStock", 409, names(items.find((item) => item.productId === short)!));
  }
}

/** The shopper's code checked against this cart; throws the code's own refusal, so no order is placed at a wrong total. */
async function couponFor(input: PlaceOrderInput, productsTotalFils: number, now: Date): Promise<UsableCoupon | null> {
  const code = input.couponCode?.trim();
  if (!code) return null;
  const check = await checkCoupon(code, productsTotalFils, { email: input.details.email, phone: input.details.phone }, now);
  if (!check.ok) throw couponError(check.problem, check.minProductsFils);
  return check.coupon;
}

/**
 * The placing batch's part for a discount code (docs/decisions/0096). The use is a row of its own, inserted with the
 * order; its code comes from a subquery that finds it only while it is on and current, else NULL (refused: used up).
 * No statement writes the code's row, so orders with a code without limits do not queue for it: on PostgreSQL their
 * placing stays one statement.
 *
 * A code with limits adds one UPDATE of the new use, after the order's statement: it writes NULL in its e-mail when
 * the code's live uses, this one included, pass the code's total (used up), and in its phone when this customer's,
 * by e-mail or phone, pass the code's limit per customer (already used). On SQLite the batch holds the write lock
 * from its first write, so no other use is written between the insert and the count. On PostgreSQL, advisory locks
 * taken in the order's statement queue the orders that one limit counts, and only those: one per code with a total
 * limit, one per code and e-mail and one per code and phone with a limit per customer (two customers of a code
 * limited per customer do not wait for each other). The count is a later statement than the lock, so it sees every
 * use committed before the lock was granted. A use is live while its order is paid or its stock hold has not ended
 * (`liveUseOf`). 20 shoppers racing for the last use: one order is placed, 19 are refused, none at a wrong total.
 */
function couponUseOf(coupon: UsableCoupon, orderId: string, details: OrderDetails, now: Date) {
  const email = details.email.toLowerCase();
  const insert = Prisma.sql`
    INSERT INTO "CouponUse" ("id", "couponId", "orderId", "email", "phone", "createdAt")
    VALUES (${crypto.randomUUID()},
      (SELECT c."id" FROM "Coupon" c WHERE c."id" = ${coupon.id} AND c."isEnabled" = TRUE AND (c."endsAt" IS NULL OR c."endsAt" > ${now})),
      ${orderId}, ${email}, ${details.phone}, ${now})`;
  if (coupon.maxUses === null && coupon.maxUsesPerCustomer === null) return { insert, lockKeys: [], check: [] };
  const live = liveUseOf(now);
  const limit = (column: "maxUses" | "maxUsesPerCustomer") => Prisma.sql`(SELECT c.${Prisma.raw(`"${column}"`)} FROM "Coupon" c WHERE c."id" = ${coupon.id})`;
  const check = prisma.$executeRaw`
    UPDATE "CouponUse" SET
      "email" = CASE WHEN ${limit("maxUses")} IS NULL OR (SELECT COUNT(*) FROM "CouponUse" u JOIN "Order" o ON o."id" = u."orderId"
        WHERE u."couponId" = ${coupon.id} AND ${live}) <= ${limit("maxUses")}
        THEN "email" ELSE NULL END,
      "phone" = CASE WHEN ${limit("maxUsesPerCustomer")} IS NULL OR (SELECT COUNT(*) FROM "CouponUse" u JOIN "Order" o ON o."id" = u."orderId"
        WHERE u."couponId" = ${coupon.id} AND (u."email" = ${email} OR u."phone" = ${details.phone}) AND ${live}) <= ${limit("maxUsesPerCustomer")}
        THEN "phone" ELSE NULL END
    WHERE "orderId" = ${orderId}`;
  const lockKeys =
    databaseEngine !== "postgresql"
      ? []
      : [
          ...(coupon.maxUses !== null ? [`coupon:${coupon.id}`] : []),
          ...(coupon.maxUsesPerCustomer !== null ? [`coupon-customer:${coupon.id}:${email}`, `coupon-customer:${coupon.id}:${details.phone}`] : []),
        ];
  return { insert, lockKeys, check: [check] };
}

/** A code's use counts while its order `o` is paid (or refunded: it was used) or its stock hold has not ended. */
function liveUseOf(now: Date) {
  return Prisma.sql`(o."paymentStatus" <> 'unpaid' OR o."reservedUntil" > ${now})`;
}

function names(product: { nameEn: string; nameAr: string }) {
  return { en: product.nameEn, ar: product.nameAr };
}

export async function getOrderByNumber(orderNumber: string) {
  return prisma.order.findUnique({
    where: { orderNumber },
    select: { id: true, orderNumber: true, status: true, paymentStatus: true, phone: true, customerId: true, createdAt: true },
  });
}

export async function getOrderById(orderId: string) {
  return prisma.order.findUnique({
    where: { id: orderId },
    select: { id: true, orderNumber: true, status: true, paymentStatus: true, phone: true, customerId: true, createdAt: true },
  });
}

/**
 * The details an order was placed with, to fill the checkout form again after its payment failed and its hold ended
 * (docs/decisions/0043). Only for the browser that placed it or its signed-in owner: the caller checks that. Nothing
 * once housekeeping has removed the personal data.
 */
export async function checkoutDetailsOf(orderId: string) {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      customerId: true,
      personalDataRemovedAt: true,
      ...deliveryAddressSelect,
      email: true,
      couponCode: true,
      notifyWhatsApp: true,
    },
  });
  if (!order || order.personalDataRemovedAt) return null;
  const { customerId, personalDataRemovedAt: _removed, floor, apartmentNumber, notes, couponCode, notifyWhatsApp, ...required } = order;
  const optional = { floor: floor ?? "", apartmentNumber: apartmentNumber ?? "", notes: notes ?? "", couponCode: couponCode ?? "" };
  // As the form sends a ticked box, so the checkout shows the choice again.
  return { customerId, details: { ...required, ...optional, notifyWhatsApp: notifyWhatsApp ? "on" : "" } };
}
