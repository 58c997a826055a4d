import { PAGE_MARGIN, decorate, drawBilingualRow, drawBlock, drawLine, inReadingOrder, ltr, newPage, type Sheet } from "~/pdf/document.server";
import { formatKDText } from "~/shared/bidi";
import { formatKD } from "~/shared/money";
import { KUWAIT_DIALING_PREFIX } from "~/shared/phone";
import { addressLines } from "~/pdf/address-lines.server";

export type FrozenTag = { titleEn: string; titleAr: string; value: string };

/** Everything the invoice of a paid order shows, as plain data: the drawing never reads the database. */
/** The shop as its documents show it, from the owner's settings (null: not set, left out). */
export type DocumentShop = {
  name: { en: string; ar: string };
  phone: string | null;
  email: string | null;
  address: { en: string; ar: string } | null;
  commercialRegistration: string | null;
};

export type InvoiceData = {
  /** the shop's name and contacts when the document is drawn */
  shop: DocumentShop;
  orderNumber: string;
  createdAt: Date;
  paidAt: Date | null;
  /** the order's language: the tagged PDF's document language */
  language: "ar" | "en";
  fullName: string;
  phone: string;
  buildingType: string;
  city: string;
  /** The delivery area's Arabic name; the order keeps only the English one. */
  cityAr: string;
  block: string;
  street: string;
  streetNumber: string;
  buildingNumber: string;
  floor: string | null;
  apartmentNumber: string | null;
  notes: string | null;
  /** `optionValues`: the chosen variant's values, one per option (issue 31), none without options */
  items: { nameEn: string; nameAr: string; quantity: number; priceFils: number; customTags: FrozenTag[]; optionValues?: { en: string; ar: string }[] }[];
  subtotalFils: number;
  deliveryFeeFils: number;
  totalFils: number;
  /** a discount code's amount, or an exchange's credit (decision 0078); 0 without either */
  discountFils: number;
  couponCode: string | null;
  /** a return's exchange: the order whose items it replaces (its discount is the exchange credit) */
  exchangeForOrderNumber?: string | null;
  /** the code that made delivery free and the fee it waived (the delivery fee row shows what was charged) */
  freeDelivery?: { code: string; waivedFils: number } | null;
  /** a gift's wrapping, its own line of the total (issue 48); 0 or absent without it */
  giftWrapFils?: number;
};

/** The customer: a heading, the name, the phone, the address and the order's notes; returns the y below. */
export function drawCustomer(sheet: Sheet, order: InvoiceData, y: number) {
  y += drawBilingualRow(sheet, y, "Customer", "العميل", { bold: true, size: 12, type: "H2" });
  y += drawBilingualRow(sheet, y, order.fullName, order.fullName);
  const phone = `${KUWAIT_DIALING_PREFIX} ${order.phone}`;
  y += drawBilingualRow(sheet, y, `Phone: ${phone}`, `الهاتف: ${ltr(phone)}`);
  const address = addressLines(order);
  y += drawBilingualRow(sheet, y, address.en, address.ar);
  if (order.exchangeForOrderNumber) {
    const origin = order.exchangeForOrderNumber;
    y += drawBilingualRow(sheet, y, `Exchange for order ${origin}`, `استبدال للطلب ${ltr(origin)}`);
  }
  if (order.notes) y += drawBilingualRow(sheet, y, `Notes: ${order.notes}`, `ملاحظات: ${order.notes}`);
  return y;
}

type Cell = { spans: PDFKit.PDFStructureElement[] };

/** One table row: its cells in reading order (right to left in an Arabic document), tagged TH or TD. */
function tagRow(sheet: Sheet, table: PDFKit.PDFStructureElement, cells: Cell[], header: boolean) {
  const ordered = sheet.language === "ar" ? [...cells].reverse() : cells;
  const row = sheet.doc.struct("TR");
  table.add(row);
  for (const cell of ordered) {
    // pdfkit writes /Scope into the element's table attributes; its types do not list the option.
    const options = (header ? { scope: "Column" } : {}) as { title?: string };
    row.add(sheet.doc.struct(header ? "TH" : "TD", options, cell.spans));
  }
  row.end();
}

/** The items as a tagged table (header cells, a row per item); returns the y below it. */
function drawItemsTable(sheet: Sheet, order: InvoiceData, startY: number) {
  const { doc } = sheet;
  const width = doc.page.width - PAGE_MARGIN * 2;
  const columns = { item: PAGE_MARGIN, qty: PAGE_MARGIN + width * 0.55, unit: PAGE_MARGIN + width * 0.66, total: PAGE_MARGIN + width * 0.83 };
  const table = doc.struct("Table");
  sheet.root.add(table);
  let y = startY;
  decorate(sheet, () => doc.rect(PAGE_MARGIN, y - 2, width, 20).fill("#fbe4ee"));
  const header = (text: string, x: number, columnWidth: number, align: "left" | "right", size?: number) => ({
    spans: [drawLine(sheet, text, x, y, columnWidth, align, { bold: true, size, direction: "ltr" }).span],
  });
  tagRow(
    sheet,
    table,
    [
      header("Item / المنتج", columns.item + 4, width * 0.5, "left"),
      header("Qty / الكمية", columns.qty, width * 0.11, "left", 9),
      header("Unit / السعر", columns.unit, width * 0.17, "left", 9),
      header("Total / المجموع", columns.total, width * 0.17, "right", 9),
    ],
    true,
  );
  y += 24;
  for (const item of order.items) {
    if (y > doc.page.height - 160) {
      newPage(sheet);
      y = PAGE_MARGIN;
    }
    const rowTop = y;
    const english = drawBlock(sheet, item.nameEn, columns.item + 4, y, width * 0.5, "left", { bold: true });
    y += english.height;
    const arabic = drawBlock(sheet, item.nameAr, columns.item + 4, y, width * 0.5, "right");
    y += arabic.height;
    const names = inReadingOrder(sheet, english.spans, arabic.spans).flat();
    if (item.optionValues?.length) {
      const chosen = item.optionValues;
      const values = (language: "en" | "ar") => chosen.map((value) => value[language]).join(" / ");
      const drawn = drawBlock(sheet, `${values("en")} — ${values("ar")}`, columns.item + 4, y, width * 0.5, "left", { size: 9, color: "#55526a" });
      names.push(...drawn.spans);
      y += drawn.height;
    }
    for (const tag of item.customTags) {
      const drawn = drawBlock(sheet, `${tag.titleEn} / ${tag.titleAr}: ${tag.value}`, columns.item + 4, y, width * 0.5, "left", { size: 9, color: "#55526a" });
      names.push(...drawn.spans);
      y += drawn.height;
    }
    const figure = (text: string, x: number, columnWidth: number, align: "left" | "right") => ({
      spans: [drawLine(sheet, text, x, rowTop, columnWidth, align, { direction: "ltr" }).span],
    });
    tagRow(
      sheet,
      table,
      [
        { spans: names },
        figure(String(item.quantity), columns.qty, width * 0.11, "left"),
        figure(formatKD(item.priceFils), columns.unit, width * 0.17, "left"),
        figure(formatKD(item.priceFils * item.quantity), columns.total, width * 0.17, "right"),
      ],
      false,
    );
    y += 6;
    const ruleY = y;
    decorate(sheet, () => doc.moveTo(PAGE_MARGIN, ruleY).lineTo(PAGE_MARGIN + width, ruleY).strokeColor("#ead7e0").stroke());
    y += 6;
  }
  table.end();
  return y;
}

/** The items table, then the totals under it; returns the y below. */
export function drawOrderSummary(sheet: Sheet, order: InvoiceData, y: number) {
  return drawTotals(sheet, order, drawItemsTable(sheet, order, y) + 6);
}

/** Products total, the discount line when a code was used, delivery and the grand total; returns the y below. */
function drawTotals(sheet: Sheet, order: InvoiceData, y: number) {
  y += drawBilingualRow(sheet, y, `Products total: ${formatKD(order.subtotalFils)}`, `مجموع المنتجات: ${formatKDText(order.subtotalFils, "ar")}`);
  if (order.discountFils > 0 && order.exchangeForOrderNumber) {
    y += drawBilingualRow(sheet, y, `Exchange credit: -${formatKD(order.discountFils)}`, `رصيد الاستبدال: ${formatKDText(order.discountFils, "ar", "-")}`);
  } else if (order.discountFils > 0) {
    const code = order.couponCode ?? "";
    y += drawBilingualRow(sheet, y, `Discount (${code}): -${formatKD(order.discountFils)}`, `الخصم (${ltr(code)}): ${formatKDText(order.discountFils, "ar", "-")}`);
  }
  if (order.freeDelivery) {
    const { code, waivedFils } = order.freeDelivery;
    y += drawBilingualRow(sheet, y, `Free delivery (code ${code}): ${formatKD(waivedFils)} waived`, `توصيل مجاني (الرمز ${ltr(code)}): إعفاء من ${formatKDText(waivedFils, "ar")}`);
  }
  y += drawBilingualRow(sheet, y, `Delivery fee: ${formatKD(order.deliveryFeeFils)}`, `رسوم التوصيل: ${formatKDText(order.deliveryFeeFils, "ar")}`);
  if (order.giftWrapFils) {
    y += drawBilingualRow(sheet, y, `Gift wrapping: ${formatKD(order.giftWrapFils)}`, `تغليف الهدية: ${formatKDText(order.giftWrapFils, "ar")}`);
  }
  y += drawBilingualRow(sheet, y, `Grand total: ${formatKD(order.totalFils)}`, `الإجمالي: ${formatKDText(order.totalFils, "ar")}`, { bold: true, size: 13 });
  return y;
}
