import { describe, expect, it } from "vitest";
import type { SalesReport } from "~/models/reports/index.server";
import { salesReportCsv, salesReportJson } from "./reports.server";

/** A report as the model hands it over (fils, Kuwait days), without a database: the answers are pure shaping. */
const zeroDay = { orders: [], refunds: [], productsFils: 0, deliveryFils: 0, discountFils: 0, exchangeCreditFils: 0, totalFils: 0, refundsFils: 0, netFils: 0, returnsFils: 0, returnCount: 0 };
const report: SalesReport = {
  dateFrom: "2026-05-01",
  dateTo: "2026-05-01",
  days: {
    "2026-05-01": {
      ...zeroDay,
      // A gift, wrapped: products + delivery + wrapping = total.
      orders: [{ orderNumber: "ORD-1", productsFils: 2500, deliveryFils: 1000, totalFils: 4250, discountFils: 0, couponCode: null, exchangeCreditFils: 0, giftWrapFils: 750 }],
      refunds: [{ creditNoteNumber: "CN-1", orderNumber: "ORD-1", amountFils: 2000, returnNumber: null }],
      productsFils: 2500,
      deliveryFils: 1000,
      giftWrapFils: 750,
      totalFils: 4250,
      refundsFils: 2000,
      netFils: 2250,
    },
  },
  rangeSummary: { productsFils: 2500, deliveryFils: 1000, giftWrapFils: 750, discountFils: 0, exchangeCreditFils: 0, totalFils: 4250, orderCount: 1, refundsFils: 2000, refundCount: 1, netFils: 2250, returnsFils: 0, returnCount: 0 },
  isFullMonth: false,
  recovered: { orderCount: 1, amountFils: 3500 },
  // A source is the shopper's to write: one that starts like a formula must reach the spreadsheet as text.
  bySource: [
    { source: "instagram", orders: 1, amountFils: 3500 },
    { source: "+cmd", orders: 1, amountFils: 1000 },
    { source: "(direct)", orders: 2, amountFils: 250 },
  ],
  bestSellers: {
    // A product the owner named like a formula: the spreadsheet must show the name, never run it (decision 0070).
    byUnits: [{ productId: "p1", nameEn: "=HYPERLINK(\"http://evil.example\")", nameAr: "+مشبك", units: 1, revenueFils: 2500 }],
    byRevenue: [],
    byVariant: [{ productId: "p1", variantId: "v1", nameEn: "@clip", nameAr: "مشبك", units: 1, revenueFils: 2500, optionValues: [{ en: "-Red", ar: "أحمر" }] }],
  },
};

describe("the sales report's answers", () => {
  it("writes the CSV with the shop's one writer: names that start like a formula come out as text, amounts as numbers", () => {
    const csv = salesReportCsv(report);
    // Excel reads a file without a BOM in the computer's code page: the Arabic names would be garbled.
    expect(csv.startsWith("\uFEFFdate,orderNumber,")).toBe(true);
    const lines = csv.split("\r\n");
    expect(lines[0].endsWith(",exchangeCreditKD,giftWrapKD")).toBe(true);
    // The order's line adds up: 2.500 + 1.000 + 0.750 (wrapping) = 4.250.
    expect(lines).toContain("2026-05-01,ORD-1,2.500,1.000,4.250,0.000,0.000,4.250,,,,0.000,0.750");
    expect(lines).toContain("2026-05-01,ORD-1,,,,,2.000,-2.000,CN-1,,,,");
    expect(lines).toContain("2026-05-01,day total,2.500,1.000,4.250,0.000,2.000,2.250,,0.000,,0.000,0.750");
    expect(lines).toContain(`byUnits,1,p1,"'=HYPERLINK(""http://evil.example"")",'+مشبك,1,2.500`);
    expect(lines).toContain("byVariant,1,p1,v1,'@clip,مشبك,'-Red,أحمر,1,2.500");
    const bySource = lines.indexOf("bySource,source,orders,amountKD");
    expect(lines.slice(bySource, bySource + 4)).toEqual(["bySource,source,orders,amountKD", "bySource,instagram,1,3.500", "bySource,'+cmd,1,1.000", "bySource,(direct),2,0.250"]);
  });

  it("answers the API in KD with SPEC's names", () => {
    const json = salesReportJson(report);
    expect(json.days["2026-05-01"]).toMatchObject({ totalAmount: 4.25, refundsTotal: 2, netAmount: 2.25, refunds: [{ creditNoteNumber: "CN-1", amount: 2, returnNumber: null }] });
    expect(json.days["2026-05-01"].orders[0]).toMatchObject({ productsTotal: 2.5, deliveryFee: 1, giftWrapAmount: 0.75, totalAmount: 4.25 });
    expect(json.rangeSummary).toMatchObject({ orderCount: 1, refundCount: 1, netAmount: 2.25 });
    expect(json).toMatchObject({ recoveredOrders: 1, recoveredAmount: 3.5 });
    expect(json.bySource).toEqual([
      { source: "instagram", orders: 1, amount: 3.5 },
      { source: "+cmd", orders: 1, amount: 1 },
      { source: "(direct)", orders: 2, amount: 0.25 },
    ]);
    expect(json.bestSellers.byVariant[0]).toEqual({ productId: "p1", nameEn: "@clip", nameAr: "مشبك", units: 1, revenue: 2.5, variantId: "v1", optionValues: [{ en: "-Red", ar: "أحمر" }] });
  });
});
