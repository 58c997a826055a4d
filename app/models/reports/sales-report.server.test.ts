import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder } from "../../../tests/factories/order";
import { uniqueYear } from "../../../tests/factories/unique";
import { createProduct, createProductWithOptions } from "../../../tests/factories/product";
import { createCreditNote } from "../../../tests/factories/credit-note";
import { BEST_SELLERS_SHOWN, bestSellerName, getSalesReport, resolveSalesRange } from "./sales-report.server";
import { salesReportCsv, salesReportJson } from "~/api/answers/reports.server";

describe("resolveSalesRange", () => {
  it("defaults both dates to today (Kuwait) when the end date is empty", () => {
    const now = new Date("2026-05-10T22:00:00Z");
    expect(resolveSalesRange("2026-05-01", "", now)).toEqual({ ok: true, dateFrom: "2026-05-11", dateTo: "2026-05-11" });
    expect(resolveSalesRange(null, null, now)).toEqual({ ok: true, dateFrom: "2026-05-11", dateTo: "2026-05-11" });
  });

  it("refuses bad dates, reversed ranges and ranges over a year", () => {
    expect(resolveSalesRange("2026-02-30", "2026-03-01")).toEqual({ ok: false, message: "invalidDate" });
    expect(resolveSalesRange("garbage", null)).toEqual({ ok: false, message: "invalidDate" });
    expect(resolveSalesRange("2026-03-02", "2026-03-01")).toEqual({ ok: false, message: "rangeOrder" });
    expect(resolveSalesRange("2024-01-01", "2026-03-01")).toEqual({ ok: false, message: "rangeTooLong" });
  });
});

describe("getSalesReport", () => {
  it("counts paid orders only, per Kuwait day, exact to the fils, and flags a full month", async () => {
    // a year of its own, so this month holds only these rows
    const year = await uniqueYear(prisma);
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
        { orderNumber: a.orderNumber, productsFils: 1001, deliveryFils: 1500, totalFils: 2501, discountFils: 0, couponCode: null, exchangeCreditFils: 0, giftWrapFils: 0 },
        { orderNumber: b.orderNumber, productsFils: 2333, deliveryFils: 1750, totalFils: 4083, discountFils: 0, couponCode: null, exchangeCreditFils: 0, giftWrapFils: 0 },
      ],
      refunds: [],
      productsFils: 3334,
      deliveryFils: 3250,
      giftWrapFils: 0,
      discountFils: 0,
      exchangeCreditFils: 0,
      totalFils: 6584,
      refundsFils: 0,
      netFils: 6584,
      returnsFils: 0,
      returnCount: 0,
    });
    expect(report.days[`${year}-02-02`].orders).toEqual([
      { orderNumber: c.orderNumber, productsFils: 5, deliveryFils: 2000, totalFils: 2005, discountFils: 0, couponCode: null, exchangeCreditFils: 0, giftWrapFils: 0 },
    ]);
    expect(report.rangeSummary).toEqual({
      productsFils: 3339,
      deliveryFils: 5250,
      giftWrapFils: 0,
      discountFils: 0,
      exchangeCreditFils: 0,
      totalFils: 8589,
      orderCount: 3,
      refundsFils: 0,
      refundCount: 0,
      netFils: 8589,
      returnsFils: 0,
      returnCount: 0,
    });

    const json = salesReportJson(report);
    expect(json.rangeSummary).toEqual({
      productsTotal: 3.339,
      deliveryTotal: 5.25,
      giftWrapTotal: 0,
      totalAmount: 8.589,
      orderCount: 3,
      discountTotal: 0,
      exchangeCreditTotal: 0,
      refundsTotal: 0,
      refundCount: 0,
      netAmount: 8.589,
      returnsTotal: 0,
      returnCount: 0,
    });
    expect(json.days[`${year}-02-01`].orders[0]).toEqual({
      orderNumber: a.orderNumber,
      totalAmount: 2.501,
      discountAmount: 0,
      couponCode: null,
      exchangeCredit: 0,
      productsTotal: 1.001,
      deliveryFee: 1.5,
      giftWrapAmount: 0,
    });

    const csv = salesReportCsv(report).split("\r\n");
    expect(csv[0]).toBe("\uFEFFdate,orderNumber,productsTotalKD,deliveryTotalKD,totalKD,discountKD,refundsKD,netKD,creditNoteNumber,returnsKD,returnNumber,exchangeCreditKD,giftWrapKD");
    expect(csv).toContain(`${year}-02-01,day total,3.334,3.250,6.584,0.000,0.000,6.584,,0.000,,0.000,0.000`);
    expect(csv).toContain(`${year}-02-01..${year}-02-${lastDay},range total,3.339,5.250,8.589,0.000,0.000,8.589,,0.000,,0.000,0.000`);

    expect((await getSalesReport(`${year}-02-01`, `${year}-02-10`)).isFullMonth).toBe(false);
  });
});

describe("refunds", () => {
  it("counts a credit note on the day it was issued: the order's day keeps its full sale, the refund's day shows the refund and the net", async () => {
    const year = await uniqueYear(prisma);
    // Kuwait days: 09:00 UTC is noon in Kuwait
    const placed = new Date(Date.UTC(year, 5, 5, 9));
    const refundedOn = new Date(Date.UTC(year, 5, 15, 9));
    const order = await createOrder(prisma, { subtotalFils: 8750, deliveryFeeFils: 1500, createdAt: placed });
    // bought on the refund's day too: its sale and the older order's refund meet on one day
    const sameDay = await createOrder(prisma, { subtotalFils: 3000, deliveryFeeFils: 1000, createdAt: refundedOn });
    const note = await createCreditNote(prisma, order, 2000, refundedOn);
    // 21:30 UTC on the 15th is the 16th in Kuwait
    const late = await createCreditNote(prisma, sameDay, 1, new Date(Date.UTC(year, 5, 15, 21, 30)));

    const orderDay = await getSalesReport(`${year}-06-05`, `${year}-06-05`);
    expect(orderDay.days[`${year}-06-05`]).toMatchObject({ totalFils: 10250, refunds: [], refundsFils: 0, netFils: 10250 });
    expect(orderDay.rangeSummary).toMatchObject({ totalFils: 10250, refundsFils: 0, refundCount: 0, netFils: 10250 });

    const refundDay = await getSalesReport(`${year}-06-15`, `${year}-06-15`);
    expect(refundDay.days[`${year}-06-15`]).toMatchObject({
      orders: [{ orderNumber: sameDay.orderNumber, totalFils: 4000 }],
      refunds: [{ creditNoteNumber: note.number, orderNumber: order.orderNumber, amountFils: 2000 }],
      totalFils: 4000,
      refundsFils: 2000,
      netFils: 2000,
    });

    const lateDay = await getSalesReport(`${year}-06-16`, `${year}-06-16`);
    expect(lateDay.days).toEqual({
      [`${year}-06-16`]: {
        orders: [],
        refunds: [{ creditNoteNumber: late.number, orderNumber: sameDay.orderNumber, amountFils: 1, returnNumber: null }],
        productsFils: 0,
        deliveryFils: 0,
      giftWrapFils: 0,
        discountFils: 0,
        exchangeCreditFils: 0,
        totalFils: 0,
        refundsFils: 1,
        netFils: -1,
        returnsFils: 0,
        returnCount: 0,
      },
    });

    const range = await getSalesReport(`${year}-06-01`, `${year}-06-30`);
    expect(Object.keys(range.days)).toEqual([`${year}-06-05`, `${year}-06-15`, `${year}-06-16`]);
    expect(range.rangeSummary).toEqual({
      productsFils: 11750,
      deliveryFils: 2500,
      giftWrapFils: 0,
      discountFils: 0,
      exchangeCreditFils: 0,
      totalFils: 14250,
      orderCount: 2,
      refundsFils: 2001,
      refundCount: 2,
      netFils: 12249,
      returnsFils: 0,
      returnCount: 0,
    });

    const json = salesReportJson(range);
    expect(json.days[`${year}-06-15`]).toMatchObject({
      refunds: [{ creditNoteNumber: note.number, orderNumber: order.orderNumber, amount: 2 }],
      totalAmount: 4,
      refundsTotal: 2,
      netAmount: 2,
    });
    expect(json.days[`${year}-06-16`]).toMatchObject({ refundsTotal: 0.001, netAmount: -0.001 });
    expect(json.rangeSummary).toMatchObject({ totalAmount: 14.25, refundsTotal: 2.001, refundCount: 2, netAmount: 12.249 });

    const csv = salesReportCsv(range).split("\r\n");
    expect(csv).toContain(`${year}-06-05,${order.orderNumber},8.750,1.500,10.250,0.000,0.000,10.250,,,,0.000,0.000`);
    expect(csv).toContain(`${year}-06-05,day total,8.750,1.500,10.250,0.000,0.000,10.250,,0.000,,0.000,0.000`);
    expect(csv).toContain(`${year}-06-15,${order.orderNumber},,,,,2.000,-2.000,${note.number},,,,`);
    expect(csv).toContain(`${year}-06-15,day total,3.000,1.000,4.000,0.000,2.000,2.000,,0.000,,0.000,0.000`);
    expect(csv).toContain(`${year}-06-16,day total,0.000,0.000,0.000,0.000,0.001,-0.001,,0.000,,0.000,0.000`);
    expect(csv).toContain(`${year}-06-01..${year}-06-30,range total,11.750,2.500,14.250,0.000,2.001,12.249,,0.000,,0.000,0.000`);
  });
});

describe("discounts and best sellers", () => {
  it("sums paid orders' discounts per day and for the range, in fils and in the JSON and CSV", async () => {
    const year = await uniqueYear(prisma);
    const day = (d: number) => new Date(Date.UTC(year, 3, d, 9));
    const a = await createOrder(prisma, { subtotalFils: 10000, deliveryFeeFils: 1500, discountFils: 1005, couponCode: "EID10", createdAt: day(3) });
    await createOrder(prisma, { subtotalFils: 4000, deliveryFeeFils: 0, discountFils: 4000, couponCode: "FREE", createdAt: day(3) });
    await createOrder(prisma, { subtotalFils: 2000, deliveryFeeFils: 1500, createdAt: day(4) });
    await createOrder(prisma, { subtotalFils: 9000, deliveryFeeFils: 1500, discountFils: 900, createdAt: day(4), paymentStatus: "unpaid" });

    const report = await getSalesReport(`${year}-04-01`, `${year}-04-30`);
    expect(report.days[`${year}-04-03`]).toMatchObject({ productsFils: 14000, deliveryFils: 1500, discountFils: 5005, totalFils: 10495 });
    expect(report.days[`${year}-04-03`].orders[0]).toEqual({
      orderNumber: a.orderNumber,
      productsFils: 10000,
      deliveryFils: 1500,
      totalFils: 10495,
      discountFils: 1005,
      couponCode: "EID10",
      exchangeCreditFils: 0,
      giftWrapFils: 0,
    });
    expect(report.days[`${year}-04-04`].discountFils).toBe(0);
    expect(report.rangeSummary).toMatchObject({ productsFils: 16000, deliveryFils: 3000, discountFils: 5005, totalFils: 13995, orderCount: 3 });

    const json = salesReportJson(report);
    expect(json.days[`${year}-04-03`]).toMatchObject({ productsTotal: 14, deliveryTotal: 1.5, discountTotal: 5.005, totalAmount: 10.495 });
    expect(json.rangeSummary.discountTotal).toBe(5.005);

    const csv = salesReportCsv(report).split("\r\n");
    expect(csv).toContain(`${year}-04-03,${a.orderNumber},10.000,1.500,10.495,1.005,0.000,10.495,,,,0.000,0.000`);
    expect(csv).toContain(`${year}-04-03,day total,14.000,1.500,10.495,5.005,0.000,10.495,,0.000,,0.000,0.000`);
    expect(csv).toContain(`${year}-04-01..${year}-04-30,range total,16.000,3.000,13.995,5.005,0.000,13.995,,0.000,,0.000,0.000`);
  });

  it("keeps an exchange's credit out of the discount codes' figures, named apart (issue 43)", async () => {
    const year = await uniqueYear(prisma);
    const at = new Date(`${year}-05-02T09:00:00Z`);
    const exchange = await createOrder(prisma, { subtotalFils: 3000, discountFils: 2500, deliveryFeeFils: 0, createdAt: at });
    await prisma.order.update({ where: { id: exchange.id }, data: { exchangeForOrderNumber: "ORD-0000000001" } });
    const report = await getSalesReport(`${year}-05-01`, `${year}-05-31`);
    expect(report.days[`${year}-05-02`].orders[0]).toMatchObject({ discountFils: 0, couponCode: null, exchangeCreditFils: 2500, totalFils: 500 });
    expect(report.rangeSummary).toMatchObject({ discountFils: 0, exchangeCreditFils: 2500, productsFils: 3000, totalFils: 500 });
    const json = salesReportJson(report);
    expect(json.rangeSummary).toMatchObject({ discountTotal: 0, exchangeCreditTotal: 2.5 });
    expect(salesReportCsv(report).split("\r\n")).toContain(`${year}-05-02,${exchange.orderNumber},3.000,0.000,0.500,0.000,0.000,0.500,,,,2.500,0.000`);
  });

  it("ranks the range's products by units and by revenue from paid lines, named in both languages", async () => {
    const year = await uniqueYear(prisma);
    const when = new Date(Date.UTC(year, 6, 10, 9));
    const cheap = await createProduct(prisma, { nameEn: "Cheap, small bow", nameAr: "فيونكة صغيرة" });
    const dear = await createProduct(prisma, { nameEn: "Dear bow", nameAr: "فيونكة غالية" });
    const middle = await createProduct(prisma, { nameEn: "Middle bow", nameAr: "فيونكة وسط" });
    const line = (product: { id: string; nameEn: string; nameAr: string }, priceFils: number, quantity: number) => ({
      productId: product.id,
      nameEn: product.nameEn,
      nameAr: product.nameAr,
      priceFils,
      quantity,
    });
    await createOrder(prisma, { createdAt: when, discountFils: 500, items: [line(cheap, 500, 4), line(dear, 9000, 1)] });
    await createOrder(prisma, { createdAt: when, items: [line(cheap, 500, 2), line(middle, 3000, 2)] });
    // outside the range, unpaid, or of a deleted product: not counted
    await createOrder(prisma, { createdAt: new Date(Date.UTC(year, 7, 1, 9)), items: [line(dear, 9000, 50)] });
    await createOrder(prisma, { createdAt: when, paymentStatus: "failed", items: [line(middle, 3000, 50)] });
    await createOrder(prisma, { createdAt: when, items: [{ productId: null, nameEn: "Gone", nameAr: "محذوف", priceFils: 100, quantity: 99 }] });

    const report = await getSalesReport(`${year}-07-01`, `${year}-07-31`);
    expect(report.bestSellers.byUnits).toEqual([
      { productId: cheap.id, nameEn: "Cheap, small bow", nameAr: "فيونكة صغيرة", units: 6, revenueFils: 3000 },
      { productId: middle.id, nameEn: "Middle bow", nameAr: "فيونكة وسط", units: 2, revenueFils: 6000 },
      { productId: dear.id, nameEn: "Dear bow", nameAr: "فيونكة غالية", units: 1, revenueFils: 9000 },
    ]);
    expect(report.bestSellers.byRevenue.map((row) => row.productId)).toEqual([dear.id, middle.id, cheap.id]);
    expect(bestSellerName(report.bestSellers.byRevenue[0], "ar")).toBe("فيونكة غالية");

    const json = salesReportJson(report);
    expect(json.bestSellers.byRevenue[0]).toEqual({ productId: dear.id, nameEn: "Dear bow", nameAr: "فيونكة غالية", units: 1, revenue: 9 });

    const csv = salesReportCsv(report).split("\r\n");
    expect(csv).toContain("bestSellers,rank,productId,nameEn,nameAr,units,revenueBeforeDiscountKD");
    expect(csv).toContain(`byUnits,1,${cheap.id},"Cheap, small bow",فيونكة صغيرة,6,3.000`);
    expect(csv).toContain(`byRevenue,1,${dear.id},Dear bow,فيونكة غالية,1,9.000`);
  });

  it("ranks the variants of products with options too, beside the products' own rows (issue 31)", async () => {
    const year = await uniqueYear(prisma);
    const when = new Date(Date.UTC(year, 8, 10, 9));
    const red = { en: "Red", ar: "أحمر" };
    const blue = { en: "Blue", ar: "أزرق" };
    const { product, variants } = await createProductWithOptions(prisma, [{ nameEn: "Colour", values: [red, blue] }], [{ optionValues: [red] }, { optionValues: [blue] }], {
      nameEn: "Hair clip",
      nameAr: "مشبك شعر",
    });
    const plain = await createProduct(prisma, { nameEn: "Plain bow", nameAr: "فيونكة" });
    const line = (variant: { id: string; optionValues: unknown } | null, priceFils: number, quantity: number) => ({
      productId: variant ? product.id : plain.id,
      nameEn: variant ? product.nameEn : plain.nameEn,
      nameAr: variant ? product.nameAr : plain.nameAr,
      variantId: variant ? variant.id : plain.id,
      optionValues: variant ? (variant.optionValues as { en: string; ar: string }[]) : [],
      priceFils,
      quantity,
    });
    await createOrder(prisma, { createdAt: when, items: [line(variants[0], 1000, 1), line(variants[1], 1000, 3), line(null, 500, 9)] });
    await createOrder(prisma, { createdAt: when, items: [line(variants[0], 1000, 1)] });

    const report = await getSalesReport(`${year}-09-01`, `${year}-09-30`);
    expect(report.bestSellers.byUnits).toEqual([
      { productId: plain.id, nameEn: "Plain bow", nameAr: "فيونكة", units: 9, revenueFils: 4500 },
      { productId: product.id, nameEn: "Hair clip", nameAr: "مشبك شعر", units: 5, revenueFils: 5000 },
    ]);
    expect(report.bestSellers.byVariant).toEqual([
      { productId: product.id, variantId: variants[1].id, nameEn: "Hair clip", nameAr: "مشبك شعر", optionValues: [blue], units: 3, revenueFils: 3000 },
      { productId: product.id, variantId: variants[0].id, nameEn: "Hair clip", nameAr: "مشبك شعر", optionValues: [red], units: 2, revenueFils: 2000 },
    ]);
    expect(bestSellerName(report.bestSellers.byVariant[0], "ar")).toBe("مشبك شعر (أزرق)");
    expect(salesReportJson(report).bestSellers.byVariant[1]).toEqual({
      productId: product.id,
      variantId: variants[0].id,
      nameEn: "Hair clip",
      nameAr: "مشبك شعر",
      optionValues: [red],
      units: 2,
      revenue: 2,
    });
    const csv = salesReportCsv(report).split("\r\n");
    expect(csv).toContain(`byUnits,1,${plain.id},Plain bow,فيونكة,9,4.500`);
    expect(csv).toContain("bestSellersByVariant,rank,productId,variantId,nameEn,nameAr,optionValuesEn,optionValuesAr,units,revenueBeforeDiscountKD");
    expect(csv).toContain(`byVariant,1,${product.id},${variants[1].id},Hair clip,مشبك شعر,Blue,أزرق,3,3.000`);
    expect(csv.at(-1)).toBe("");
  });

  it("keeps the top ten of each list", async () => {
    const year = await uniqueYear(prisma);
    const when = new Date(Date.UTC(year, 9, 10, 9));
    const category = (await createProduct(prisma)).categoryId;
    const items = [];
    for (let i = 1; i <= BEST_SELLERS_SHOWN + 2; i++) {
      const product = await createProduct(prisma, { categoryId: category });
      items.push({ productId: product.id, nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 100, quantity: i });
    }
    await createOrder(prisma, { createdAt: when, items });
    const report = await getSalesReport(`${year}-10-01`, `${year}-10-31`);
    expect(report.bestSellers.byUnits).toHaveLength(BEST_SELLERS_SHOWN);
    expect(report.bestSellers.byUnits[0].units).toBe(BEST_SELLERS_SHOWN + 2);
    expect(report.bestSellers.byRevenue.at(-1)?.units).toBe(3);
  });

  it("splits the range's paid orders by the campaign source they came from, orders without one as (direct)", async () => {
    const year = await uniqueYear(prisma);
    const at = (day: number) => new Date(Date.UTC(year, 6, day, 9));
    const placed = async (totalFils: number, day: number, utmSource: string | null, paymentStatus = "paid") => {
      const order = await createOrder(prisma, { subtotalFils: totalFils, deliveryFeeFils: 0, createdAt: at(day), paymentStatus });
      await prisma.order.update({ where: { id: order.id }, data: { utmSource, utmCampaign: utmSource ? "eid" : null } });
    };
    await placed(5000, 2, "instagram");
    await placed(2500, 3, "instagram");
    await placed(9000, 4, "facebook");
    await placed(1250, 5, null);
    // not a sale, and outside the range
    await placed(40000, 5, "tiktok", "unpaid");
    await placed(40000, 20, "tiktok");

    const report = await getSalesReport(`${year}-07-01`, `${year}-07-10`);
    expect(report.bySource).toEqual([
      { source: "facebook", orders: 1, amountFils: 9000 },
      { source: "instagram", orders: 2, amountFils: 7500 },
      { source: "(direct)", orders: 1, amountFils: 1250 },
    ]);
    expect(salesReportJson(report).bySource).toEqual([
      { source: "facebook", orders: 1, amount: 9 },
      { source: "instagram", orders: 2, amount: 7.5 },
      { source: "(direct)", orders: 1, amount: 1.25 },
    ]);
    expect(salesReportCsv(report).trimEnd().split("\r\n").slice(-4)).toEqual(["bySource,source,orders,amountKD", "bySource,facebook,1,9.000", "bySource,instagram,2,7.500", "bySource,(direct),1,1.250"]);
  });
});
