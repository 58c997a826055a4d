import { databaseEngine, isConstraintRefusal, prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import { noticeStockReturned } from "~/models/stock-notice.server";
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
 * real purchase, but one client can no longer take a whole catalogue off sale. `holdShareOf` caps one product further.
 */
export const HOLD_LIMITS = { unpaidOrders: 3, heldUnits: 20, heldUnitsPerProduct: 10 } as const;

/**
 * The most units of one product one client may hold in unpaid orders: half of the product's units in the shop (for
 * sale plus held by anyone), at least 1, so a small stock is never all held by one client (issue 27). On top of
 * HOLD_LIMITS.heldUnitsPerProduct.
 */
export function holdShareOf(onHand: number): number {
  return Math.max(1, Math.floor(onHand / 2));
}

/** When a hold taken at `now` ends. */
export function holdEndOf(now: Date): Date {
  return new Date(now.getTime() + RESERVATION_MINUTES * 60_000);
}

/**
 * The placing batch's stock part: one conditional UPDATE per product, atomic, and a short one aborts the whole
 * batch, so the order exists only if all of its stock was taken. No two buyers can take the same last item.
 * The units move from "for sale" to "held": on hand (their sum) does not change until the order is paid.
 * Products are taken in id order, so two batches on PostgreSQL never wait on each other's rows in a circle.
 */
export function takeStock(quantities: Map<string, number>) {
  return [...quantities].sort(([a], [b]) => (a < b ? -1 : 1)).map(
    ([productId, quantity]) => prisma.$executeRaw`
      UPDATE "Product" SET "stockQuantity" = CASE WHEN "stockQuantity" >= ${quantity} THEN "stockQuantity" - ${quantity} ELSE NULL END,
        "heldQuantity" = "heldQuantity" + ${quantity}
      WHERE "id" = ${productId}`,
  );
}

/**
 * PostgreSQL lets several placing batches run at once, unlike SQLite's one writer: the first statement of a batch
 * with caps takes a lock per client key until commit, so one client's orders are counted one after another and the
 * cap check sees every earlier one (READ COMMITTED gives each statement a fresh snapshot). SQLite needs nothing.
 */
export function lockClient(keys: (string | null)[]) {
  if (databaseEngine !== "postgresql") return [];
  const present = [...new Set(keys.filter((key): key is string => Boolean(key)))].sort();
  return present.map((key) => prisma.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`order-client:${key}`}))`);
}

/**
 * The last statement of the placing batch, when the order is already written: it nulls the order's number (which
 * aborts the batch) if the client now holds more than HOLD_LIMITS. On SQLite the batch took the write lock at its
 * first write and one writer runs at a time; on PostgreSQL `lockClient` orders one client's batches. Either way no
 * concurrent order of the same client is counted or missed: however many arrive together, the caps are never passed.
 */
export function checkHoldLimits(orderId: string, clientHash: string | null, customerId: string | null, now: Date) {
  const mine = Prisma.sql`o."paymentStatus" = 'unpaid' AND o."reservedUntil" > ${now}
    AND (o."clientHash" = ${clientHash} OR o."customerId" = ${customerId})`;
  return prisma.$executeRaw`
    UPDATE "Order" SET "orderNumber" = CASE WHEN
      (SELECT COUNT(*) FROM "Order" o WHERE ${mine}) <= ${HOLD_LIMITS.unpaidOrders}
      AND (SELECT COALESCE(SUM(i."quantity"), 0) FROM "OrderItem" i JOIN "Order" o ON o."id" = i."orderId" WHERE ${mine}) <= ${HOLD_LIMITS.heldUnits}
      AND NOT EXISTS (SELECT 1 FROM "OrderItem" i JOIN "Order" o ON o."id" = i."orderId" WHERE ${mine} AND i."productId" IS NOT NULL
        GROUP BY i."productId" HAVING SUM(i."quantity") > ${HOLD_LIMITS.heldUnitsPerProduct})
    THEN "orderNumber" ELSE NULL END
    WHERE "id" = ${orderId}`;
}

/**
 * Right after `checkHoldLimits`, under the same ordering: nulls the order's `fullName` (which aborts the batch) when
 * the client now holds more of one of this order's products than `holdShareOf` its units in the shop. Placing an
 * order moves units from sale to held, so for sale plus held is the same before and after any hold.
 */
export function checkHoldShare(orderId: string, clientHash: string | null, customerId: string | null, now: Date) {
  return prisma.$executeRaw`
    UPDATE "Order" SET "fullName" = CASE WHEN NOT EXISTS (
      SELECT 1 FROM "OrderItem" i JOIN "Order" o ON o."id" = i."orderId" JOIN "Product" p ON p."id" = i."productId"
      WHERE o."paymentStatus" = 'unpaid' AND o."reservedUntil" > ${now} AND (o."clientHash" = ${clientHash} OR o."customerId" = ${customerId})
        AND i."productId" IN (SELECT n."productId" FROM "OrderItem" n WHERE n."orderId" = ${orderId})
      GROUP BY i."productId", p."stockQuantity", p."heldQuantity"
      HAVING SUM(i."quantity") > CASE WHEN (p."stockQuantity" + p."heldQuantity") / 2 < 1 THEN 1 ELSE (p."stockQuantity" + p."heldQuantity") / 2 END)
    THEN "fullName" ELSE NULL END
    WHERE "id" = ${orderId}`;
}

/**
 * Which of the hold statements refused the placing batch: each writes NULL into a NOT NULL column (a stock UPDATE
 * that would go below zero, the cap check into the order's number, the share check into its name).
 */
export function holdRefusalOf(error: unknown): "outOfStock" | "holdLimit" | "holdShare" | null {
  if (isConstraintRefusal(error, "notNull", "Order", "orderNumber")) return "holdLimit";
  if (isConstraintRefusal(error, "notNull", "Order", "fullName")) return "holdShare";
  if (isConstraintRefusal(error, "notNull", "Product", "stockQuantity")) return "outOfStock";
  return null;
}

/** After a share refusal: the share of the order's first product that passed it, with the numbers the shopper is told. */
export async function passedHoldShare(quantities: Map<string, number>, clientHash: string | null, customerId: string | null, now: Date) {
  const productIds = [...quantities.keys()];
  const [products, held] = await Promise.all([
    prisma.product.findMany({ where: { id: { in: productIds } }, select: { id: true, stockQuantity: true, heldQuantity: true } }),
    prisma.orderItem.findMany({
      where: {
        productId: { in: productIds },
        order: {
          paymentStatus: "unpaid",
          reservedUntil: { gt: now },
          OR: [...(clientHash ? [{ clientHash }] : []), ...(customerId ? [{ customerId }] : [])],
        },
      },
      select: { productId: true, quantity: true },
    }),
  ]);
  const shares = products.map((product) => {
    const limit = holdShareOf(product.stockQuantity + product.heldQuantity);
    const holds = held.filter((item) => item.productId === product.id).reduce((sum, item) => sum + item.quantity, 0);
    return { productId: product.id, limit, remaining: Math.max(0, limit - holds), passed: holds + (quantities.get(product.id) ?? 0) > limit };
  });
  const { passed: _passed, ...share } = shares.find((candidate) => candidate.passed) ?? shares[0];
  return share;
}

/** After a stock refusal: the product of the order that has fewer units for sale than the order wants. */
export async function shortProductOf(quantities: Map<string, number>): Promise<string> {
  const stock = await prisma.product.findMany({ where: { id: { in: [...quantities.keys()] } }, select: { id: true, stockQuantity: true } });
  return (stock.find((row) => row.stockQuantity < (quantities.get(row.id) ?? 0)) ?? stock[0]).id;
}

/**
 * Sold: inside the transaction that marks the order paid, its held units leave the shop. They were taken from sale
 * when the order was placed. In product order, as the placing batch takes them.
 */
export async function sellHeldUnits(tx: Prisma.TransactionClient, orderId: string): Promise<void> {
  const items = await tx.orderItem.findMany({ where: { orderId }, select: { productId: true, quantity: true }, orderBy: { productId: "asc" } });
  for (const item of items) {
    if (!item.productId) continue;
    await tx.$executeRaw`UPDATE "Product" SET "heldQuantity" = CASE WHEN "heldQuantity" > ${item.quantity} THEN "heldQuantity" - ${item.quantity} ELSE 0 END WHERE "id" = ${item.productId}`;
  }
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
      const use = await tx.couponUse.findUnique({ where: { orderId }, select: { couponId: true } });
      if (use) {
        await tx.couponUse.delete({ where: { orderId } });
        await tx.$executeRaw`UPDATE "Coupon" SET "usedCount" = CASE WHEN "usedCount" > 0 THEN "usedCount" - 1 ELSE 0 END WHERE "id" = ${use.couponId}`;
      }
      // In product order, as the placing batch takes them: on PostgreSQL no two transactions wait on each other in a circle.
      const items = await tx.orderItem.findMany({ where: { orderId }, select: { productId: true, quantity: true }, orderBy: { productId: "asc" } });
      const productIds: string[] = [];
      for (const item of items) {
        if (!item.productId) continue;
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
