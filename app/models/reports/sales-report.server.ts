import { prisma } from "~/db.server";
import { DIRECT_SOURCE } from "~/shared/campaign";
import { localized, type Language } from "~/shared/language";
import { optionTexts, type OptionText } from "~/models/catalogue/index.server";
import { daysBetween, isDateKey, isFullMonth, kuwaitDateKey, kuwaitDayEnd, kuwaitDayStart, todayInKuwait } from "~/shared/admin-dates";

/** A year and a day: enough for any yearly comparison, small enough to answer quickly. */
export const MAX_REPORT_DAYS = 366;

export type SalesOrderRow = {
  orderNumber: string;
  productsFils: number;
  deliveryFils: number;
  totalFils: number;
  discountFils: number;
  couponCode: string | null;
  /** a return's exchange order: the credit of the items returned, which is no discount code's (decision 0078) */
  exchangeCreditFils: number;
  /** the gift's wrapping (issue 48): products − discount − exchange credit + delivery + wrapping = total */
  giftWrapFils: number;
};

/** A credit note (an accepted refund), counted on the Kuwait day it was issued, whatever day its order was placed. */
export type SalesRefundRow = { creditNoteNumber: string; orderNumber: string; amountFils: number; /** the return it refunded, if any */ returnNumber: string | null };

export type SalesDay = {
  orders: SalesOrderRow[];
  refunds: SalesRefundRow[];
  productsFils: number;
  deliveryFils: number;
  /** gifts' wrapping (issue 48), a line of its own: products − discount − exchange credit + delivery + wrapping = total */
  giftWrapFils: number;
  /**
   * What discount codes took off the day's orders (Order.discountFils of orders that are not exchanges): products −
   * discount − exchange credit + delivery = total.
   */
  discountFils: number;
  /** What exchange orders were credited for the items returned (decision 0078): no discount, kept apart from it. */
  exchangeCreditFils: number;
  /** The day's paid orders, before refunds. */
  totalFils: number;
  /** The credit notes issued that day. */
  refundsFils: number;
  /** total − refunds: negative on a day whose refunds exceed its sales. */
  netFils: number;
  /** The part of the day's credit notes that refunded returned items (issue 32). */
  returnsFils: number;
  /** Returns asked that day and not rejected. */
  returnCount: number;
};

/** A product's paid sales in the range: units, and revenue as its lines' totals before any discount code. */
export type BestSeller = { productId: string; nameEn: string; nameAr: string; units: number; revenueFils: number };

/** A variant of a product with options among the range's best sellers (issue 31): its values as last ordered. */
export type BestVariant = BestSeller & { variantId: string; optionValues: OptionText[] };

/** How many products each best-seller list shows. */
export const BEST_SELLERS_SHOWN = 10;

export type SalesReport = {
  dateFrom: string;
  dateTo: string;
  days: Record<string, SalesDay>;
  rangeSummary: {
    productsFils: number;
    deliveryFils: number;
    giftWrapFils: number;
    discountFils: number;
    exchangeCreditFils: number;
    totalFils: number;
    orderCount: number;
    refundsFils: number;
    refundCount: number;
    netFils: number;
    returnsFils: number;
    returnCount: number;
  };
  isFullMonth: boolean;
  /** The range's paid orders that were paid after a payment reminder (decision 0085), and their total. */
  recovered: { orderCount: number; amountFils: number };
  /** The range's paid orders by the campaign source they came from (decision 0089), most sold first; DIRECT_SOURCE for none. */
  bySource: SourceSales[];
  /** `byVariant`: the top variants of products with options by units, beside the products' own lists. */
  bestSellers: { byUnits: BestSeller[]; byRevenue: BestSeller[]; byVariant: BestVariant[] };
};

/** Paid orders of one campaign source and what they paid (their totals, in fils). */
export type SourceSales = { source: string; orders: number; amountFils: number };

/** Paid orders' totals by their source, most paid first, then most orders, then by name (a stable order for the CSV). */
export function salesBySource(orders: { utmSource: string | null; totalFils: number }[]): SourceSales[] {
  const bySource = new Map<string, SourceSales>();
  for (const order of orders) {
    const source = order.utmSource ?? DIRECT_SOURCE;
    const row = bySource.get(source) ?? { source, orders: 0, amountFils: 0 };
    row.orders += 1;
    row.amountFils += order.totalFils;
    bySource.set(source, row);
  }
  return [...bySource.values()].sort((a, b) => b.amountFils - a.amountFils || b.orders - a.orders || (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));
}

export type SalesRangeResult = { ok: true; dateFrom: string; dateTo: string } | { ok: false; message: string };

/**
 * SPEC section 7: both dates default to today when the end date is empty; a lone end date is a one-day range.
 * Answers the normalised range, or which message explains why it cannot be used.
 */
export function resolveSalesRange(dateFrom: string | null | undefined, dateTo: string | null | undefined, now = new Date()): SalesRangeResult {
  // A start that is no date is refused even without an end: the CSV must not hand out today's figures for it.
  if (dateFrom && !isDateKey(dateFrom)) return { ok: false, message: "invalidDate" };
  if (!dateTo) {
    const today = todayInKuwait(now);
    return { ok: true, dateFrom: today, dateTo: today };
  }
  if (!isDateKey(dateTo) || (dateFrom && !isDateKey(dateFrom))) return { ok: false, message: "invalidDate" };
  const start = dateFrom || dateTo;
  if (start > dateTo) return { ok: false, message: "rangeOrder" };
  if (daysBetween(start, dateTo) >= MAX_REPORT_DAYS) return { ok: false, message: "rangeTooLong" };
  return { ok: true, dateFrom: start, dateTo };
}

function emptyDay(): SalesDay {
  return { orders: [], refunds: [], productsFils: 0, deliveryFils: 0, giftWrapFils: 0, discountFils: 0, exchangeCreditFils: 0, totalFils: 0, refundsFils: 0, netFils: 0, returnsFils: 0, returnCount: 0 };
}

/**
 * Paid orders grouped by the Kuwait day they were placed, and credit notes by the Kuwait day they were issued
 * (docs/decisions/0045-sales-net-of-refunds.md): a refund made today for last week's order lowers today's net
 * sales, and last week's figures stay as they were reported. Sums stay in integer fils.
 */
export async function getSalesReport(dateFrom: string, dateTo: string): Promise<SalesReport> {
  const start = kuwaitDayStart(dateFrom);
  const end = kuwaitDayEnd(dateTo);
  const [orders, notes, productSellers, byVariant, returnsAsked] = await Promise.all([
    prisma.order.findMany({
      where: { paymentStatus: "paid", createdAt: { gte: start, lt: end } },
      select: {
        orderNumber: true,
        subtotalFils: true,
        deliveryFeeFils: true,
        giftWrapFils: true,
        discountFils: true,
        couponCode: true,
        exchangeForOrderNumber: true,
        totalFils: true,
        createdAt: true,
        remindedAt: true,
        utmSource: true,
      },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    prisma.creditNote.findMany({
      where: { createdAt: { gte: start, lt: end } },
      select: { number: true, amountFils: true, createdAt: true, refundId: true, order: { select: { orderNumber: true } } },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    }),
    getBestSellers(start, end),
    getBestVariants(start, end),
    prisma.return.findMany({ where: { createdAt: { gte: start, lt: end }, status: { not: "rejected" } }, select: { createdAt: true } }),
  ]);
  const bestSellers = { ...productSellers, byVariant };
  const returnOfRefund = new Map(
    (await prisma.return.findMany({ where: { refundId: { in: notes.map((note) => note.refundId) } }, select: { refundId: true, number: true } })).map((row) => [row.refundId, row.number]),
  );
  const days: Record<string, SalesDay> = {};
  const rangeSummary = { productsFils: 0, deliveryFils: 0, giftWrapFils: 0, discountFils: 0, exchangeCreditFils: 0, totalFils: 0, orderCount: orders.length, refundsFils: 0, refundCount: notes.length, netFils: 0, returnsFils: 0, returnCount: returnsAsked.length };
  const recovered = { orderCount: 0, amountFils: 0 };
  for (const order of orders) {
    if (order.remindedAt) {
      recovered.orderCount += 1;
      recovered.amountFils += order.totalFils;
    }
    const day = (days[kuwaitDateKey(order.createdAt)] ??= emptyDay());
    const exchangeCreditFils = order.exchangeForOrderNumber ? order.discountFils : 0;
    const discountFils = order.discountFils - exchangeCreditFils;
    day.orders.push({
      orderNumber: order.orderNumber,
      productsFils: order.subtotalFils,
      deliveryFils: order.deliveryFeeFils,
      totalFils: order.totalFils,
      discountFils,
      couponCode: order.couponCode,
      exchangeCreditFils,
      giftWrapFils: order.giftWrapFils,
    });
    day.productsFils += order.subtotalFils;
    day.deliveryFils += order.deliveryFeeFils;
    day.giftWrapFils += order.giftWrapFils;
    day.discountFils += discountFils;
    day.exchangeCreditFils += exchangeCreditFils;
    day.totalFils += order.totalFils;
    day.netFils += order.totalFils;
    rangeSummary.productsFils += order.subtotalFils;
    rangeSummary.deliveryFils += order.deliveryFeeFils;
    rangeSummary.giftWrapFils += order.giftWrapFils;
    rangeSummary.discountFils += discountFils;
    rangeSummary.exchangeCreditFils += exchangeCreditFils;
    rangeSummary.totalFils += order.totalFils;
    rangeSummary.netFils += order.totalFils;
  }
  for (const note of notes) {
    const day = (days[kuwaitDateKey(note.createdAt)] ??= emptyDay());
    const returnNumber = returnOfRefund.get(note.refundId) ?? null;
    day.refunds.push({ creditNoteNumber: note.number, orderNumber: note.order.orderNumber, amountFils: note.amountFils, returnNumber });
    if (returnNumber) {
      day.returnsFils += note.amountFils;
      rangeSummary.returnsFils += note.amountFils;
    }
    day.refundsFils += note.amountFils;
    day.netFils -= note.amountFils;
    rangeSummary.refundsFils += note.amountFils;
    rangeSummary.netFils -= note.amountFils;
  }
  for (const asked of returnsAsked) (days[kuwaitDateKey(asked.createdAt)] ??= emptyDay()).returnCount += 1;
  // Days in calendar order: a day with refunds only is added after the orders' days.
  const sorted = Object.fromEntries(Object.entries(days).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { dateFrom, dateTo, days: sorted, rangeSummary, isFullMonth: isFullMonth(dateFrom, dateTo), recovered, bySource: salesBySource(orders), bestSellers };
}

type SalesRow = { productId: string | null; units: number | bigint; revenueFils: number | bigint };

/**
 * The top products of paid orders placed in [start, end), by units and by revenue. One grouped pass over the
 * range's lines, written once for both engines (decision 0018), read from two covering indexes alone,
 * Order(paymentStatus, createdAt, id) and OrderItem(orderId, productId, quantity, priceFils): a year of the bench's
 * 50,000 orders in about 0.1 to 0.2 s on SQLite, five to ten times less than through the rows. There are at most
 * as many groups as products, so both rankings are sorted here.
 * Revenue is the lines' price × quantity: a discount code takes an amount off the whole order, not off a product,
 * so it is not spread over the lines (the report's discounts column shows it). Lines of a deleted product
 * (productId emptied) are left out: the report names products that exist.
 */
async function getBestSellers(start: Date, end: Date): Promise<Omit<SalesReport["bestSellers"], "byVariant">> {
  const rows = await prisma.$queryRaw<SalesRow[]>`
    SELECT i."productId" AS "productId", SUM(i."quantity") AS "units", SUM(i."priceFils" * i."quantity") AS "revenueFils"
    FROM "OrderItem" i JOIN "Order" o ON o."id" = i."orderId"
    WHERE o."paymentStatus" = 'paid' AND o."createdAt" >= ${start} AND o."createdAt" < ${end}
    GROUP BY i."productId"`;
  // Deleted products' lines form one group without a product, dropped here: asking SQL for "productId IS NOT NULL"
  // led SQLite to walk the productId index instead of the range.
  const totals = rows.flatMap((row) =>
    row.productId === null ? [] : [{ productId: row.productId, units: Number(row.units), revenueFils: Number(row.revenueFils) }],
  );
  const tieBreak = (a: { productId: string }, b: { productId: string }) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0);
  const byUnits = [...totals].sort((a, b) => b.units - a.units || b.revenueFils - a.revenueFils || tieBreak(a, b)).slice(0, BEST_SELLERS_SHOWN);
  const byRevenue = [...totals].sort((a, b) => b.revenueFils - a.revenueFils || b.units - a.units || tieBreak(a, b)).slice(0, BEST_SELLERS_SHOWN);
  const ids = [...new Set([...byUnits, ...byRevenue].map((row) => row.productId))];
  const products = ids.length ? await prisma.product.findMany({ where: { id: { in: ids } }, select: { id: true, nameEn: true, nameAr: true } }) : [];
  const names = new Map(products.map((product) => [product.id, product]));
  const named = (row: (typeof totals)[number]): BestSeller => ({ ...row, nameEn: names.get(row.productId)?.nameEn ?? "", nameAr: names.get(row.productId)?.nameAr ?? "" });
  return { byUnits: byUnits.map(named), byRevenue: byRevenue.map(named) };
}

type VariantSalesRow = { productId: string; variantId: string; units: number | bigint; revenueFils: number | bigint };

/**
 * The top variants of products with options (issue 31) in paid orders placed in [start, end), by units then
 * revenue. A shop with no product with options asks nothing more. The lines' variantId is not in the covering
 * index, so this pass reads the range's lines themselves, only the ones of a product with options. A variant is named
 * by its values as last ordered, which outlive a renamed or deleted variant.
 */
async function getBestVariants(start: Date, end: Date): Promise<BestVariant[]> {
  if ((await prisma.product.count({ where: { hasOptions: true } })) === 0) return [];
  const rows = await prisma.$queryRaw<VariantSalesRow[]>`
    SELECT i."productId" AS "productId", i."variantId" AS "variantId", SUM(i."quantity") AS "units", SUM(i."priceFils" * i."quantity") AS "revenueFils"
    FROM "OrderItem" i JOIN "Order" o ON o."id" = i."orderId" JOIN "Product" p ON p."id" = i."productId"
    WHERE o."paymentStatus" = 'paid' AND o."createdAt" >= ${start} AND o."createdAt" < ${end} AND p."hasOptions" = TRUE AND i."variantId" IS NOT NULL
    GROUP BY i."productId", i."variantId"`;
  const totals = rows.map((row) => ({ productId: row.productId, variantId: row.variantId, units: Number(row.units), revenueFils: Number(row.revenueFils) }));
  const top = totals
    .sort((a, b) => b.units - a.units || b.revenueFils - a.revenueFils || (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0))
    .slice(0, BEST_SELLERS_SHOWN);
  if (top.length === 0) return [];
  const [products, lines] = await Promise.all([
    prisma.product.findMany({ where: { id: { in: top.map((row) => row.productId) } }, select: { id: true, nameEn: true, nameAr: true } }),
    prisma.orderItem.findMany({
      where: { variantId: { in: top.map((row) => row.variantId) } },
      select: { variantId: true, optionValues: true },
      orderBy: { order: { createdAt: "desc" } },
      distinct: ["variantId"],
    }),
  ]);
  const names = new Map(products.map((product) => [product.id, product]));
  const values = new Map(lines.map((line) => [line.variantId, optionTexts(line.optionValues)]));
  return top.map((row) => ({
    ...row,
    nameEn: names.get(row.productId)?.nameEn ?? "",
    nameAr: names.get(row.productId)?.nameAr ?? "",
    optionValues: values.get(row.variantId) ?? [],
  }));
}

/** A best seller's name in the page's language; a variant's adds its values ("Hair clip (Red / Large)"). */
export function bestSellerName(row: BestSeller | BestVariant, language: Language): string {
  const name = language === "ar" ? row.nameAr : row.nameEn;
  const values = "optionValues" in row ? row.optionValues.map((value) => localized(language, value)) : [];
  return values.length ? `${name} (${values.join(" / ")})` : name;
}
