import {
  PAGE_MARGIN,
  bilingualRowHeight,
  decorate,
  drawArtifactLine,
  drawBilingualRow,
  drawLine,
  drawRowGroup,
  inReadingOrder,
  ltr,
  newPage,
  pageBottom,
  planBlock,
  rowsHeight,
  type Align,
  type BilingualRow,
  type Sheet,
  type TextOptions,
} from "~/pdf/document.server";
import { formatKDText } from "~/shared/bidi";
import { formatKD } from "~/shared/money";
import { KUWAIT_DIALING_PREFIX, KUWAIT_PHONE_PATTERN } from "~/shared/phone";
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
  /** the Kuwait day the order is promised by (issue 48); null for an order placed before orders had one */
  promisedBy?: string | null;
  /** the delivery window the shopper chose for that day, its times as kept on the order; null without one */
  deliveryWindow?: { from: string; to: string } | null;
};

/** The customer: a heading, the name, the phone, the address and the order's notes; returns the y below. */
export function drawCustomer(sheet: Sheet, order: InvoiceData, y: number) {
  y += drawBilingualRow(sheet, y, "Customer", "العميل", { bold: true, size: 12, type: "H2" });
  y += drawBilingualRow(sheet, y, order.fullName, order.fullName);
  const phone = shownPhone(order.phone);
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

/**
 * "60012345" → "+965 6001 2345": written as the shop's own phone is in the header (`displayPhone`, which the model
 * applies to it), so one page has one style of number. Not imported from app/shared/shop-settings.ts, whose zod
 * schemas would load on the PDF thread for a slice.
 */
function shownPhone(digits: string) {
  return KUWAIT_PHONE_PATTERN.test(digits) ? `${KUWAIT_DIALING_PREFIX} ${digits.slice(0, 4)} ${digits.slice(4)}` : digits;
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

const HEADER_HEIGHT = 24;
/** Space above and below the rule under each item. */
const ROW_GAP = 6;
/** An item's options and custom texts, under its names. */
const DETAIL: TextOptions = { size: 9, color: "#55526a" };

type Columns = ReturnType<typeof tableColumns>;

function tableColumns(sheet: Sheet) {
  const width = sheet.doc.page.width - PAGE_MARGIN * 2;
  return {
    width,
    item: { x: PAGE_MARGIN + 4, width: width * 0.5 },
    qty: { x: PAGE_MARGIN + width * 0.55, width: width * 0.11 },
    unit: { x: PAGE_MARGIN + width * 0.66, width: width * 0.17 },
    total: { x: PAGE_MARGIN + width * 0.83, width: width * 0.17 },
  };
}

/**
 * The header row at `y`; returns the y below it. The first is the table's TH row; on a continuation page it is drawn
 * again as a pagination artifact (`table` null), for the reader of that page and not twice for a screen reader.
 */
function drawTableHeader(sheet: Sheet, columns: Columns, y: number, table: PDFKit.PDFStructureElement | null) {
  const { doc } = sheet;
  decorate(sheet, () => doc.rect(PAGE_MARGIN, y - 2, columns.width, 20).fill("#fbe4ee"));
  const cells: [string, { x: number; width: number }, Align, number | undefined][] = [
    ["Item / المنتج", columns.item, "left", undefined],
    ["Qty / الكمية", columns.qty, "left", 9],
    ["Unit / السعر", columns.unit, "left", 9],
    ["Total / المجموع", columns.total, "right", 9],
  ];
  const options = (size: number | undefined) => ({ bold: true, size, direction: "ltr" as const });
  if (table) {
    tagRow(sheet, table, cells.map(([text, column, align, size]) => ({ spans: [drawLine(sheet, text, column.x, y, column.width, align, options(size)).span] })), true);
  } else {
    for (const [text, column, align, size] of cells) drawArtifactLine(sheet, text, column.x, y, column.width, align, options(size));
  }
  return y + HEADER_HEIGHT;
}

type ItemLine = { text: string; align: Align; options: TextOptions; height: number; part: "en" | "ar" | "detail" };

/** An item's lines in the item column, wrapped and measured before any is drawn, and the row's full height. */
function planItem(sheet: Sheet, item: InvoiceData["items"][number], columns: Columns) {
  const lines: ItemLine[] = [];
  const add = (text: string, align: Align, options: TextOptions, part: ItemLine["part"]) => {
    const planned = planBlock(sheet, text, columns.item.width, options);
    for (const line of planned.lines) lines.push({ text: line, align, options, height: planned.lineHeight, part });
  };
  add(item.nameEn, "left", { bold: true }, "en");
  add(item.nameAr, "right", {}, "ar");
  if (item.optionValues?.length) {
    const chosen = item.optionValues;
    const values = (language: "en" | "ar") => chosen.map((value) => value[language]).join(" / ");
    add(`${values("en")} — ${values("ar")}`, "left", DETAIL, "detail");
  }
  for (const tag of item.customTags) add(`${tag.titleEn} / ${tag.titleAr}: ${tag.value}`, "left", DETAIL, "detail");
  // A row taller than a page starts wherever its names and its first detail fit.
  const names = lines.filter((line) => line.part !== "detail").length;
  const startHeight = lines.slice(0, names + 1).reduce((sum, line) => sum + line.height, 0);
  return { item, lines, startHeight, height: lines.reduce((sum, line) => sum + line.height, 0) + ROW_GAP * 2 };
}

/**
 * The items as a tagged table (header cells, a row per item); returns the y below it. Each row is measured first
 * and moved whole to the next page when it does not fit; a row taller than a page goes on over the next one, under
 * the header again and a line saying which item continues. `heading` (the credit note's) is kept with the table's
 * first row, and the last row with `closingHeight`, the totals and what closes the document under them.
 */
function drawItemsTable(sheet: Sheet, order: InvoiceData, startY: number, heading: BilingualRow | null, closingHeight: number) {
  const { doc } = sheet;
  const columns = tableColumns(sheet);
  const rows = order.items.map((item) => planItem(sheet, item, columns));
  const bottom = pageBottom(sheet);
  const freshTop = PAGE_MARGIN + HEADER_HEIGHT;
  const continueOnNewPage = () => {
    newPage(sheet);
    return drawTableHeader(sheet, columns, PAGE_MARGIN, null);
  };
  // The room a row must find on this page, or it goes to the next: the whole row, and the last one with what
  // closes the document, when a page can hold them.
  const kept = (row: (typeof rows)[number], last: boolean) => {
    const whole = row.height + (last ? closingHeight : 0);
    if (freshTop + whole <= bottom) return whole;
    return freshTop + row.height <= bottom ? row.height : row.startHeight;
  };
  let y = startY;
  const opening = (heading ? bilingualRowHeight(sheet, heading) + 4 : 0) + HEADER_HEIGHT + (rows.length ? kept(rows[0], rows.length === 1) : 0);
  if (y > PAGE_MARGIN && y + opening > bottom) {
    newPage(sheet);
    y = PAGE_MARGIN;
  }
  if (heading) y = drawRowGroup(sheet, y, [heading]) + 4;
  const table = doc.struct("Table");
  sheet.root.add(table);
  y = drawTableHeader(sheet, columns, y, table);
  rows.forEach((row, index) => {
    if (y > freshTop && y + kept(row, index === rows.length - 1) > bottom) y = continueOnNewPage();
    y = drawItemRow(sheet, table, columns, row, y, continueOnNewPage);
  });
  table.end();
  return y;
}

/** One item's row from `y`, going on over the next page when it must; returns the y below its rule. */
function drawItemRow(
  sheet: Sheet,
  table: PDFKit.PDFStructureElement,
  columns: Columns,
  row: ReturnType<typeof planItem>,
  startY: number,
  continueOnNewPage: () => number,
) {
  const { doc } = sheet;
  const { item } = row;
  const figure = (text: string, column: { x: number; width: number }, align: Align) => ({
    spans: [drawLine(sheet, text, column.x, startY, column.width, align, { direction: "ltr" }).span],
  });
  const figures = [
    figure(String(item.quantity), columns.qty, "left"),
    figure(formatKD(item.priceFils), columns.unit, "left"),
    figure(formatKD(item.priceFils * item.quantity), columns.total, "right"),
  ];
  const spans = { en: [] as PDFKit.PDFStructureElement[], ar: [] as PDFKit.PDFStructureElement[], detail: [] as PDFKit.PDFStructureElement[] };
  let y = startY;
  for (const line of row.lines) {
    if (y + line.height > pageBottom(sheet)) {
      y = continueOnNewPage();
      const continued = planBlock(sheet, `${item.nameEn} (continued) — ${item.nameAr} (تابع)`, columns.item.width, DETAIL);
      for (const text of continued.lines) y += drawArtifactLine(sheet, text, columns.item.x, y, columns.item.width, "left", DETAIL);
    }
    spans[line.part].push(drawLine(sheet, line.text, columns.item.x, y, columns.item.width, line.align, line.options).span);
    y += line.height;
  }
  tagRow(sheet, table, [{ spans: [...inReadingOrder(sheet, spans.en, spans.ar).flat(), ...spans.detail] }, ...figures], false);
  y += ROW_GAP;
  const ruleY = y;
  decorate(sheet, () => doc.moveTo(PAGE_MARGIN, ruleY).lineTo(PAGE_MARGIN + columns.width, ruleY).strokeColor("#ead7e0").stroke());
  return y + ROW_GAP;
}

/**
 * The items table, then the totals under it and `closing`, what ends the document after them (the credit note's
 * ledger, the closing sentence). The totals and the closing rows are kept together, and with at least the last item,
 * so no page holds only the totals or only the closing sentence. Returns the y below.
 */
export function drawOrderSummary(sheet: Sheet, order: InvoiceData, y: number, { heading = null, closing = [] }: { heading?: BilingualRow | null; closing?: BilingualRow[] } = {}) {
  const group = [...totalsRows(order), ...closing];
  group[0] = { ...group[0], space: ROW_GAP };
  return drawRowGroup(sheet, drawItemsTable(sheet, order, y, heading, rowsHeight(sheet, group)), group);
}

/** Products total, the discount line when a code was used, delivery, gift wrapping and the grand total. */
function totalsRows(order: InvoiceData): BilingualRow[] {
  const rows: BilingualRow[] = [{ en: `Products total: ${formatKD(order.subtotalFils)}`, ar: `مجموع المنتجات: ${formatKDText(order.subtotalFils, "ar")}` }];
  if (order.discountFils > 0 && order.exchangeForOrderNumber) {
    rows.push({ en: `Exchange credit: -${formatKD(order.discountFils)}`, ar: `رصيد الاستبدال: ${formatKDText(order.discountFils, "ar", "-")}` });
  } else if (order.discountFils > 0) {
    const code = order.couponCode ?? "";
    rows.push({ en: `Discount (${code}): -${formatKD(order.discountFils)}`, ar: `الخصم (${ltr(code)}): ${formatKDText(order.discountFils, "ar", "-")}` });
  }
  if (order.freeDelivery) {
    const { code, waivedFils } = order.freeDelivery;
    rows.push({ en: `Free delivery (code ${code}): ${formatKD(waivedFils)} waived`, ar: `توصيل مجاني (الرمز ${ltr(code)}): إعفاء من ${formatKDText(waivedFils, "ar")}` });
  }
  rows.push({ en: `Delivery fee: ${formatKD(order.deliveryFeeFils)}`, ar: `رسوم التوصيل: ${formatKDText(order.deliveryFeeFils, "ar")}` });
  if (order.giftWrapFils) {
    rows.push({ en: `Gift wrapping: ${formatKD(order.giftWrapFils)}`, ar: `تغليف الهدية: ${formatKDText(order.giftWrapFils, "ar")}` });
  }
  rows.push({ en: `Grand total: ${formatKD(order.totalFils)}`, ar: `الإجمالي: ${formatKDText(order.totalFils, "ar")}`, options: { bold: true, size: 13 } });
  return rows;
}
