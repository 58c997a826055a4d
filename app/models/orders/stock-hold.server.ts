import { databaseEngine, isConstraintRefusal, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { noticeStockReturned } from "~/models/catalogue/index.server";
import { getDeliverySlotSettings } from "~/models/shop/index.server";
import { isWindowOpen, type DeliverySlotSettings } from "~/shared/delivery-slots";
import { logFailure } from "~/utils/logger.server";

/**
 * Stock holds (docs/decisions/0015-stock-holds.md): the one owner of a product's held units. Placing an order takes
 * its units from sale into held; paying sells them (they leave the shop); a failed payment or the hold's end gives
 * them back to sale. Order placing and payments call in here; this module calls neither back.
 */

/** An unpaid order holds its stock this long; then the stock goes back on sale (issue 5). */
export const RESERVATION_MINUTES = 15;

/**
 * What one client may hold at once in unpaid orders whose hold has not ended (docs/decisions/0015-stock-holds.md):
 * a client is its address and, when signed in, its account. A shopper pays within minutes, so these never stop a
 * real purchase, but one client can no longer take a whole catalogue off sale. On top of these, an unpaid order holding
 * a product keeps the client's other unpaid orders from holding it too (`checkHolds`, docs/decisions/0077).
 */
export const HOLD_LIMITS = { unpaidOrders: 3, heldUnits: 20, heldUnitsPerProduct: 10 } as const;

/**
 * A hold that takes more than half of what was for sale of one product (or variant) ends sooner (issue 43,
 * docs/decisions/0077): the last pieces may all be bought at once, but an unpaid order of them keeps them from other
 * shoppers for less time.
 */
export const SHORT_RESERVATION_MINUTES = 10;

/** When a hold taken at `now` ends. */
export function holdEndOf(now: Date, minutes: number = RESERVATION_MINUTES): Date {
  return new Date(now.getTime() + minutes * 60_000);
}

/**
 * One line of an order's stock: a product without options holds on its own row (`variantId` null); a variant of a
 * product with options holds on the variant's row and, as their sum, on its product's (docs/decisions/0060).
 */
export type HoldLine = { productId: string; variantId: string | null; quantity: number };

/** What one client's holds are counted by: the variant, or the product without options. */
function holdKeyOf(line: Pick<HoldLine, "productId" | "variantId">): string {
  return line.variantId ?? line.productId;
}

/** One conditional UPDATE of the placing batch: a variant's row or a product's. */
export type StockTake = { table: "ProductVariant" | "Product"; id: string; quantity: number };

/**
 * The placing batch's stock part: one conditional UPDATE per variant and per product, atomic, and a short one
 * aborts the whole batch, so the order exists only if all of its stock was taken. No two buyers can take the same
 * last item of a variant. The units move from "for sale" to "held": on hand (their sum) does not change until the
 * order is paid. Variants are taken first, then products, each in id order, so two batches on PostgreSQL never wait
 * on each other's rows in a circle.
 */
export function stockTakesOf(lines: HoldLine[]): StockTake[] {
  const variants = new Map<string, number>();
  const products = new Map<string, number>();
  for (const line of lines) {
    if (line.variantId) variants.set(line.variantId, (variants.get(line.variantId) ?? 0) + line.quantity);
    products.set(line.productId, (products.get(line.productId) ?? 0) + line.quantity);
  }
  const byId = ([a]: [string, number], [b]: [string, number]) => (a < b ? -1 : 1);
  return [
    ...[...variants].sort(byId).map(([id, quantity]) => ({ table: "ProductVariant" as const, id, quantity })),
    ...[...products].sort(byId).map(([id, quantity]) => ({ table: "Product" as const, id, quantity })),
  ];
}

/** A take's UPDATE: NULL, which the NOT NULL column refuses, when fewer than `quantity` units are for sale. */
export function stockUpdateOf({ table, id, quantity }: StockTake, after: Prisma.Sql = Prisma.empty): Prisma.Sql {
  return Prisma.sql`
    UPDATE ${Prisma.raw(`"${table}"`)} SET "stockQuantity" = CASE WHEN "stockQuantity" >= ${quantity} THEN "stockQuantity" - ${quantity} ELSE NULL END,
      "heldQuantity" = "heldQuantity" + ${quantity}
    WHERE "id" = ${id} ${after}`;
}

/** The stock part as statements of their own, in `stockTakesOf`'s order. */
export function takeStock(takes: StockTake[]) {
  return takes.map((take) => prisma.$executeRaw(stockUpdateOf(take)));
}

/**
 * PostgreSQL lets several placing batches run at once, unlike SQLite's one writer: a batch with caps takes a lock
 * per client key until commit, before its cap check, so one client's orders are counted one after another and the
 * check sees every earlier one (READ COMMITTED gives each statement a fresh snapshot). SQLite needs nothing. The
 * placing batch takes them in the statement that writes the order (`order-insert.server.ts`): in sorted order, so
 * two batches of the same two keys never wait on each other in a circle.
 */
export function clientLockKeys(keys: (string | null)[]): string[] {
  if (databaseEngine !== "postgresql") return [];
  return [...new Set(keys.filter((key): key is string => Boolean(key)))].sort().map((key) => `order-client:${key}`);
}

/**
 * The last statement of the placing batch, when the order and its stock are written: one UPDATE of the order that
 * nulls its number (which aborts the batch) if the client now holds more than HOLD_LIMITS; nulls its `fullName` when
 * another live unpaid order of the client already holds one of this order's variants (or products without options),
 * so a client never holds more of a product through further unpaid orders (docs/decisions/0077); and shortens its
 * hold to SHORT_RESERVATION_MINUTES when it took more than half of what was for sale of one of them, that is more
 * than is left for sale after it. Both NOT NULL columns are checked in the table's column order, the number first.
 * On SQLite the batch took the write lock at its first write and one writer runs at a time; on PostgreSQL the
 * client's lock orders one client's batches. Either way no concurrent order of the same client is counted or
 * missed: however many arrive together, the caps are never passed and only one of them holds a product. A line
 * names its product's own variant when the product has no options: `v` is then null.
 */
export function checkHolds(orderId: string, clientHash: string | null, customerId: string | null, now: Date) {
  const mine = Prisma.sql`o."paymentStatus" = 'unpaid' AND o."reservedUntil" > ${now}
    AND (o."clientHash" = ${clientHash} OR o."customerId" = ${customerId})`;
  return prisma.$executeRaw`
    UPDATE "Order" SET "orderNumber" = CASE WHEN
      (SELECT COUNT(*) FROM "Order" o WHERE ${mine}) <= ${HOLD_LIMITS.unpaidOrders}
      AND (SELECT COALESCE(SUM(i."quantity"), 0) FROM "OrderItem" i JOIN "Order" o ON o."id" = i."orderId" WHERE ${mine}) <= ${HOLD_LIMITS.heldUnits}
      AND NOT EXISTS (SELECT 1 FROM "OrderItem" i JOIN "Order" o ON o."id" = i."orderId" WHERE ${mine} AND i."productId" IS NOT NULL
        GROUP BY COALESCE(i."variantId", i."productId") HAVING SUM(i."quantity") > ${HOLD_LIMITS.heldUnitsPerProduct})
    THEN "orderNumber" ELSE NULL END,
    "fullName" = CASE WHEN NOT EXISTS (
      SELECT 1 FROM "OrderItem" i JOIN "Order" o ON o."id" = i."orderId"
      WHERE ${mine} AND o."id" <> ${orderId} AND i."productId" IS NOT NULL
        AND COALESCE(i."variantId", i."productId") IN (SELECT COALESCE(n."variantId", n."productId") FROM "OrderItem" n WHERE n."orderId" = ${orderId}))
    THEN "fullName" ELSE NULL END,
    "reservedUntil" = CASE WHEN EXISTS (
      SELECT 1 FROM "OrderItem" n JOIN "Product" p ON p."id" = n."productId"
        LEFT JOIN "ProductVariant" v ON v."id" = n."variantId" AND p."hasOptions" = TRUE
      WHERE n."orderId" = ${orderId}
      GROUP BY COALESCE(n."variantId", n."productId"), p."stockQuantity", v."stockQuantity"
      HAVING SUM(n."quantity") > COALESCE(v."stockQuantity", p."stockQuantity"))
    THEN ${holdEndOf(now, SHORT_RESERVATION_MINUTES)} ELSE "reservedUntil" END
    WHERE "id" = ${orderId}`;
}

/**
 * Which of the hold statements refused the placing batch: each writes NULL into a NOT NULL column (a stock UPDATE
 * that would go below zero, the cap check into the order's number, the earlier-order check into its name).
 */
export function holdRefusalOf(error: unknown): "outOfStock" | "holdLimit" | "heldByUnpaidOrder" | null {
  if (isConstraintRefusal(error, "notNull", "Order", "orderNumber")) return "holdLimit";
  if (isConstraintRefusal(error, "notNull", "Order", "fullName")) return "heldByUnpaidOrder";
  if (isConstraintRefusal(error, "notNull", "Product", "stockQuantity")) return "outOfStock";
  if (isConstraintRefusal(error, "notNull", "ProductVariant", "stockQuantity")) return "outOfStock";
  return null;
}

/** The client's earlier unpaid order that holds one of these lines: the shopper is told to pay for it or cancel it. */
export type EarlierOrder = { productId: string; orderId: string; orderNumber: string; customerId: string | null; orderSessionId: string | null };

/** After a refusal by the earlier-order check: the newest live unpaid order of the client holding one of these lines. */
export async function earlierOrderHolding(lines: HoldLine[], clientHash: string | null, customerId: string | null, now: Date): Promise<EarlierOrder | null> {
  const keys = new Set(lines.map(holdKeyOf));
  const held = await prisma.orderItem.findMany({
    where: {
      productId: { in: [...new Set(lines.map((line) => line.productId))] },
      order: {
        paymentStatus: "unpaid",
        reservedUntil: { gt: now },
        OR: [...(clientHash ? [{ clientHash }] : []), ...(customerId ? [{ customerId }] : [])],
      },
    },
    orderBy: { order: { createdAt: "desc" } },
    select: {
      productId: true,
      variantId: true,
      order: {
        select: { id: true, orderNumber: true, customerId: true, payments: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 1, select: { id: true } } },
      },
    },
  });
  // A line of a product without options names the product's own variant, as the order's items do.
  const item = held.find((candidate) => keys.has(candidate.variantId ?? "") || keys.has(candidate.productId ?? ""));
  if (!item?.productId) return null;
  const { order } = item;
  return { productId: item.productId, orderId: order.id, orderNumber: order.orderNumber, customerId: order.customerId, orderSessionId: order.payments[0]?.id ?? null };
}

/** After a stock refusal: the product of the order's line (its variant, or itself) that has fewer units for sale than the order wants. */
export async function shortProductOf(lines: HoldLine[]): Promise<string> {
  const wanted = new Map<string, { productId: string; quantity: number }>();
  for (const line of lines) {
    const key = holdKeyOf(line);
    wanted.set(key, { productId: line.productId, quantity: (wanted.get(key)?.quantity ?? 0) + line.quantity });
  }
  const keys = [...wanted.keys()];
  const [products, variants] = await Promise.all([
    prisma.product.findMany({ where: { id: { in: keys } }, select: { id: true, stockQuantity: true } }),
    prisma.productVariant.findMany({ where: { id: { in: keys } }, select: { id: true, stockQuantity: true } }),
  ]);
  const stock = new Map([...products, ...variants].map((row) => [row.id, row.stockQuantity]));
  const short = keys.find((key) => (stock.get(key) ?? 0) < wanted.get(key)!.quantity) ?? keys[0];
  return wanted.get(short)!.productId;
}

/** An order's lines as holds: a line names a variant's row only while its product has options. */
async function holdLinesOf(tx: Prisma.TransactionClient, orderId: string): Promise<HoldLine[]> {
  const items = await tx.orderItem.findMany({
    where: { orderId, productId: { not: null } },
    select: { productId: true, variantId: true, quantity: true, product: { select: { hasOptions: true } } },
  });
  return items.map((item) => ({ productId: item.productId!, variantId: item.product?.hasOptions ? item.variantId : null, quantity: item.quantity }));
}

/** Variants first, then products, each in id order, as the placing batch takes them. */
function inLockOrder(lines: HoldLine[]) {
  const variants = lines.filter((line) => line.variantId).sort((a, b) => (a.variantId! < b.variantId! ? -1 : 1));
  const products = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : 1));
  return { variants, products };
}

/**
 * Sold: inside the transaction that marks the order paid, its held units leave the shop. They were taken from sale
 * when the order was placed. In product order, as the placing batch takes them.
 */
export async function sellHeldUnits(tx: Prisma.TransactionClient, orderId: string): Promise<void> {
  const { variants, products } = inLockOrder(await holdLinesOf(tx, orderId));
  for (const item of variants) {
    await tx.$executeRaw`UPDATE "ProductVariant" SET "heldQuantity" = CASE WHEN "heldQuantity" > ${item.quantity} THEN "heldQuantity" - ${item.quantity} ELSE 0 END WHERE "id" = ${item.variantId}`;
  }
  for (const item of products) {
    await tx.$executeRaw`UPDATE "Product" SET "heldQuantity" = CASE WHEN "heldQuantity" > ${item.quantity} THEN "heldQuantity" - ${item.quantity} ELSE 0 END WHERE "id" = ${item.productId}`;
  }
}

/**
 * Sold at once, for an order paid as it is written (a return's exchange): inside the caller's transaction, each
 * variant's and product's units leave sale by one conditional update, in the placing batch's lock order. Answers
 * false (the caller rolls back) when one is short: never sells what is not there. Nothing is held, so no hold limits.
 */
export function sellStockNow(tx: Prisma.TransactionClient, lines: HoldLine[]): Promise<boolean> {
  return takeStockNow(tx, lines, false);
}

/**
 * Held, for an unpaid order the shop writes itself (a dearer exchange, whose difference the shopper pays later): as
 * `sellStockNow`, but the units move from sale to held, as placing an order moves them, so paying sells them
 * (`sellHeldUnits`) and the hold's end gives them back (`releaseReservation`). No hold limits: the owner decided it.
 */
export function holdStockNow(tx: Prisma.TransactionClient, lines: HoldLine[]): Promise<boolean> {
  return takeStockNow(tx, lines, true);
}

async function takeStockNow(tx: Prisma.TransactionClient, lines: HoldLine[], hold: boolean): Promise<boolean> {
  const change = (quantity: number) => ({ stockQuantity: { decrement: quantity }, ...(hold ? { heldQuantity: { increment: quantity } } : {}) });
  // The placing batch's takes, in its lock order.
  for (const { table, id, quantity } of stockTakesOf(lines)) {
    const where = { id, stockQuantity: { gte: quantity } };
    const taken =
      table === "ProductVariant" ? await tx.productVariant.updateMany({ where, data: change(quantity) }) : await tx.product.updateMany({ where, data: change(quantity) });
    if (taken.count !== 1) return false;
  }
  return true;
}

/**
 * Gives an unpaid order's held units back to sale and marks it as failed payment; does nothing to a paid or failed
 * order. Only units still counted as held move, so a release never changes on hand and never sells what is not there.
 */
export async function releaseReservation(orderId: string): Promise<boolean> {
  const released = await prisma.$transaction(
    async (tx) => {
      const changed = await tx.order.updateMany({
        where: { id: orderId, paymentStatus: "unpaid" },
        data: { paymentStatus: "failed", reservedUntil: null },
      });
      if (changed.count !== 1) return null;
      // A code's use goes back with the stock: the shopper whose payment failed may use the code again.
      await tx.couponUse.deleteMany({ where: { orderId } });
      // In the placing batch's order: on PostgreSQL no two transactions wait on each other in a circle.
      const { variants, products } = inLockOrder(await holdLinesOf(tx, orderId));
      for (const item of variants) {
        await tx.$executeRaw`
          UPDATE "ProductVariant" SET "stockQuantity" = "stockQuantity" + CASE WHEN "heldQuantity" < ${item.quantity} THEN "heldQuantity" ELSE ${item.quantity} END,
            "heldQuantity" = CASE WHEN "heldQuantity" < ${item.quantity} THEN 0 ELSE "heldQuantity" - ${item.quantity} END
          WHERE "id" = ${item.variantId}`;
      }
      const productIds: string[] = [];
      for (const item of products) {
        await tx.$executeRaw`
          UPDATE "Product" SET "stockQuantity" = "stockQuantity" + CASE WHEN "heldQuantity" < ${item.quantity} THEN "heldQuantity" ELSE ${item.quantity} END,
            "heldQuantity" = CASE WHEN "heldQuantity" < ${item.quantity} THEN 0 ELSE "heldQuantity" - ${item.quantity} END
          WHERE "id" = ${item.productId}`;
        productIds.push(item.productId);
      }
      return productIds;
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
  if (!released) return false;
  // Units back on sale may end a wait: the shoppers who asked are mailed (once) without waiting for the timed pass.
  noticeStockReturned(released);
  return true;
}

/**
 * Whether an order whose hold ran out is still unpaid, asked of its gateway by the caller: "unpaid" ends the hold,
 * "settled" leaves it (paid or failed meanwhile), and "unknown" keeps it while the gateway cannot answer.
 */
export type HoldCheck = (orderId: string) => Promise<"unpaid" | "settled" | "unknown">;

/**
 * Releases holds older than RESERVATION_MINUTES. Each order is checked first (`stillUnpaid`, the payments' question
 * to the gateway), so a shopper who paid at the last second is confirmed instead; while it cannot be told, the hold
 * is kept. An order whose check fails in an unexpected way keeps its hold and is logged, but never stops the other
 * holds from ending: one such order must not keep the whole shop Out of Stock.
 */
export async function expireHolds(stillUnpaid: HoldCheck, now = new Date()): Promise<number> {
  const due = await prisma.order.findMany({
    where: { paymentStatus: "unpaid", reservedUntil: { lt: now } },
    select: { id: true },
    take: 200,
  });
  let released = 0;
  for (const order of due) {
    try {
      if ((await stillUnpaid(order.id)) !== "unpaid") continue;
    } catch (error) {
      logFailure(`hold of order ${order.id} kept, its payment could not be checked`, error);
      continue;
    }
    if (await releaseReservation(order.id)) {
      released++;
      // The order's open payment attempts end with its hold: a late answer no longer pays it.
      await prisma.payment.updateMany({ where: { orderId: order.id, status: "initiated" }, data: { status: "expired" } });
    }
  }
  return released;
}

/**
 * An order that may still be paid late (issue 45, docs/decisions/0085): placed, not paid, not cancelled, its hold
 * ended or not. Not one a payment was taken for anyway (paid after its hold, or for another amount: the owner refunds
 * those by hand), nor a return's exchange (its own flow), nor one whose shopper's details housekeeping removed.
 */
export function payableLateWhere(): Prisma.OrderWhereInput {
  return {
    paymentStatus: { in: ["unpaid", "failed"] },
    status: { not: "cancelled" },
    personalDataRemovedAt: null,
    exchangeForOrderNumber: null,
    payments: { none: { status: { in: ["paid", "mismatch"] } } },
  };
}

/**
 * Whether the order's units are there to be paid for: held by it while its hold lasts, else for sale now (each
 * variant's, or product's, units at least what the order wants, the product still shown). A line whose product was
 * deleted is gone. A read only: paying takes them with `holdAgain`'s conditional updates.
 */
export async function unitsStillThere(orderId: string, now = new Date()): Promise<boolean> {
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: {
      paymentStatus: true,
      reservedUntil: true,
      items: { select: { productId: true, variantId: true, quantity: true, product: { select: { hasOptions: true, isVisible: true, stockQuantity: true } } } },
    },
  });
  if (!order) return false;
  if (order.paymentStatus === "unpaid" && order.reservedUntil && order.reservedUntil > now) return true;
  if (order.items.some((item) => !item.product || !item.product.isVisible || (item.product.hasOptions && !item.variantId))) return false;
  const wanted = new Map<string, number>();
  for (const item of order.items) {
    const key = item.product!.hasOptions ? item.variantId! : item.productId!;
    wanted.set(key, (wanted.get(key) ?? 0) + item.quantity);
  }
  // A product without options has a variant row of the same id (its own), which does not count its stock.
  const variantIds = order.items.filter((item) => item.product!.hasOptions).map((item) => item.variantId!);
  const variants = variantIds.length ? await prisma.productVariant.findMany({ where: { id: { in: variantIds } }, select: { id: true, stockQuantity: true } }) : [];
  const forSale = new Map<string, number>([
    ...order.items.filter((item) => !item.product!.hasOptions).map((item) => [item.productId!, item.product!.stockQuantity] as [string, number]),
    ...variants.map((variant) => [variant.id, variant.stockQuantity] as [string, number]),
  ]);
  return [...wanted].every(([key, quantity]) => (forSale.get(key) ?? 0) >= quantity);
}

export type HoldAgain = "held" | "soldOut" | "notPayable" | "codeUnavailable" | "deliverySlotUnavailable";
class NotAgain extends Error {
  constructor(readonly reason: "soldOut" | "codeUnavailable" | "deliverySlotUnavailable") {
    super(reason);
  }
}

/**
 * Paying late (issue 45, docs/decisions/0085): an order whose hold ended unpaid takes its units again, with the
 * placing batch's conditional updates in its lock order, and holds them for RESERVATION_MINUTES as placing does. It
 * keeps its own prices and total: that is what the shopper agreed to. Its discount code's use and its delivery
 * window's place are taken again under placing's rules, since others may have had them meanwhile: the code must still
 * be on, current and within its limits ("codeUnavailable"), the window still offered on its day with room
 * ("deliverySlotUnavailable"). When anything is no longer to be had nothing changes and nothing can be charged; a
 * unit no longer for sale answers "soldOut". An unpaid order whose hold ran out but was not released yet (the timed
 * pass comes within a minute) still holds its units, and its hold is extended; but its code's use and its window's
 * place stopped counting when the hold ended, so others may have had them: they are taken again as above. Answers
 * "held" when the order may now be paid, "notPayable" when it is not one that may be paid late.
 */
export async function holdAgain(orderId: string, now = new Date()): Promise<HoldAgain> {
  const until = holdEndOf(now);
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    select: { couponCode: true, email: true, phone: true, deliveryWindowId: true, deliveryDate: true },
  });
  if (!order) return "notPayable";
  // Read before the transaction, which on SQLite holds the database's one write lock from its start.
  const slots = order.deliveryWindowId ? await getDeliverySlotSettings() : null;
  try {
    return await prisma.$transaction(
      async (tx) => {
        const extended = await tx.order.updateMany({
          where: { id: orderId, ...payableLateWhere(), paymentStatus: "unpaid", reservedUntil: { lte: now } },
          data: { reservedUntil: until },
        });
        if (extended.count === 1) {
          // Its code's use is counted again below, as a released order's is: the row left from placing counts no more.
          await tx.couponUse.deleteMany({ where: { orderId } });
        } else {
          const reopened = await tx.order.updateMany({
            where: { id: orderId, ...payableLateWhere(), paymentStatus: "failed" },
            data: { paymentStatus: "unpaid", reservedUntil: until },
          });
          if (reopened.count !== 1) return "notPayable" as const;
        }
        // Placing's lock order: the code's locks, the window's row, then the stock's rows.
        if (order.couponCode) await takeCouponUseAgain(tx, orderId, order, now);
        if (order.deliveryWindowId && order.deliveryDate) await takeSlotPlaceAgain(tx, { windowId: order.deliveryWindowId, date: order.deliveryDate }, slots, now);
        if (extended.count === 1) return "held" as const;
        const gone = await tx.orderItem.count({ where: { orderId, OR: [{ productId: null }, { product: { isVisible: false } }] } });
        if (gone > 0 || !(await holdStockNow(tx, await holdLinesOf(tx, orderId)))) throw new NotAgain("soldOut");
        return "held" as const;
      },
      { maxWait: 15_000, timeout: 15_000 },
    );
  } catch (error) {
    if (error instanceof NotAgain) return error.reason;
    throw error;
  }
}

/**
 * The order's discount code counted again, as the placing batch counts it (order.server.ts `couponUseOf`): on, not
 * ended, and its live uses (and this customer's, by e-mail or phone) below its limits once this one is added. On
 * PostgreSQL under the advisory locks placing takes for those limits; on SQLite the transaction holds the write lock.
 */
async function takeCouponUseAgain(tx: Prisma.TransactionClient, orderId: string, order: { couponCode: string | null; email: string; phone: string }, now: Date) {
  const coupon = await tx.coupon.findUnique({
    where: { code: order.couponCode ?? "" },
    select: { id: true, isEnabled: true, endsAt: true, maxUses: true, maxUsesPerCustomer: true },
  });
  if (!coupon || !coupon.isEnabled || (coupon.endsAt && coupon.endsAt <= now)) throw new NotAgain("codeUnavailable");
  const email = order.email.toLowerCase();
  if (databaseEngine === "postgresql") {
    const keys = [
      ...(coupon.maxUses !== null ? [`coupon:${coupon.id}`] : []),
      ...(coupon.maxUsesPerCustomer !== null ? [`coupon-customer:${coupon.id}:${email}`, `coupon-customer:${coupon.id}:${order.phone}`] : []),
    ].sort();
    for (const key of keys) await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${key}))`;
  }
  const live = { order: { OR: [{ paymentStatus: { not: "unpaid" } }, { reservedUntil: { gt: now } }] } };
  if (coupon.maxUses !== null && (await tx.couponUse.count({ where: { couponId: coupon.id, ...live } })) >= coupon.maxUses) throw new NotAgain("codeUnavailable");
  if (coupon.maxUsesPerCustomer !== null) {
    const theirs = await tx.couponUse.count({ where: { couponId: coupon.id, OR: [{ email }, { phone: order.phone }], ...live } });
    if (theirs >= coupon.maxUsesPerCustomer) throw new NotAgain("codeUnavailable");
  }
  await tx.couponUse.create({ data: { couponId: coupon.id, orderId, email, phone: order.phone, createdAt: now } });
}

/**
 * The order's delivery window taken again, as placing takes it (delivery-slot.server.ts `takeSlotPlace`): still
 * offered on its day at `now` (not closed, not past its cut-off), and the orders holding it, this one among them
 * again, within its capacity, counted after its row is locked.
 */
async function takeSlotPlaceAgain(tx: Prisma.TransactionClient, slot: { windowId: string; date: string }, settings: DeliverySlotSettings | null, now: Date) {
  const window = settings?.windows.find((candidate) => candidate.id === slot.windowId);
  if (!settings || !window || !isWindowOpen(settings, window, slot.date, now)) throw new NotAgain("deliverySlotUnavailable");
  await tx.$executeRaw`UPDATE "DeliveryWindow" SET "capacity" = "capacity" WHERE "id" = ${slot.windowId}`;
  const row = await tx.deliveryWindow.findUnique({ where: { id: slot.windowId }, select: { capacity: true } });
  const holding = await tx.order.count({
    where: { deliveryWindowId: slot.windowId, deliveryDate: slot.date, status: { not: "cancelled" }, OR: [{ paymentStatus: "paid" }, { reservedUntil: { gt: now } }] },
  });
  if (!row || holding > row.capacity) throw new NotAgain("deliverySlotUnavailable");
}
