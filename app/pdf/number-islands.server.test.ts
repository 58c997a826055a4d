import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import PDFDocument from "pdfkit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInvoicePdf, type InvoiceData } from "./invoice.server";

/**
 * Issue 28, point 5: in the Arabic invoice the order number and the amounts are drawn left to right ("ORD-" then its
 * digits, "-0.80" with the minus on the left) and come back whole from pdftotext.
 */
const order: InvoiceData = {
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
  fullName: "سارة أحمد",
  phone: "60012345",
  buildingType: "Villa",
  city: "Hawalli",
  cityAr: "حولي",
  block: "3",
  street: "شارع تونس",
  streetNumber: "45",
  buildingNumber: "12",
  floor: null,
  apartmentNumber: null,
  notes: null,
  items: [{ nameEn: "Pearl bow", nameAr: "فيونكة لآلئ", quantity: 2, priceFils: 3500, customTags: [] }],
  subtotalFils: 7000,
  deliveryFeeFils: 1500,
  totalFils: 7700,
  discountFils: 800,
  couponCode: "EID2026",
};

type Drawn = { text: string; x: number; y: number };

/** Every piece of text pdfkit is asked to draw, with where; each Arabic line is drawn as several runs. */
async function drawnRuns() {
  const drawn: Drawn[] = [];
  const original = PDFDocument.prototype.text;
  vi.spyOn(PDFDocument.prototype, "text").mockImplementation(function (this: PDFKit.PDFDocument, ...args: Parameters<typeof original>) {
    const [text, x, y] = args as unknown as [string, number, number];
    drawn.push({ text: String(text), x, y });
    return original.apply(this, args);
  });
  const pdf = await renderInvoicePdf(order);
  return { drawn, pdf };
}

/** A drawn line of the right-hand (Arabic) column as it looks, left to right: its left-to-right runs joined by position. */
function lookOfLine(drawn: Drawn[], marker: string) {
  const line = drawn.find((run) => run.text.includes(marker) && run.x > 250);
  if (!line) throw new Error(`no drawn line with ${marker}`);
  return drawn
    .filter((run) => run.y === line.y && run.x > 250)
    .sort((a, b) => a.x - b.x)
    // fontkit lays out a run of Arabic-Indic digits right to left, so the document hands it over reversed (decision 0079)
    .map((run) => (/^[\u0660-\u0669\u066B]+$/.test(run.text) ? Array.from(run.text).reverse().join("") : run.text))
    .join("");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("numbers in the Arabic invoice", () => {
  it("draws the order number and the discount left to right in the Arabic column", async () => {
    const { drawn } = await drawnRuns();
    expect(lookOfLine(drawn, "ORD")).toContain("ORD-1764059400123");
    // The discount's minus on the left of its digits, never "٠٫٨٠-"; the amounts in Arabic-Indic digits (decision 0079).
    const discount = lookOfLine(drawn, "EID2026");
    expect(discount).toContain("-٠٫٨٠");
    expect(discount).not.toContain("٠٫٨٠-");
    expect(lookOfLine(drawn, "الإجمالي")).toContain("٧٫٧٠");
  });

  it("reads back from pdftotext with 'ORD-' followed by its digits and each amount whole", async () => {
    const { pdf } = await drawnRuns();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-islands-"));
    try {
      const file = path.join(dir, "invoice.pdf");
      await fs.writeFile(file, pdf);
      const { stdout } = await promisify(execFile)("pdftotext", ["-enc", "UTF-8", file, "-"]);
      const text = stdout.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, "");
      expect(text).toContain("رقم الطلب: ORD-1764059400123");
      expect(text).toContain("الخصم (EID2026): -٠٫٨٠ د.ك");
      expect(text).toContain("الإجمالي: ٧٫٧٠ د.ك");
      expect(text).toContain("الهاتف: +965 6001 2345");
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
