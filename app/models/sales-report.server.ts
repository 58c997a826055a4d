import { prisma } from "~/db.server";
import { daysBetween, isDateKey, isFullMonth, kuwaitDateKey, kuwaitDayEnd, kuwaitDayStart, todayInKuwait } from "~/shared/admin-dates";
import { filsToKD } from "~/shared/money";

/** A year and a day: enough for any yearly comparison, small enough to answer quickly. */
export const MAX_REPORT_DAYS = 366;

export type SalesDay = {
  orders: { orderNumber: string; totalFils: number }[];
  productsFils: number;
  deliveryFils: number;
  totalFils: number;
};

export type SalesReport = {
  dateFrom: string;
  dateTo: string;
  days: Record<string, SalesDay>;
  rangeSummary: { productsFils: number; deliveryFils: number; totalFils: number; orderCount: number };
  isFullMonth: boolean;
};

export type SalesRangeResult = { ok: true; dateFrom: string; dateTo: string } | { ok: false; message: string };

/**
 * SPEC section 7: both dates default to today when the end date is empty; a lone end date is a one-day range.
 * Answers the normalised range, or which message explains why it cannot be used.
 */
export function resolveSalesRange(dateFrom: string | null | undefined, dateTo: string | null | undefined, now = new Date()): SalesRangeResult {
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

/** Paid orders only, grouped by the Kuwait day they were placed; sums stay in integer fils. */
export async function getSalesReport(dateFrom: string, dateTo: string): Promise<SalesReport> {
  const orders = await prisma.order.findMany({
    where: { paymentStatus: "paid", createdAt: { gte: kuwaitDayStart(dateFrom), lt: kuwaitDayEnd(dateTo) } },
    select: { orderNumber: true, subtotalFils: true, deliveryFeeFils: true, totalFils: true, createdAt: true },
    orderBy: { createdAt: "asc" },
  });
  const days: Record<string, SalesDay> = {};
  const rangeSummary = { productsFils: 0, deliveryFils: 0, totalFils: 0, orderCount: orders.length };
  for (const order of orders) {
    const key = kuwaitDateKey(order.createdAt);
    const day = (days[key] ??= { orders: [], productsFils: 0, deliveryFils: 0, totalFils: 0 });
    day.orders.push({ orderNumber: order.orderNumber, totalFils: order.totalFils });
    day.productsFils += order.subtotalFils;
    day.deliveryFils += order.deliveryFeeFils;
    day.totalFils += order.totalFils;
    rangeSummary.productsFils += order.subtotalFils;
    rangeSummary.deliveryFils += order.deliveryFeeFils;
    rangeSummary.totalFils += order.totalFils;
  }
  return { dateFrom, dateTo, days, rangeSummary, isFullMonth: isFullMonth(dateFrom, dateTo) };
}

/** SPEC section 3's shape, amounts in KD. */
export function salesReportJson(report: SalesReport) {
  return {
    dateFrom: report.dateFrom,
    dateTo: report.dateTo,
    days: Object.fromEntries(
      Object.entries(report.days).map(([date, day]) => [
        date,
        {
          orders: day.orders.map((order) => ({ orderNumber: order.orderNumber, totalAmount: filsToKD(order.totalFils) })),
          productsTotal: filsToKD(day.productsFils),
          deliveryTotal: filsToKD(day.deliveryFils),
          totalAmount: filsToKD(day.totalFils),
        },
      ]),
    ),
    rangeSummary: {
      productsTotal: filsToKD(report.rangeSummary.productsFils),
      deliveryTotal: filsToKD(report.rangeSummary.deliveryFils),
      totalAmount: filsToKD(report.rangeSummary.totalFils),
      orderCount: report.rangeSummary.orderCount,
    },
    isFullMonth: report.isFullMonth,
  };
}

function kd3(fils: number): string {
  return (fils / 1000).toFixed(3);
}

/** One line per order, then a line per day and one for the range; KD with 3 decimals so nothing is rounded away. */
export function salesReportCsv(report: SalesReport): string {
  const lines = [["date", "orderNumber", "productsTotalKD", "deliveryTotalKD", "totalKD"].join(",")];
  for (const [date, day] of Object.entries(report.days)) {
    for (const order of day.orders) lines.push([date, order.orderNumber, "", "", kd3(order.totalFils)].join(","));
    lines.push([date, "day total", kd3(day.productsFils), kd3(day.deliveryFils), kd3(day.totalFils)].join(","));
  }
  const summary = report.rangeSummary;
  lines.push([`${report.dateFrom}..${report.dateTo}`, "range total", kd3(summary.productsFils), kd3(summary.deliveryFils), kd3(summary.totalFils)].join(","));
  return `${lines.join("\r\n")}\r\n`;
}
