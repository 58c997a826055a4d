import { closingRow, drawBilingualRow, drawShopHeader, endSheet, kuwaitTime, ltr, startSheet, type BilingualRow, type Sheet } from "~/pdf/document.server";
import { formatKDText } from "~/shared/bidi";
import { drawCustomer, drawOrderSummary, type InvoiceData } from "~/pdf/order-sections.server";
import { formatKD } from "~/shared/money";
import { formatCount, localFigure } from "~/shared/digits";

/**
 * Everything a credit note shows (issue 18, point 3), as plain data: the drawing never reads the database. A refund
 * is an amount counted against a paid order (app/models/payments/refund.server.ts), not a list of items, so the note states
 * the amount, whether it was the whole order (delivery included) and what stays paid; a return's refund also names the
 * return and the goods it took back (`forReturn`).
 */
export type CreditNoteData = {
  /** "CN-" and digits, its own series */
  creditNoteNumber: string;
  issuedAt: Date;
  /** the refund's amount */
  amountFils: number;
  /** true when this refund brought the order's refunds up to its whole total, delivery included */
  isFullRefund: boolean;
  /** what the order has refunded before this note */
  refundedBeforeFils: number;
  /** what stays paid after this refund: totalFils - refundedBeforeFils - amountFils */
  remainingPaidFils: number;
  /** the original invoice's data: order number, its date, customer, items and totals (the discount line included) */
  order: InvoiceData;
  /** the order's language, for the tagged PDF's document language */
  language: "ar" | "en";
  /** the return this refund is for, when it is one; absent for a refund the owner made on the order itself */
  forReturn?: ReturnedGoods | null;
};

/**
 * What a return's refund credits: the return's number, the items taken back, their price, and their share of the
 * order's discount (or exchange credit), which the refund is less by (app/shared/returns.ts `returnRefundFils`).
 */
export type ReturnedGoods = {
  number: string;
  items: { nameEn: string; nameAr: string; quantity: number }[];
  itemsFils: number;
  discountShareFils: number;
};

/**
 * The bilingual credit note of one refund: its number and date, the original order, what was refunded, the
 * original items and totals for reference, and what stays paid. Drawn with the invoice's parts, tagged and
 * extractable in the same way (issue 18).
 */
export async function renderCreditNotePdf(note: CreditNoteData): Promise<Buffer> {
  const { order } = note;
  const running = { en: `Credit note ${note.creditNoteNumber}`, ar: `إشعار دائن ${ltr(note.creditNoteNumber)}` };
  const sheet = startSheet(`Credit note ${note.creditNoteNumber} / إشعار دائن`, note.language, order.shop.name.en, running);
  let y = drawShopHeader(sheet, sheet.doc.page.margins.top, order.shop);
  y += 10;
  y += drawBilingualRow(sheet, y, "Credit note", "إشعار دائن", { bold: true, size: 16, type: "H1" });
  y += drawBilingualRow(sheet, y, `Credit note number: ${note.creditNoteNumber}`, `رقم الإشعار: ${note.creditNoteNumber}`);
  const issued = kuwaitTime(note.issuedAt);
  y += drawBilingualRow(sheet, y, `Issue date: ${issued} (Kuwait)`, `تاريخ الإصدار: ${ltr(localFigure(issued, "ar"))} (الكويت)`);
  y += drawBilingualRow(sheet, y, `Original order: ${order.orderNumber}`, `الطلب الأصلي: ${order.orderNumber}`);
  const ordered = kuwaitTime(order.paidAt ?? order.createdAt);
  y += drawBilingualRow(sheet, y, `Order date: ${ordered} (Kuwait)`, `تاريخ الطلب: ${ltr(localFigure(ordered, "ar"))} (الكويت)`);
  y += 10;
  y = drawCustomer(sheet, order, y);
  y += 10;
  y += drawBilingualRow(sheet, y, "Refund", "الاسترداد", { bold: true, size: 12, type: "H2" });
  y += note.isFullRefund
    ? drawBilingualRow(sheet, y, "Full refund, delivery included", "استرداد كامل شامل التوصيل")
    : drawBilingualRow(sheet, y, `Partial refund of amount ${formatKD(note.amountFils)}`, `استرداد جزئي بمبلغ ${formatKDText(note.amountFils, "ar")}`);
  if (note.forReturn) y = drawReturnedGoods(sheet, y, note.forReturn, order);
  y += 14;
  const heading: BilingualRow = { en: "The original order, for reference", ar: "الطلب الأصلي للمرجع", options: { bold: true, size: 12, type: "H2" } };
  // Under the order's grand total, as a ledger: what went back before, now, and what stays paid.
  const ledger: BilingualRow[] = [
    { en: `Refunded before: ${formatKD(note.refundedBeforeFils)}`, ar: `المسترد سابقًا: ${formatKDText(note.refundedBeforeFils, "ar")}` },
    { en: `This refund: ${formatKD(note.amountFils)}`, ar: `هذا الاسترداد: ${formatKDText(note.amountFils, "ar")}`, options: { bold: true } },
    {
      en: `Remaining paid amount: ${formatKD(note.remainingPaidFils)}`,
      ar: `المبلغ المدفوع المتبقي: ${formatKDText(note.remainingPaidFils, "ar")}`,
      options: { bold: true, size: 13 },
    },
  ];
  drawOrderSummary(sheet, order, y, {
    heading,
    closing: [...ledger, closingRow("The refunded amount goes back to the card or account the order was paid with.", "يعود المبلغ المسترد إلى البطاقة أو الحساب الذي دُفع به الطلب.")],
  });
  return endSheet(sheet);
}

/**
 * A return's refund names the return and the goods it credits, and says why it is less than their price when the
 * order had a discount: the items carry their share of it back with them. Returns the y below.
 */
function drawReturnedGoods(sheet: Sheet, y: number, goods: ReturnedGoods, order: InvoiceData) {
  y += drawBilingualRow(sheet, y, `For return ${goods.number}, the items returned:`, `عن الإرجاع ${ltr(goods.number)}، المنتجات المرتجعة:`);
  for (const item of goods.items) {
    y += drawBilingualRow(sheet, y, `${item.nameEn} × ${item.quantity}`, `${item.nameAr} × ${formatCount(item.quantity, "ar")}`);
  }
  if (goods.discountShareFils > 0) {
    const share = goods.discountShareFils;
    y += drawBilingualRow(sheet, y, `Items' price: ${formatKD(goods.itemsFils)}`, `سعر المنتجات: ${formatKDText(goods.itemsFils, "ar")}`);
    y += order.exchangeForOrderNumber
      ? drawBilingualRow(sheet, y, `Less their share of the exchange credit: -${formatKD(share)}`, `ناقص حصتها من رصيد الاستبدال: ${formatKDText(share, "ar", "-")}`)
      : drawBilingualRow(
          sheet,
          y,
          `Less their share of the discount (${order.couponCode ?? ""}): -${formatKD(share)}`,
          `ناقص حصتها من الخصم (${ltr(order.couponCode ?? "")}): ${formatKDText(share, "ar", "-")}`,
        );
  }
  return y;
}
