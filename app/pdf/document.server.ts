import fs from "node:fs";
import path from "node:path";
import PDFDocument from "pdfkit";
import { directionWeights, popplerActualText, visualRuns, wrapWords } from "~/pdf/text.server";
import type { DocumentShop } from "~/pdf/order-sections.server";
import { formatCount } from "~/shared/digits";

/**
 * What the invoice and the credit note share (issue 18): one tagged PDF document, bilingual rows, and text drawn in
 * visual order that still reads back in logical order (docs/decisions/0033-invoice-text-and-tags.md).
 */

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

export const PAGE_MARGIN = 40;

// Isolates keep "+965 60000000" and similar left to right inside Arabic lines; they are never drawn nor extracted.
const BIDI_CONTROLS = /[\u200E\u200F\u2066-\u2069]/g;
export const ltr = (text: string) => `\u2066${text}\u2069`;

type Doc = InstanceType<typeof PDFDocument>;
type Struct = PDFKit.PDFStructureElement;
export type Language = "ar" | "en";
export type TextOptions = { size?: number; bold?: boolean; color?: string; direction?: "rtl" | "ltr" };
export type Align = "left" | "right";
type Weights = { ltr: number; rtl: number };

/** A document being drawn: the pdfkit document, its root structure element, and what the page holds so far. */
export type Sheet = {
  doc: Doc;
  root: Struct;
  language: Language;
  /** letters poppler will weigh on the current page, to keep its reading direction right to left */
  weights: Weights;
  /** the same for every page so far: each page's direction is settled at the end, after its page number */
  pageWeights: Weights[];
  /** what names the document at the foot of each page of a long one ("Invoice ORD-…"), in each half's language */
  running: { en: string; ar: string };
  done: Promise<Buffer>;
};

/**
 * A tagged PDF in the order's language, titled, with Cairo registered; finish it with `endSheet`. Pages stay in
 * memory until then, so that each can be numbered "page x of y" once y is known.
 */
export function startSheet(title: string, language: Language, author: string, running: { en: string; ar: string }): Sheet {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: "A4",
    margin: PAGE_MARGIN,
    // Starting with Cairo spares loading Helvetica's metrics, which the documents never use.
    font: regular as unknown as string,
    pdfVersion: "1.7",
    tagged: true,
    lang: language,
    displayTitle: true,
    bufferPages: true,
    info: { Title: title, Author: author },
  });
  doc.registerFont("Cairo", regular as unknown as string);
  doc.registerFont("Cairo-Bold", bold as unknown as string);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  const root = doc.struct("Document");
  doc.addStructure(root);
  const weights = { ltr: 0, rtl: 0 };
  return { doc, root, language, weights, pageWeights: [weights], running, done };
}

/**
 * Poppler judges each page's direction by counting its letters, and the text given to it (`popplerActualText`) is
 * written for a page judged right to left. An English-heavy page is tipped over by enough right-to-left marks, in an
 * artifact screen readers skip; they extract as nothing but invisible marks.
 */
function settlePageDirection(sheet: Sheet) {
  const { doc, weights } = sheet;
  const marks = Math.max(0, weights.ltr - weights.rtl + 1);
  doc.markContent("Artifact");
  doc.markContent("Span", { actual: "\u200F".repeat(marks) });
  doc.font("Cairo").fontSize(4).fillColor("#ffffff").text(".", PAGE_MARGIN, doc.page.height - PAGE_MARGIN / 2, { lineBreak: false });
  endSpanForPoppler(doc);
  doc.endMarkedContent();
}

/** Where a page's content ends: its foot (the margin below) holds the page number. */
export function pageBottom(sheet: Sheet) {
  return sheet.doc.page.height - PAGE_MARGIN;
}

export function newPage(sheet: Sheet) {
  sheet.doc.addPage();
  sheet.weights = { ltr: 0, rtl: 0 };
  sheet.pageWeights.push(sheet.weights);
}

/**
 * Ends the document. A document of several pages names itself and "page x of y" at the foot of each, so a page
 * that comes loose (the totals of a long order) still says whose it is; then each page's direction is settled.
 */
export async function endSheet(sheet: Sheet): Promise<Buffer> {
  const { doc } = sheet;
  const { start, count } = doc.bufferedPageRange();
  for (let index = 0; index < count; index++) {
    doc.switchToPage(start + index);
    sheet.weights = sheet.pageWeights[index];
    if (count > 1) drawPageFoot(sheet, index + 1, count);
    settlePageDirection(sheet);
  }
  sheet.root.end();
  doc.end();
  return sheet.done;
}

/** "Invoice ORD-… — page 2 of 3" on the left, "فاتورة ORD-… — صفحة ٢ من ٣" on the right, under the content. */
function drawPageFoot(sheet: Sheet, page: number, pages: number) {
  const { en, ar } = sheet.running;
  const half = halfWidth(sheet);
  const y = pageBottom(sheet) + 6;
  const options = { size: 8, color: "#55526a" };
  drawArtifactLine(sheet, `${en} — page ${page} of ${pages}`, PAGE_MARGIN, y, half, "left", options);
  const arabic = `${ar} — صفحة ${formatCount(page, "ar")} من ${formatCount(pages, "ar")}`;
  drawArtifactLine(sheet, arabic, sheet.doc.page.width - PAGE_MARGIN - half, y, half, "right", options);
}

/** Shapes, lines and fills are decoration: marked as artifacts so screen readers skip them. */
export function decorate(sheet: Sheet, draw: (doc: Doc) => void) {
  sheet.doc.markContent("Artifact");
  draw(sheet.doc);
  sheet.doc.endMarkedContent();
}

/**
 * Closes a span that poppler reads. pdfkit draws each run inside q…Q with its own y-flip, so when the span closes
 * neither the font nor the flip is in the graphics state any more; poppler sets the span's /ActualText with the
 * state it finds there, and without them it takes the text for vertical and upside down, which scatters -layout
 * output. So the flip and the font are set just for the closing, and the flip (its own inverse) is undone after.
 */
function endSpanForPoppler(doc: Doc) {
  const state = doc as unknown as { _font: { id: string }; _fontSize: number };
  const flip = `1 0 0 -1 0 ${doc.page.height} cm`;
  doc.addContent(`${flip} BT /${state._font.id} ${state._fontSize} Tf ET`);
  doc.endMarkedContent();
  doc.addContent(flip);
}

const isArabic = (text: string) => /[\u0600-\u06FF]/.test(text);
/** Letters and digits fontkit counts as Arabic script, which it lays out right to left. */
const ARABIC_SCRIPT = /[\u0620-\u064A\u0660-\u0669\u066E-\u06D3\u06F0-\u06FF\uFB50-\uFDFF\uFE70-\uFEFC]/;

function setFont(sheet: Sheet, options: TextOptions) {
  sheet.doc.font(options.bold ? "Cairo-Bold" : "Cairo").fontSize(options.size ?? 10).fillColor(options.color ?? "#1f1d2b");
}

/** A line's width as drawn: the isolates around numbers are never drawn. */
function widthOf(sheet: Sheet, text: string) {
  return sheet.doc.widthOfString(text.replace(BIDI_CONTROLS, ""));
}

/** What poppler needs to give a line back, counted on the page's weights (decision 0033). */
function popplerText(sheet: Sheet, logical: string) {
  const actual = popplerActualText(logical);
  const weights = directionWeights(actual);
  sheet.weights.ltr += weights.ltr;
  sheet.weights.rtl += weights.rtl;
  return actual;
}

/** Draws one line's runs in visual order, aligned inside [x, x + width], in the current marked content. */
function drawRuns(sheet: Sheet, text: string, x: number, y: number, width: number, align: Align, options: TextOptions) {
  const { doc } = sheet;
  setFont(sheet, options);
  const runs = visualRuns(text, options.direction ?? (align === "right" ? "rtl" : "ltr"))
    .map((run) => ({ ...run, text: run.text.replace(BIDI_CONTROLS, "") }))
    .filter((run) => run.text !== "");
  const widths = runs.map((run) => doc.widthOfString(run.text));
  const total = widths.reduce((sum, value) => sum + value, 0);
  let cursor = align === "right" ? x + width - total : x;
  runs.forEach((run, index) => {
    // fontkit picks a run's direction from its script, not from the bidi levels: Arabic-Indic digits (Arabic
    // script, read left to right) and a right-to-left run of only punctuation ("):" after "الخصم (CODE") would
    // come out backwards, so those runs are handed to it reversed.
    const drawn = run.rtl !== ARABIC_SCRIPT.test(run.text) ? Array.from(run.text).reverse().join("") : run.text;
    if (!run.isSpace) doc.text(drawn, cursor, y, { lineBreak: false });
    cursor += widths[index];
  });
}

/**
 * Draws one line in visual order, aligned inside [x, x + width], as one tagged span: the structure element holds
 * the line's logical text (for screen readers), the marked content the text poppler needs to give the same back.
 * Returns the span and the line's height.
 */
export function drawLine(sheet: Sheet, text: string, x: number, y: number, width: number, align: Align, options: TextOptions = {}) {
  const { doc } = sheet;
  const logical = text.replace(BIDI_CONTROLS, "");
  // An Arabic name in the English column is still Arabic; a mixed English line ("Customer: سارة") is English.
  const language: Language = isArabic(logical) && (align === "right" || !/[A-Za-z]/.test(logical)) ? "ar" : "en";
  const content = doc.markStructureContent("Span", { actual: popplerText(sheet, logical) });
  drawRuns(sheet, text, x, y, width, align, options);
  endSpanForPoppler(doc);
  const span = doc.struct("Span", { actual: logical, ...(language === sheet.language ? {} : { lang: language }) }, [content]);
  return { span, height: doc.currentLineHeight(true) };
}

/**
 * Draws a line that repeats what the document already says (a page's number, the table's header on a continuation
 * page): marked as a pagination artifact, which screen readers skip, but still read back by pdftotext.
 */
export function drawArtifactLine(sheet: Sheet, text: string, x: number, y: number, width: number, align: Align, options: TextOptions = {}) {
  const { doc } = sheet;
  doc.markContent("Artifact", { type: "Pagination" });
  doc.markContent("Span", { actual: popplerText(sheet, text.replace(BIDI_CONTROLS, "")) });
  drawRuns(sheet, text, x, y, width, align, options);
  endSpanForPoppler(doc);
  doc.endMarkedContent();
  return doc.currentLineHeight(true);
}

/** The lines a block wraps into and the height of each, measured without drawing. */
export function planBlock(sheet: Sheet, text: string, width: number, options: TextOptions = {}) {
  setFont(sheet, options);
  return { lines: wrapWords(text, width, (candidate) => widthOf(sheet, candidate)), lineHeight: sheet.doc.currentLineHeight(true) };
}

/** Draws wrapped lines, a span per line; returns the spans and the block's height. */
function drawPlanned(sheet: Sheet, lines: string[], x: number, y: number, width: number, align: Align, options: TextOptions) {
  const spans: Struct[] = [];
  let height = 0;
  for (const line of lines) {
    const drawn = drawLine(sheet, line, x, y + height, width, align, options);
    spans.push(drawn.span);
    height += drawn.height;
  }
  return { spans, height };
}

/** In an Arabic document the right (Arabic) side is read first, as the page is read right to left. */
export function inReadingOrder<T>(sheet: Sheet, left: T, right: T): T[] {
  return sheet.language === "ar" ? [right, left] : [left, right];
}

/** The width of each language's half of a bilingual row. */
export function halfWidth(sheet: Sheet) {
  return (sheet.doc.page.width - PAGE_MARGIN * 2) / 2 - 6;
}

export type RowOptions = TextOptions & { type?: string };
/** A bilingual row as data, so that a group of them can be measured before it is drawn; `space` goes above it. */
export type BilingualRow = { en: string; ar: string; options?: RowOptions; space?: number };

/** A row's two halves wrapped, and its height (its taller half), measured without drawing. */
function planRow(sheet: Sheet, row: BilingualRow) {
  const half = halfWidth(sheet);
  const left = planBlock(sheet, row.en, half, row.options);
  const right = planBlock(sheet, row.ar, half, row.options);
  return { left: left.lines, right: right.lines, height: Math.max(left.lines.length * left.lineHeight, right.lines.length * right.lineHeight) };
}

/** How tall a row will be, with the space above it. */
export function bilingualRowHeight(sheet: Sheet, row: BilingualRow) {
  return (row.space ?? 0) + planRow(sheet, row).height;
}

export function rowsHeight(sheet: Sheet, rows: BilingualRow[]) {
  return rows.reduce((sum, row) => sum + bilingualRowHeight(sheet, row), 0);
}

/**
 * A row with the English text on the left and the Arabic on the right, tagged as one element of `type` (P, H1, H2)
 * holding both. Returns how far below `y` the next row starts: past a page break when the row did not fit.
 */
export function drawBilingualRow(sheet: Sheet, y: number, english: string, arabic: string, options: RowOptions = {}) {
  const plan = planRow(sheet, { en: english, ar: arabic, options });
  let top = y;
  if (y + plan.height > pageBottom(sheet)) {
    newPage(sheet);
    top = PAGE_MARGIN;
  }
  const half = halfWidth(sheet);
  const left = drawPlanned(sheet, plan.left, PAGE_MARGIN, top, half, "left", options);
  const right = drawPlanned(sheet, plan.right, sheet.doc.page.width - PAGE_MARGIN - half, top, half, "right", options);
  sheet.root.add(sheet.doc.struct(options.type ?? "P", {}, inReadingOrder(sheet, left.spans, right.spans).flat()));
  return top - y + Math.max(left.height, right.height);
}

/** The small sentence that ends a document, under its last figures. */
export function closingRow(en: string, ar: string): BilingualRow {
  return { en, ar, options: { size: 9, color: "#55526a" }, space: 14 };
}

/**
 * Rows that belong together (the totals, the credit note's ledger, the closing sentence): moved whole to the next
 * page when they do not fit in what is left of this one. Returns the y below them.
 */
export function drawRowGroup(sheet: Sheet, y: number, rows: BilingualRow[]) {
  if (y > PAGE_MARGIN && y + rowsHeight(sheet, rows) > pageBottom(sheet)) {
    newPage(sheet);
    y = PAGE_MARGIN;
  }
  for (const row of rows) {
    y += row.space ?? 0;
    y += drawBilingualRow(sheet, y, row.en, row.ar, row.options);
  }
  return y;
}

/** Kuwait has no daylight saving: UTC+3 all year. "2026-11-25 12:30" */
export function kuwaitTime(date: Date) {
  return new Date(date.getTime() + 3 * 3600_000).toISOString().slice(0, 16).replace("T", " ");
}

/**
 * The shop's name, address, contacts and commercial registration number as the owner set them, both documents'
 * first rows (a detail not set is left out); returns the y below them.
 */
export function drawShopHeader(sheet: Sheet, y: number, shop: DocumentShop) {
  y += drawBilingualRow(sheet, y, shop.name.en, shop.name.ar, { bold: true, size: 18, color: "#ad1457" });
  const contacts = [shop.phone, shop.email].filter((value): value is string => value !== null);
  const options = { size: 9, color: "#55526a" };
  const english = separatedLines(sheet, [shop.address?.en, ...contacts], options);
  const arabic = separatedLines(sheet, [shop.address?.ar, ...contacts.map(ltr)], options);
  if (english) y += drawBilingualRow(sheet, y, english, arabic, options);
  if (shop.commercialRegistration) {
    const number = shop.commercialRegistration;
    y += drawBilingualRow(sheet, y, `Commercial registration no.: ${number}`, `رقم السجل التجاري: ${ltr(number)}`, options);
  }
  return y;
}

/**
 * Parts (an address, a phone, an e-mail) joined by " · " and broken into lines between parts, never inside the
 * separator: a line never ends or starts with a dot left over from the part that went to the next line.
 */
function separatedLines(sheet: Sheet, parts: (string | undefined)[], options: TextOptions) {
  const half = halfWidth(sheet);
  setFont(sheet, options);
  const lines: string[] = [];
  for (const part of parts) {
    if (!part) continue;
    const joined = lines.length ? `${lines[lines.length - 1]} · ${part}` : "";
    if (joined && widthOf(sheet, joined.split("\n").at(-1)!) <= half) lines[lines.length - 1] = joined;
    else lines.push(part);
  }
  return lines.join("\n");
}
