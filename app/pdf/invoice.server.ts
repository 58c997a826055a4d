import fs from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import { wrapWords, visualRuns } from "~/pdf/text.server";
import { formatKD } from "~/shared/money";
import { KUWAIT_DIALING_PREFIX } from "~/shared/phone";
import { SHOP_CONTACT } from "~/shared/shop";

export type FrozenTag = { titleEn: string; titleAr: string; value: string };

/** Everything the invoice of a paid order shows, as plain data: the drawing never reads the database. */
export type InvoiceData = {
  orderNumber: string;
  createdAt: Date;
  paidAt: Date | null;
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
  items: { nameEn: string; nameAr: string; quantity: number; priceFils: number; customTags: FrozenTag[] }[];
  subtotalFils: number;
  deliveryFeeFils: number;
  totalFils: number;
  /** a discount code's amount, 0 without one */
  discountFils: number;
  couponCode: string | null;
};

// Cairo covers Arabic and Latin, so digits and order numbers inside Arabic lines are not empty boxes.
const FONT_DIR = path.resolve("node_modules/@expo-google-fonts/cairo");
type ParsedFont = { layout: (...args: never[]) => unknown };
let fonts: { regular: ParsedFont; bold: ParsedFont } | undefined;

/**
 * Parsing Cairo's Arabic shaping tables is most of a render's cost, so each font is parsed once per process and
 * the parsed (read-only) font is handed to every document; pdfkit accepts a parsed font in place of a file.
 */
function loadFonts() {
  if (fonts) return fonts;
  const parse = (file: string) => {
    const scratch = new PDFDocument({ autoFirstPage: false });
    scratch.font(fs.readFileSync(path.join(FONT_DIR, file)) as unknown as string);
    return (scratch as unknown as { _font: { font: ParsedFont } })._font.font;
  };
  fonts = { regular: parse("400Regular/Cairo_400Regular.ttf"), bold: parse("700Bold/Cairo_700Bold.ttf") };
  return fonts;
}

const PAGE_MARGIN = 40;
const BRAND = { en: "Timsar Accessories", ar: "تمسار للإكسسوارات" };
const ADDRESS = { en: "Hawalli, Kuwait", ar: "حولي، الكويت" };

// Isolates keep "+965 60000000" and similar left to right inside Arabic lines; they are never drawn.
const BIDI_CONTROLS = /[\u200E\u200F\u2066-\u2069]/g;
const ltr = (text: string) => `\u2066${text}\u2069`;

type Doc = InstanceType<typeof PDFDocument>;
type TextOptions = { size?: number; bold?: boolean; color?: string; direction?: "rtl" | "ltr" };

/** Draws one line of text in visual order, aligned inside [x, x + width]; returns the line's height. */
function drawLine(doc: Doc, text: string, x: number, y: number, width: number, align: "left" | "right", options: TextOptions = {}) {
  doc.font(options.bold ? "Cairo-Bold" : "Cairo").fontSize(options.size ?? 10).fillColor(options.color ?? "#1f1d2b");
  const runs = visualRuns(text, options.direction ?? (align === "right" ? "rtl" : "ltr"))
    .map((run) => ({ ...run, text: run.text.replace(BIDI_CONTROLS, "") }))
    .filter((run) => run.text !== "");
  const widths = runs.map((run) => doc.widthOfString(run.text));
  const total = widths.reduce((sum, value) => sum + value, 0);
  let cursor = align === "right" ? x + width - total : x;
  runs.forEach((run, index) => {
    if (!run.isSpace) doc.text(run.text, cursor, y, { lineBreak: false });
    cursor += widths[index];
  });
  return doc.currentLineHeight(true);
}

/** Wraps then draws a block; returns its height. */
function drawBlock(doc: Doc, text: string, x: number, y: number, width: number, align: "left" | "right", options: TextOptions = {}) {
  doc.font(options.bold ? "Cairo-Bold" : "Cairo").fontSize(options.size ?? 10);
  let height = 0;
  for (const line of wrapWords(text, width, (candidate) => doc.widthOfString(candidate))) {
    height += drawLine(doc, line, x, y + height, width, align, options);
  }
  return height;
}

/** A row with the English label on the left and the Arabic label on the right. */
function drawBilingualRow(doc: Doc, y: number, english: string, arabic: string, options: TextOptions = {}) {
  const width = doc.page.width - PAGE_MARGIN * 2;
  const half = width / 2 - 6;
  const left = drawBlock(doc, english, PAGE_MARGIN, y, half, "left", options);
  const right = drawBlock(doc, arabic, PAGE_MARGIN + width - half, y, half, "right", options);
  return Math.max(left, right);
}

function formatDate(date: Date) {
  // Kuwait has no daylight saving: UTC+3 all year.
  const local = new Date(date.getTime() + 3 * 3600_000);
  return `${local.toISOString().slice(0, 16).replace("T", " ")} (Kuwait)`;
}

/** The delivery address in English and in Arabic, a line per part; the owner's paid-order mail shows the same. */
export function addressLines(order: Pick<InvoiceData, "buildingType" | "city" | "cityAr" | "block" | "street" | "streetNumber" | "buildingNumber" | "floor" | "apartmentNumber">) {
  const en = [
    `${order.buildingType}, ${order.city}`,
    `Block ${order.block}, Street ${order.street}, No. ${order.streetNumber}, Building ${order.buildingNumber}`,
    [order.floor && `Floor ${order.floor}`, order.apartmentNumber && `Apt/House ${order.apartmentNumber}`].filter(Boolean).join(", "),
  ];
  const ar = [
    `${({ Apartment: "شقة", Villa: "فيلا", Office: "مكتب" } as Record<string, string>)[order.buildingType] ?? order.buildingType}، ${order.cityAr}`,
    `قطعة ${order.block}، شارع ${order.street}، رقم ${order.streetNumber}، مبنى ${order.buildingNumber}`,
    [order.floor && `الدور ${order.floor}`, order.apartmentNumber && `شقة/منزل ${order.apartmentNumber}`].filter(Boolean).join("، "),
  ];
  return { en: en.filter(Boolean).join("\n"), ar: ar.filter(Boolean).join("\n") };
}

function drawItems(doc: Doc, order: InvoiceData, startY: number) {
  const width = doc.page.width - PAGE_MARGIN * 2;
  const columns = { item: PAGE_MARGIN, qty: PAGE_MARGIN + width * 0.55, unit: PAGE_MARGIN + width * 0.66, total: PAGE_MARGIN + width * 0.83 };
  let y = startY;
  doc.rect(PAGE_MARGIN, y - 2, width, 20).fill("#fbe4ee");
  drawLine(doc, "Item / المنتج", columns.item + 4, y, width * 0.5, "left", { bold: true });
  drawLine(doc, "Qty / الكمية", columns.qty, y, width * 0.11, "left", { bold: true, size: 9 });
  drawLine(doc, "Unit / السعر", columns.unit, y, width * 0.17, "left", { bold: true, size: 9 });
  drawLine(doc, "Total / المجموع", columns.total, y, width * 0.17, "right", { bold: true, size: 9, direction: "ltr" });
  y += 24;
  for (const item of order.items) {
    if (y > doc.page.height - 160) {
      doc.addPage();
      y = PAGE_MARGIN;
    }
    const rowTop = y;
    y += drawBlock(doc, item.nameEn, columns.item + 4, y, width * 0.5, "left", { bold: true });
    y += drawBlock(doc, item.nameAr, columns.item + 4, y, width * 0.5, "right");
    for (const tag of item.customTags) {
      y += drawBlock(doc, `${tag.titleEn} / ${tag.titleAr}: ${tag.value}`, columns.item + 4, y, width * 0.5, "left", { size: 9, color: "#55526a" });
    }
    drawLine(doc, String(item.quantity), columns.qty, rowTop, width * 0.11, "left");
    drawLine(doc, formatKD(item.priceFils), columns.unit, rowTop, width * 0.17, "left");
    drawLine(doc, formatKD(item.priceFils * item.quantity), columns.total, rowTop, width * 0.17, "right", { direction: "ltr" });
    y += 6;
    doc.moveTo(PAGE_MARGIN, y).lineTo(PAGE_MARGIN + width, y).strokeColor("#ead7e0").stroke();
    y += 6;
  }
  return y;
}

/** The bilingual invoice of a paid order (issue 5, item 6). */
export async function renderInvoicePdf(order: InvoiceData): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    // Starting with Cairo spares loading Helvetica's metrics, which the invoice never uses.
    font: regular as unknown as string,
    info: { Title: `Invoice ${order.orderNumber}`, Author: BRAND.en },
  });
  doc.registerFont("Cairo", regular as unknown as string);
  doc.registerFont("Cairo-Bold", bold as unknown as string);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  let y = PAGE_MARGIN;
  y += drawBilingualRow(doc, y, BRAND.en, BRAND.ar, { bold: true, size: 18, color: "#ad1457" });
  y += drawBilingualRow(doc, y, `${ADDRESS.en} · ${SHOP_CONTACT.phone} · ${SHOP_CONTACT.email}`, ADDRESS.ar, { size: 9, color: "#55526a" });
  y += 10;
  y += drawBilingualRow(doc, y, "Invoice", "فاتورة", { bold: true, size: 16 });
  y += drawBilingualRow(doc, y, `Order number: ${order.orderNumber}`, `رقم الطلب: ${order.orderNumber}`);
  y += drawBilingualRow(doc, y, `Date: ${formatDate(order.paidAt ?? order.createdAt)}`, `التاريخ: ${ltr(formatDate(order.paidAt ?? order.createdAt).slice(0, 16))}`);
  y += 10;
  y += drawBilingualRow(doc, y, "Customer", "العميل", { bold: true, size: 12 });
  y += drawBilingualRow(doc, y, order.fullName, order.fullName);
  const phone = `${KUWAIT_DIALING_PREFIX} ${order.phone}`;
  y += drawBilingualRow(doc, y, `Phone: ${phone}`, `الهاتف: ${ltr(phone)}`);
  const address = addressLines(order);
  y += drawBilingualRow(doc, y, address.en, address.ar);
  if (order.notes) y += drawBilingualRow(doc, y, `Notes: ${order.notes}`, `ملاحظات: ${order.notes}`);
  y += 14;
  y = drawItems(doc, order, y);
  y += 6;
  y += drawBilingualRow(doc, y, `Products total: ${formatKD(order.subtotalFils)}`, `مجموع المنتجات: ${formatKD(order.subtotalFils, "ar")}`);
  if (order.discountFils > 0) {
    const code = order.couponCode ?? "";
    y += drawBilingualRow(doc, y, `Discount (${code}): -${formatKD(order.discountFils)}`, `الخصم (${code}): -${formatKD(order.discountFils, "ar")}`);
  }
  y += drawBilingualRow(doc, y, `Delivery fee: ${formatKD(order.deliveryFeeFils)}`, `رسوم التوصيل: ${formatKD(order.deliveryFeeFils, "ar")}`);
  y += drawBilingualRow(doc, y, `Grand total: ${formatKD(order.totalFils)}`, `الإجمالي: ${formatKD(order.totalFils, "ar")}`, { bold: true, size: 13 });
  y += 14;
  drawBilingualRow(
    doc,
    y,
    "Paid online. Thank you for shopping with us! Returns within 14 days of delivery at our Hawalli shop.",
    "تم الدفع إلكترونيًا. شكرًا لتسوقك معنا! الإرجاع خلال 14 يومًا من التوصيل في محلنا في حولي.",
    { size: 9, color: "#55526a" },
  );
  doc.end();
  return done;
}
