import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderCreditNotePdf, type CreditNoteData } from "./credit-note.server";
import { addressLines, renderInvoicePdf, type InvoiceData } from "./invoice.server";

/**
 * Issue 18: what pdftotext gives back from the invoice and the credit note is what the shop stored, letter for
 * letter, for the hard cases of Arabic text. Poppler's own output is the judge: plain and -layout.
 */
const run = promisify(execFile);

/** An order whose every field is a hard case: lam-alef pairs, final yaa, taa marbuta, diacritics, mixed scripts, both digit sets. */
const hardOrder: InvoiceData = {
  shop: {
    name: { en: "Timsar Accessories", ar: "تمسار للإكسسوارات" },
    phone: "+965 6000 0000",
    email: "hello@timsar-accessories.com",
    address: { en: "Hawalli, Kuwait", ar: "حولي، الكويت" },
    commercialRegistration: "CR-123456",
  },
  orderNumber: "ORD-1764059400123",
  createdAt: new Date("2026-11-25T09:10:00Z"),
  paidAt: new Date("2026-11-25T09:12:00Z"),
  language: "ar",
  fullName: "علا سلمى الإبراهيم",
  phone: "60012345",
  buildingType: "Villa",
  city: "Ahmadi",
  cityAr: "الأحمدي",
  block: "٣",
  street: "Tunis Street",
  streetNumber: "٤٥",
  buildingNumber: "12",
  floor: "2",
  apartmentNumber: "لآلئ 5",
  notes: "اتصلي على sara.k@example.com، شكرًا",
  items: [
    {
      nameEn: "Kids' hair clip",
      nameAr: "مشبك شَعْر للأطفال",
      quantity: 2,
      priceFils: 1250,
      customTags: [
        { titleEn: "Initials", titleAr: "الأحرف", value: "م.ع ١٢" },
        { titleEn: "Colour", titleAr: "اللون", value: "لؤلؤي Pearl 3" },
      ],
    },
    { nameEn: "Pearl bow", nameAr: "فيونكة لآلئ للإكسسوارات", quantity: 1, priceFils: 3500, customTags: [] },
    { nameEn: "Hair band", nameAr: "ربطة شعر لامعة مستوى ١", quantity: 3, priceFils: 750, customTags: [{ titleEn: "Note", titleAr: "ملاحظة", value: "لا إضافات" }] },
  ],
  subtotalFils: 8250,
  deliveryFeeFils: 1000,
  totalFils: 8450,
  discountFils: 800,
  couponCode: "EID2026",
};

const partialNote: CreditNoteData = {
  creditNoteNumber: "CN-000042",
  issuedAt: new Date("2026-11-27T21:30:00Z"),
  amountFils: 2500,
  isFullRefund: false,
  refundedBeforeFils: 1250,
  remainingPaidFils: 4700,
  order: hardOrder,
  language: "ar",
};

/** Every stored string the invoice draws, each of which must come back whole. */
function invoiceStrings(order: InvoiceData) {
  const address = addressLines(order);
  return [
    "Timsar Accessories",
    "تمسار للإكسسوارات",
    "حولي، الكويت",
    order.shop.email!,
    `رقم السجل التجاري: ${order.shop.commercialRegistration}`,
    `Commercial registration no.: ${order.shop.commercialRegistration}`,
    order.fullName,
    "العميل",
    "الهاتف: +965 6001 2345",
    ...address.en.split("\n"),
    ...address.ar.split("\n"),
    `ملاحظات: ${order.notes}`,
    ...order.items.flatMap((item) => [item.nameEn, item.nameAr, ...item.customTags.flatMap((tag) => [tag.titleEn, tag.titleAr, tag.value])]),
    "Item / المنتج",
    "2.50 KD",
    "مجموع المنتجات: ٨٫٢٥ د.ك",
    "Products total: 8.25 KD",
    "الخصم (EID2026): -٠٫٨٠ د.ك",
    "Discount (EID2026): -0.80 KD",
    "رسوم التوصيل: ١٫٠٠ د.ك",
    "الإجمالي: ٨٫٤٥ د.ك",
    "Grand total: 8.45 KD",
  ];
}

/** Enough items for three pages: the page breaks, the totals after them, and each page's direction for poppler. */
const longOrder: InvoiceData = {
  ...hardOrder,
  language: "en",
  items: Array.from({ length: 40 }, (_, index) => ({
    nameEn: `Satin ribbon no. ${index + 1}`,
    nameAr: `شريطة ساتان رقم ${index + 1} للإهداء`,
    quantity: 1,
    priceFils: 250,
    customTags: [],
  })),
  subtotalFils: 10_000,
  totalFils: 10_200,
};

const cases: { name: string; render: () => Promise<Buffer>; expected: string[]; pages?: number }[] = [
  { name: "Arabic invoice", render: () => renderInvoicePdf(hardOrder), expected: [...invoiceStrings(hardOrder), "فاتورة", "رقم الطلب: ORD-1764059400123", "التاريخ: ٢٠٢٦-١١-٢٥ ١٢:١٢ (الكويت)"] },
  {
    name: "English invoice",
    render: () => renderInvoicePdf({ ...hardOrder, language: "en" }),
    expected: [...invoiceStrings(hardOrder), "Invoice", "Order number: ORD-1764059400123", "Date: 2026-11-25 12:12 (Kuwait)"],
  },
  {
    name: "Arabic partial credit note",
    render: () => renderCreditNotePdf(partialNote),
    expected: [
      ...invoiceStrings(hardOrder),
      "إشعار دائن",
      "Credit note",
      "رقم الإشعار: CN-000042",
      "تاريخ الإصدار: ٢٠٢٦-١١-٢٨ ٠٠:٣٠ (الكويت)",
      "الطلب الأصلي: ORD-1764059400123",
      "Order date: 2026-11-25 12:12 (Kuwait)",
      "استرداد جزئي بمبلغ ٢٫٥٠ د.ك",
      "Partial refund of amount 2.50 KD",
      "المسترد سابقًا: ١٫٢٥ د.ك",
      "هذا الاسترداد: ٢٫٥٠ د.ك",
      "المبلغ المدفوع المتبقي: ٤٫٧٠ د.ك",
      "Remaining paid amount: 4.70 KD",
    ],
  },
  {
    name: "English full credit note",
    render: () =>
      renderCreditNotePdf({ ...partialNote, language: "en", isFullRefund: true, amountFils: 7200, remainingPaidFils: 0, order: { ...hardOrder, language: "en" } }),
    expected: [...invoiceStrings(hardOrder), "استرداد كامل شامل التوصيل", "Full refund, delivery included", "This refund: 7.20 KD", "المبلغ المدفوع المتبقي: ٠٫٠٠ د.ك"],
  },
  {
    name: "English credit note of 40 items",
    render: () => renderCreditNotePdf({ ...partialNote, language: "en", order: longOrder }),
    expected: [
      ...longOrder.items.flatMap((item) => [item.nameEn, item.nameAr]),
      "Grand total: 10.20 KD",
      "الإجمالي: ١٠٫٢٠ د.ك",
      "المبلغ المدفوع المتبقي: ٤٫٧٠ د.ك",
      "يعود المبلغ المسترد إلى البطاقة أو الحساب الذي دُفع به الطلب.",
    ],
    pages: 3,
  },
];

// Invisible direction controls: poppler writes U+202A–U+202C around every change of direction, and the marks the
// renderer adds for poppler (app/pdf/text.server.ts) are of the same kind. They carry no letters.
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

let dir: string;
const files = new Map<string, string>();

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-extraction-"));
  for (const [index, testCase] of cases.entries()) {
    const file = path.join(dir, `${index}.pdf`);
    await fs.writeFile(file, await testCase.render());
    files.set(testCase.name, file);
  }
});

afterAll(async () => {
  // KEEP_PDFS=1 leaves the documents in the temporary folder, to look at their pages (pdftoppm -png).
  if (process.env.KEEP_PDFS) return;
  await fs.rm(dir, { recursive: true, force: true });
});

async function extract(file: string, mode: "plain" | "layout") {
  const { stdout } = await run("pdftotext", [...(mode === "layout" ? ["-layout"] : []), "-enc", "UTF-8", file, "-"]);
  return stdout.replace(BIDI_CONTROLS, "").split("\n");
}

describe.each(cases)("$name", ({ name, expected, pages = 1 }) => {
  // A string counts when it stands whole inside one extracted line: in -layout mode a line also holds the other
  // column and the neighbouring cells, so whole-line equality would test the layout, not the letters. Never
  // across lines, so a string broken or reordered by the extraction fails.
  it.each(["plain", "layout"] as const)("gives back every stored string letter for letter (pdftotext %s)", async (mode) => {
    const lines = await extract(files.get(name)!, mode);
    const missing = expected.filter((text) => !lines.some((line) => line.includes(text)));
    expect(missing, lines.join("\n")).toEqual([]);
  });

  it("passes qpdf --check and is a tagged PDF with language, title, headings and a table", async () => {
    const file = files.get(name)!;
    const check = await run("qpdf", ["--check", file]);
    expect(check.stdout).toContain("No syntax or stream encoding errors found");
    const { stdout } = await run("qpdf", ["--qdf", "--object-streams=disable", file, "-"], { maxBuffer: 64 * 1024 * 1024, encoding: "latin1" });
    const language = name.startsWith("Arabic") ? "ar" : "en";
    const other = language === "ar" ? "en" : "ar";
    const markers = [
      /\/StructTreeRoot \d+ 0 R/,
      /\/MarkInfo \d+ 0 R/,
      /\/Marked true/,
      // The catalog's language first, then spans of the other language.
      new RegExp(`^1 0 obj\\n<<\\n  /Lang \\(${language}\\)`, "m"),
      new RegExp(`/Lang \\(${other}\\)`),
      /\/DisplayDocTitle true/,
      /\/Title (\(|<|\d+ 0 R)/,
      ...["Document", "H1", "H2", "P", "Table", "TR", "TH", "TD", "Span"].map((type) => new RegExp(`/S /${type}\\n`)),
      /\/Scope \/Column/,
    ];
    // Only the missing markers are reported: the whole file would drown the message.
    expect(markers.filter((marker) => !marker.test(stdout)).map(String)).toEqual([]);
    expect(stdout.match(/\/Type \/Page\n/g)?.length).toBeGreaterThanOrEqual(pages);
  });
});
