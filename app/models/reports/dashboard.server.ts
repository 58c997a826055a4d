import { prisma, type Prisma } from "~/db.server";
import { lowStockProductsWhere } from "~/models/catalogue/index.server";
import { WAITING_RETURN_STATUSES } from "~/shared/returns";
import { kuwaitDateKey, kuwaitDayEnd, kuwaitDayStart, todayInKuwait } from "~/shared/admin-dates";
import { salesBySource, type SourceSales } from "./sales-report.server";

/** How many days the dashboard's chart shows, today included. */
export const CHART_DAYS = 30;

/**
 * Paid orders the shop still has to prepare (docs/decisions/0045-sales-net-of-refunds.md): new (`pending`) or being
 * prepared (`processing`). One out for delivery is prepared; delivered and cancelled ones are done.
 */
export const TO_PREPARE_STATUSES = ["pending", "processing"] as const;

/** Paid, new or being prepared, and not refunded in full (the shop does not prepare an order it paid back). */
export function toPrepareWhere(): Prisma.OrderWhereInput {
  return { paymentStatus: "paid", status: { in: [...TO_PREPARE_STATUSES] }, refundedFils: { lt: prisma.order.fields.totalFils } };
}

export type DayFigures = { date: string; orderCount: number; salesFils: number; refundsFils: number; netFils: number };
export type PeriodFigures = Omit<DayFigures, "date">;

export type DashboardFigures = {
  today: DayFigures;
  /** The Kuwait calendar month so far, its first day to today. */
  month: PeriodFigures & { monthStart: string };
  /** Oldest first, the last of them today. */
  chart: DayFigures[];
  toPrepare: number;
  /** Returns the owner still has to act on: requested, approved or received. */
  returnsWaiting: number;
  lowStock: number;
  /**
   * Won back by payment reminders (decision 0085): the orders of the chart's 30 days paid after a reminder, counted
   * by the day they were placed as the sales are, and their total.
   */
  recovered: { orderCount: number; amountFils: number };
  /** The chart's 30 days' paid orders by campaign source (decision 0089), the TOP_SOURCES_SHOWN most paid. */
  topSources: SourceSales[];
};

/** How many sources the dashboard lists; the sales report has them all. */
export const TOP_SOURCES_SHOWN = 5;

function addDays(dateKey: string, days: number): string {
  return new Date(Date.parse(`${dateKey}T00:00:00Z`) + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function emptyDay(date: string): DayFigures {
  return { date, orderCount: 0, salesFils: 0, refundsFils: 0, netFils: 0 };
}

function sum(days: DayFigures[]): PeriodFigures {
  const total: PeriodFigures = { orderCount: 0, salesFils: 0, refundsFils: 0, netFils: 0 };
  for (const day of days) {
    total.orderCount += day.orderCount;
    total.salesFils += day.salesFils;
    total.refundsFils += day.refundsFils;
    total.netFils += day.netFils;
  }
  return total;
}

/**
 * What the dashboard tells the owner: today's and this month's sales net of refunds, per Kuwait day as the sales
 * report counts them (paid orders on the day they were placed, credit notes on the day they were issued), the last
 * 30 days of the same, how many paid orders wait to be prepared (fully refunded ones do not) and how many products
 * are at or below their low-stock alert. Two reads of the period's rows (a month of the bench's orders is a few
 * thousand short rows) and two counts; amounts in integer fils. `now` is injectable for the tests.
 */
export async function getDashboardFigures(now = new Date()): Promise<DashboardFigures> {
  const today = todayInKuwait(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const chartStart = addDays(today, -(CHART_DAYS - 1));
  const from = monthStart < chartStart ? monthStart : chartStart;
  const range = { gte: kuwaitDayStart(from), lt: kuwaitDayEnd(today) };
  const [orders, notes, toPrepare, returnsWaiting, lowStock] = await Promise.all([
    prisma.order.findMany({ where: { paymentStatus: "paid", createdAt: range }, select: { createdAt: true, totalFils: true, remindedAt: true, utmSource: true } }),
    prisma.creditNote.findMany({ where: { createdAt: range }, select: { createdAt: true, amountFils: true } }),
    prisma.order.count({ where: toPrepareWhere() }),
    prisma.return.count({ where: { status: { in: [...WAITING_RETURN_STATUSES] } } }),
    lowStockProductsWhere().then((where) => prisma.product.count({ where })),
  ]);
  const days = new Map<string, DayFigures>();
  for (let date = from; date <= today; date = addDays(date, 1)) days.set(date, emptyDay(date));
  const recovered = { orderCount: 0, amountFils: 0 };
  for (const order of orders) {
    const key = kuwaitDateKey(order.createdAt);
    const day = days.get(key);
    if (!day) continue;
    if (order.remindedAt && key >= chartStart) {
      recovered.orderCount += 1;
      recovered.amountFils += order.totalFils;
    }
    day.orderCount += 1;
    day.salesFils += order.totalFils;
    day.netFils += order.totalFils;
  }
  for (const note of notes) {
    const day = days.get(kuwaitDateKey(note.createdAt));
    if (!day) continue;
    day.refundsFils += note.amountFils;
    day.netFils -= note.amountFils;
  }
  const all = [...days.values()];
  return {
    today: days.get(today) ?? emptyDay(today),
    month: { ...sum(all.filter((day) => day.date >= monthStart)), monthStart },
    chart: all.filter((day) => day.date >= chartStart),
    toPrepare,
    returnsWaiting,
    lowStock,
    recovered,
    topSources: salesBySource(orders.filter((order) => kuwaitDateKey(order.createdAt) >= chartStart)).slice(0, TOP_SOURCES_SHOWN),
  };
}
