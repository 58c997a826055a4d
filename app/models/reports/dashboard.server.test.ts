/**
 * The dashboard's figures (issue 28, point 12) on both engines: today's and this month's sales net of refunds by
 * Kuwait day, the 30 days of the chart, the orders to prepare and the low stock.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder } from "../../../tests/factories/order";
import { uniqueYear } from "../../../tests/factories/unique";
import { createCreditNote } from "../../../tests/factories/credit-note";
import { createProduct } from "../../../tests/factories/product";
import { CHART_DAYS, getDashboardFigures, toPrepareWhere } from "./dashboard.server";

describe("getDashboardFigures", () => {
  it("counts today and this month in Kuwait days, net of the refunds issued on each day, and 30 days for the chart", async () => {
    // a year no other test writes; "now" is 00:30 on 12 March in Kuwait (21:30 UTC the day before)
    const year = await uniqueYear(prisma);
    const now = new Date(Date.UTC(year, 2, 11, 21, 30));
    const at = (month: number, day: number, hourUtc = 9) => new Date(Date.UTC(year, month - 1, day, hourUtc));

    // paid 10 days before "today", refunded 2.000 KD "today"
    const old = await createOrder(prisma, { subtotalFils: 10000, deliveryFeeFils: 1500, createdAt: at(3, 2) });
    await createCreditNote(prisma, old, 2000, at(3, 11, 21));
    // today in Kuwait (21:05 UTC on the 11th), and yesterday in Kuwait (20:59 UTC on the 11th)
    await createOrder(prisma, { subtotalFils: 3250, deliveryFeeFils: 1000, createdAt: at(3, 11, 21) });
    await createOrder(prisma, { subtotalFils: 999, deliveryFeeFils: 1, createdAt: new Date(Date.UTC(year, 2, 11, 20, 59)) });
    // unpaid: not a sale
    await createOrder(prisma, { subtotalFils: 50000, createdAt: at(3, 11, 22), paymentStatus: "unpaid" });
    // last month, inside the 30 days but not this month; and 31 days back, outside both
    await createOrder(prisma, { subtotalFils: 7000, deliveryFeeFils: 0, createdAt: at(2, 20) });
    await createOrder(prisma, { subtotalFils: 4000, deliveryFeeFils: 0, createdAt: at(2, 9) });

    const figures = await getDashboardFigures(now);
    expect(figures.today).toEqual({ date: `${year}-03-12`, orderCount: 1, salesFils: 4250, refundsFils: 2000, netFils: 2250 });
    expect(figures.month).toEqual({ monthStart: `${year}-03-01`, orderCount: 3, salesFils: 11500 + 4250 + 1000, refundsFils: 2000, netFils: 14750 });

    expect(figures.chart).toHaveLength(CHART_DAYS);
    // 29 days before 12 March: 11 February, or the 12th in a leap year
    expect(figures.chart[0].date).toBe(new Date(Date.UTC(year, 2, 12 - 29)).toISOString().slice(0, 10));
    expect(figures.chart.at(-1)).toEqual(figures.today);
    const byDate = new Map(figures.chart.map((day) => [day.date, day]));
    expect(byDate.get(`${year}-03-02`)).toEqual({ date: `${year}-03-02`, orderCount: 1, salesFils: 11500, refundsFils: 0, netFils: 11500 });
    expect(byDate.get(`${year}-03-11`)?.netFils).toBe(1000);
    expect(byDate.get(`${year}-02-20`)?.netFils).toBe(7000);
    expect(byDate.has(`${year}-02-09`)).toBe(false);
    expect(figures.chart.reduce((sum, day) => sum + day.netFils, 0)).toBe(11500 + 4250 + 1000 + 7000 - 2000);
  });

  it("counts as to prepare the paid orders that are new or being prepared, unless refunded in full", async () => {
    const mine = await Promise.all([
      createOrder(prisma, { status: "pending" }),
      createOrder(prisma, { status: "processing" }),
      createOrder(prisma, { status: "outForDelivery" }),
      createOrder(prisma, { status: "delivered" }),
      createOrder(prisma, { status: "cancelled" }),
      createOrder(prisma, { status: "pending", paymentStatus: "unpaid" }),
      createOrder(prisma, { status: "pending", paymentStatus: "failed" }),
    ]);
    const partly = await createOrder(prisma, { status: "processing" });
    await createCreditNote(prisma, partly, 1000, new Date());
    const wholly = await createOrder(prisma, { status: "pending" });
    await createCreditNote(prisma, wholly, wholly.totalFils, new Date());
    const ids = [...mine, partly, wholly].map((order) => order.id);

    const counted = await prisma.order.findMany({ where: { AND: [toPrepareWhere(), { id: { in: ids } }] }, select: { id: true } });
    expect(new Set(counted.map((order) => order.id))).toEqual(new Set([mine[0].id, mine[1].id, partly.id]));
    expect((await getDashboardFigures()).toPrepare).toBeGreaterThanOrEqual(3);
  });

  it("counts the visible products at or below their low-stock alert", async () => {
    const low = await createProduct(prisma, { stockQuantity: 2, lowStockThreshold: 2 });
    await createProduct(prisma, { stockQuantity: 3, lowStockThreshold: 2 });
    await createProduct(prisma, { stockQuantity: 0, isVisible: false });
    const figures = await getDashboardFigures();
    const lowIds = await prisma.product.findMany({ where: { isVisible: true, stockQuantity: { lte: prisma.product.fields.lowStockThreshold } }, select: { id: true } });
    expect(lowIds.map((product) => product.id)).toContain(low.id);
    expect(figures.lowStock).toBeGreaterThanOrEqual(1);
  });

  it("lists the top sources of the chart's 30 days' paid orders, most paid first", async () => {
    const year = await uniqueYear(prisma);
    const now = new Date(Date.UTC(year, 5, 30, 9));
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
    const placed = async (totalFils: number, when: Date, utmSource: string | null, paymentStatus = "paid") => {
      const order = await createOrder(prisma, { subtotalFils: totalFils, deliveryFeeFils: 0, createdAt: when, paymentStatus });
      await prisma.order.update({ where: { id: order.id }, data: { utmSource } });
    };
    for (const [index, source] of ["google", "snapchat", "tiktok", "newsletter", "facebook"].entries()) await placed(1000 * (index + 1), daysAgo(index + 1), source);
    await placed(500, daysAgo(2), null);
    await placed(99000, daysAgo(3), "instagram", "unpaid");
    await placed(99000, daysAgo(CHART_DAYS + 1), "instagram");

    const { topSources } = await getDashboardFigures(now);
    expect(topSources).toEqual([
      { source: "facebook", orders: 1, amountFils: 5000 },
      { source: "newsletter", orders: 1, amountFils: 4000 },
      { source: "tiktok", orders: 1, amountFils: 3000 },
      { source: "snapchat", orders: 1, amountFils: 2000 },
      { source: "google", orders: 1, amountFils: 1000 },
    ]);
  });
});

