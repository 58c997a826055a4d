import { closingRow, drawBilingualRow, drawShopHeader, endSheet, kuwaitTime, ltr, startSheet } from "~/pdf/document.server";
import { drawCustomer, drawOrderSummary, type InvoiceData } from "~/pdf/order-sections.server";
import { formatCount, localFigure } from "~/shared/digits";
import { deliveryDateText } from "~/shared/delivery-date";
import { RETURN_WINDOW_DAYS } from "~/shared/returns";

export { addressLines } from "~/pdf/address-lines.server";
export type { FrozenTag, InvoiceData } from "~/pdf/order-sections.server";

/** The bilingual invoice of a paid order (issue 5, item 6), tagged and extractable (issue 18). */
export async function renderInvoicePdf(order: InvoiceData): Promise<Buffer> {
  const running = { en: `Invoice ${order.orderNumber}`, ar: `فاتورة ${ltr(order.orderNumber)}` };
  const sheet = startSheet(`Invoice ${order.orderNumber} / فاتورة`, order.language, order.shop.name.en, running);
  let y = drawShopHeader(sheet, sheet.doc.page.margins.top, order.shop);
  y += 10;
  y += drawBilingualRow(sheet, y, "Invoice", "فاتورة", { bold: true, size: 16, type: "H1" });
  y += drawBilingualRow(sheet, y, `Order number: ${order.orderNumber}`, `رقم الطلب: ${ltr(order.orderNumber)}`);
  const date = kuwaitTime(order.paidAt ?? order.createdAt);
  y += drawBilingualRow(sheet, y, `Date: ${date} (Kuwait)`, `التاريخ: ${ltr(localFigure(date, "ar"))} (الكويت)`);
  if (order.promisedBy) {
    const promise = promisedDelivery(order.promisedBy, order.deliveryWindow ?? null);
    y += drawBilingualRow(sheet, y, `Delivery promised by: ${promise.en}`, `موعد التوصيل الموعود: ${promise.ar}`);
  }
  y += 10;
  y = drawCustomer(sheet, order, y);
  y += 14;
  drawOrderSummary(sheet, order, y, {
    closing: [
      closingRow(
        `Paid online. Thank you for shopping with us! Returns within ${RETURN_WINDOW_DAYS} days of delivery at our shop.`,
        // A count in Arabic text is written in Arabic-Indic digits (decision 0079).
        `تم الدفع إلكترونيًا. شكرًا لتسوقك معنا! الإرجاع خلال ${formatCount(RETURN_WINDOW_DAYS, "ar")} يومًا من التوصيل في محلنا.`,
      ),
    ],
  });
  return endSheet(sheet);
}

/**
 * The promised day, with the window the shopper chose for it, as the order's pages name it (`PromisedBy`): "Friday,
 * 4 December 2026, 16:00 to 20:00" / "الجمعة، ٤ ديسمبر ٢٠٢٦، من ١٦:٠٠ إلى ٢٠:٠٠", the times kept left to right.
 */
function promisedDelivery(day: string, window: { from: string; to: string } | null) {
  const en = deliveryDateText(day, "en");
  const ar = deliveryDateText(day, "ar");
  if (!window) return { en, ar };
  return {
    en: `${en}, ${window.from} to ${window.to}`,
    ar: `${ar}، من ${ltr(localFigure(window.from, "ar"))} إلى ${ltr(localFigure(window.to, "ar"))}`,
  };
}
