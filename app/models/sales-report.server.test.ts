import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder } from "../../tests/factories/order";
import { getSalesReport, resolveSalesRange, salesReportCsv, salesReportJson } from "./sales-report.server";

describe("resolveSalesRange", () => {
  it("defaults both dates to today (Kuwait) when the end date is empty", () => {
    const now = new Date("2026-05-10T22:00:00Z");
    expect(resolveSalesRange("2026-05-01", "", now)).toEqual({ ok: true, dateFrom: "2026-05-11", dateTo: "2026-05-11" });
    expect(resolveSalesRange(null, null, now)).toEqual({ ok: true, dateFrom: "2026-05-11", dateTo: "2026-05-11" });
  });

  it("refuses bad dates, reversed ranges and ranges over a year", () => {
    expect(resolveSalesRange("2026-02-30", "2026-03-01")).toEqual({ ok: false, message: "invalidDate" });
    expect(resolveSalesRange("2026-03-02", "2026-03-01")).toEqual({ ok: false, message: "rangeOrder" });
    expect(resolveSalesRange("2024-01-01", "2026-03-01")).toEqual({ ok: false, message: "rangeTooLong" });
  });
});

describe("getSalesReport", () => {
  it("counts paid orders only, per Kuwait day, exact to the fils, and flags a full month", async () => {
    // a year far from other tests' orders, so this month holds only these rows
    const year = 2100 + crypto.randomInt(0, 800);
    const day = (d: number, hourUtc: number) => new Date(Date.UTC(year, 1, d, hourUtc));
    const a = await createOrder(prisma, { subtotalFils: 1001, deliveryFeeFils: 1500, createdAt: day(1, 8) });
    const b = await createOrder(prisma, { subtotalFils: 2333, deliveryFeeFils: 1750, createdAt: day(1, 20) });
    // 22:00 UTC on the 1st is the 2nd in Kuwait
    const c = await createOrder(prisma, { subtotalFils: 5, deliveryFeeFils: 2000, createdAt: day(1, 22), status: "cancelled" });
    await createOrder(prisma, { subtotalFils: 7000, deliveryFeeFils: 1000, createdAt: day(1, 9), paymentStatus: "unpaid" });
    await createOrder(prisma, { subtotalFils: 7000, deliveryFeeFils: 1000, createdAt: day(1, 9), paymentStatus: "failed" });

    const lastDay = new Date(Date.UTC(year, 2, 0)).getUTCDate();
    const report = await getSalesReport(`${year}-02-01`, `${year}-02-${lastDay}`);
    expect(report.isFullMonth).toBe(true);
    expect(Object.keys(report.days)).toEqual([`${year}-02-01`, `${year}-02-02`]);
    expect(report.days[`${year}-02-01`]).toEqual({
      orders: [
        { orderNumber: a.orderNumber, totalFils: 2501 },
        { orderNumber: b.orderNumber, totalFils: 4083 },
      ],
      productsFils: 3334,
      deliveryFils: 3250,
      totalFils: 6584,
    });
    expect(report.days[`${year}-02-02`].orders).toEqual([{ orderNumber: c.orderNumber, totalFils: 2005 }]);
    expect(report.rangeSummary).toEqual({ productsFils: 3339, deliveryFils: 5250, totalFils: 8589, orderCount: 3 });

    const json = salesReportJson(report);
    expect(json.rangeSummary).toEqual({ productsTotal: 3.339, deliveryTotal: 5.25, totalAmount: 8.589, orderCount: 3 });
    expect(json.days[`${year}-02-01`].orders[0]).toEqual({ orderNumber: a.orderNumber, totalAmount: 2.501 });

    const csv = salesReportCsv(report).split("\r\n");
    expect(csv[0]).toBe("date,orderNumber,productsTotalKD,deliveryTotalKD,totalKD");
    expect(csv).toContain(`${year}-02-01,day total,3.334,3.250,6.584`);
    expect(csv).toContain(`${year}-02-01..${year}-02-${lastDay},range total,3.339,5.250,8.589`);

    expect((await getSalesReport(`${year}-02-01`, `${year}-02-10`)).isFullMonth).toBe(false);
  });
});
