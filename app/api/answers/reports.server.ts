import { localized, type Language } from "~/shared/language";
import { filsToKD } from "~/shared/money";
import { csvFigure, writeCsv, type CsvCell, type CsvFigure } from "~/utils/csv.server";
import type { BestSeller, SalesReport } from "~/models/reports/index.server";

/** The sales report as the API answers it and as the CSV download writes it (SPEC section 3, issue 31). */

/**
 * SPEC section 3's shape, amounts in KD, SPEC's names kept. Beside them: each order's products and delivery, the
 * day's credit notes (`refunds`), `refundsTotal` and `netAmount` (totalAmount − refundsTotal) per day and for the
 * range, and the range's `refundCount`.
 */
export function salesReportJson(report: SalesReport) {
  return {
    dateFrom: report.dateFrom,
    dateTo: report.dateTo,
    days: Object.fromEntries(
      Object.entries(report.days).map(([date, day]) => [
        date,
        {
          orders: day.orders.map((order) => ({
            orderNumber: order.orderNumber,
            totalAmount: filsToKD(order.totalFils),
            discountAmount: filsToKD(order.discountFils),
            couponCode: order.couponCode,
            exchangeCredit: filsToKD(order.exchangeCreditFils),
            productsTotal: filsToKD(order.productsFils),
            deliveryFee: filsToKD(order.deliveryFils),
            giftWrapAmount: filsToKD(order.giftWrapFils),
          })),
          productsTotal: filsToKD(day.productsFils),
          deliveryTotal: filsToKD(day.deliveryFils),
          giftWrapTotal: filsToKD(day.giftWrapFils),
          totalAmount: filsToKD(day.totalFils),
          discountTotal: filsToKD(day.discountFils),
          exchangeCreditTotal: filsToKD(day.exchangeCreditFils),
          refunds: day.refunds.map((note) => ({ creditNoteNumber: note.creditNoteNumber, orderNumber: note.orderNumber, amount: filsToKD(note.amountFils), returnNumber: note.returnNumber })),
          refundsTotal: filsToKD(day.refundsFils),
          netAmount: filsToKD(day.netFils),
          returnsTotal: filsToKD(day.returnsFils),
          returnCount: day.returnCount,
        },
      ]),
    ),
    rangeSummary: {
      productsTotal: filsToKD(report.rangeSummary.productsFils),
      deliveryTotal: filsToKD(report.rangeSummary.deliveryFils),
      giftWrapTotal: filsToKD(report.rangeSummary.giftWrapFils),
      totalAmount: filsToKD(report.rangeSummary.totalFils),
      orderCount: report.rangeSummary.orderCount,
      discountTotal: filsToKD(report.rangeSummary.discountFils),
      exchangeCreditTotal: filsToKD(report.rangeSummary.exchangeCreditFils),
      refundsTotal: filsToKD(report.rangeSummary.refundsFils),
      refundCount: report.rangeSummary.refundCount,
      netAmount: filsToKD(report.rangeSummary.netFils),
      returnsTotal: filsToKD(report.rangeSummary.returnsFils),
      returnCount: report.rangeSummary.returnCount,
    },
    isFullMonth: report.isFullMonth,
    // CONTRACT.md "Unfinished checkouts": the range's orders paid after a payment reminder, and their total in KD.
    recoveredOrders: report.recovered.orderCount,
    recoveredAmount: filsToKD(report.recovered.amountFils),
    // CONTRACT.md "Where the shopper came from": paid sales by campaign source, DIRECT_SOURCE for none.
    bySource: report.bySource.map((row) => ({ source: row.source, orders: row.orders, amount: filsToKD(row.amountFils) })),
    bestSellers: {
      byUnits: report.bestSellers.byUnits.map(bestSellerJson),
      byRevenue: report.bestSellers.byRevenue.map(bestSellerJson),
      byVariant: report.bestSellers.byVariant.map((row) => ({ ...bestSellerJson(row), variantId: row.variantId, optionValues: row.optionValues })),
    },
  };
}

function bestSellerJson(row: BestSeller) {
  return { productId: row.productId, nameEn: row.nameEn, nameAr: row.nameAr, units: row.units, revenue: filsToKD(row.revenueFils) };
}

/** Fils as KD with 3 decimals, exact: integer arithmetic, never a float's rounding (-2000 → "-2.000"). */
function kd3(fils: number): string {
  const sign = fils < 0 ? "-" : "";
  const abs = Math.abs(fils);
  return `${sign}${Math.floor(abs / 1000)}.${String(abs % 1000).padStart(3, "0")}`;
}

/** An amount as the CSV writes it: a figure of the shop's, so a refund's "-2.000" stays a number in the spreadsheet. */
function kdCell(fils: number): CsvFigure {
  return csvFigure(kd3(fils));
}

/**
 * One line per order and per credit note, then a line per day and one for the range; KD with 3 decimals so nothing
 * is rounded away. Newer columns come after the older ones so a spreadsheet reading those by position still reads
 * them: discountKD (discount codes only), then refundsKD (what credit notes gave back that day, a positive amount like the discount),
 * netKD (total − refunds) and the credit note's number. An order's line has its own products, delivery, total and
 * net; a credit note's line names its order and has only the refund and a negative net. Below a blank line, the
 * best sellers: a header of their own, one line per product and list (`byUnits`, `byRevenue`), revenue before
 * discount codes. When products with options sold, below another blank line the best variants (issue 31) with a
 * header of their own, so the lines above read as before: product, variant, each language's values joined by " / ".
 * exchangeCreditKD is what exchange orders were credited for the items returned (decision 0078), and giftWrapKD, last,
 * the gifts' wrapping (issue 48), so an order's line adds up to its total. Below a last
 * blank line, the paid sales by campaign source (decision 0089): source, orders, amount.
 * Written by the shop's one CSV writer: a name that starts like a formula comes out as text, the amounts as numbers.
 */
export function salesReportCsv(report: SalesReport): string {
  const rows: CsvCell[][] = [["date", "orderNumber", "productsTotalKD", "deliveryTotalKD", "totalKD", "discountKD", "refundsKD", "netKD", "creditNoteNumber", "returnsKD", "returnNumber", "exchangeCreditKD", "giftWrapKD"]];
  for (const [date, day] of Object.entries(report.days)) {
    for (const order of day.orders) {
      rows.push([date, order.orderNumber, kdCell(order.productsFils), kdCell(order.deliveryFils), kdCell(order.totalFils), kdCell(order.discountFils), kdCell(0), kdCell(order.totalFils), "", "", "", kdCell(order.exchangeCreditFils), kdCell(order.giftWrapFils)]);
    }
    for (const note of day.refunds) {
      const ofReturn = note.returnNumber === null ? ["", ""] : [kdCell(note.amountFils), note.returnNumber];
      rows.push([date, note.orderNumber, "", "", "", "", kdCell(note.amountFils), kdCell(-note.amountFils), note.creditNoteNumber, ...ofReturn, "", ""]);
    }
    rows.push([date, "day total", kdCell(day.productsFils), kdCell(day.deliveryFils), kdCell(day.totalFils), kdCell(day.discountFils), kdCell(day.refundsFils), kdCell(day.netFils), "", kdCell(day.returnsFils), "", kdCell(day.exchangeCreditFils), kdCell(day.giftWrapFils)]);
  }
  const summary = report.rangeSummary;
  rows.push([
    `${report.dateFrom}..${report.dateTo}`,
    "range total",
    kdCell(summary.productsFils),
    kdCell(summary.deliveryFils),
    kdCell(summary.totalFils),
    kdCell(summary.discountFils),
    kdCell(summary.refundsFils),
    kdCell(summary.netFils),
    "",
    kdCell(summary.returnsFils),
    "",
    kdCell(summary.exchangeCreditFils),
    kdCell(summary.giftWrapFils),
  ]);
  rows.push([], ["bestSellers", "rank", "productId", "nameEn", "nameAr", "units", "revenueBeforeDiscountKD"]);
  for (const [list, rowsOf] of [["byUnits", report.bestSellers.byUnits], ["byRevenue", report.bestSellers.byRevenue]] as const) {
    rowsOf.forEach((row, index) => {
      rows.push([list, index + 1, row.productId, row.nameEn, row.nameAr, row.units, kdCell(row.revenueFils)]);
    });
  }
  if (report.bestSellers.byVariant.length > 0) {
    rows.push([], ["bestSellersByVariant", "rank", "productId", "variantId", "nameEn", "nameAr", "optionValuesEn", "optionValuesAr", "units", "revenueBeforeDiscountKD"]);
    report.bestSellers.byVariant.forEach((row, index) => {
      const values = (language: Language) => row.optionValues.map((value) => localized(language, value)).join(" / ");
      rows.push(["byVariant", index + 1, row.productId, row.variantId, row.nameEn, row.nameAr, values("en"), values("ar"), row.units, kdCell(row.revenueFils)]);
    });
  }
  // Last, under a header of its own, so the sections above read as before (decision 0089).
  rows.push([], ["bySource", "source", "orders", "amountKD"]);
  for (const row of report.bySource) rows.push(["bySource", row.source, row.orders, kdCell(row.amountFils)]);
  // With a BOM, as the catalogue export: Excel reads a file without one in the computer's code page, Arabic garbled.
  return writeCsv(rows, { bom: true });
}
