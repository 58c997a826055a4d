import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderCreditNotePdf, type CreditNoteData } from "./credit-note.server";
import { renderInvoicePdf, type InvoiceData } from "./invoice.server";

/**
 * Page breaks as a reader meets them (outside probe 4, items 5 and 9): an item never runs off the bottom of a page,
 * a long one goes on over the next page, every page of a long document says whose it is and which page it is, and
 * the totals never stand alone on a page.
 */
const run = promisify(execFile);
// The invisible direction marks poppler and the renderer put around changes of direction (decision 0033).
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;
const A4_HEIGHT = 841.89;
const PAGE_MARGIN = 40;

const order: InvoiceData = {
  shop: {
    name: { en: "Reem Gifts House", ar: "بيت ريم للهدايا" },
    phone: "+965 9988 7766",
    email: "reem@gifts-house.test",
    address: { en: "Block 3, Tunis Street, Hawalli, Kuwait", ar: "قطعة ٣، شارع تونس، حولي، الكويت" },
    commercialRegistration: "CR-123456",
  },
  orderNumber: "ORD-657961958369",
  createdAt: new Date("2026-12-01T09:10:00Z"),
  paidAt: new Date("2026-12-01T09:12:00Z"),
  language: "en",
  fullName: "Lina Saleh",
  phone: "98765432",
  buildingType: "Villa",
  city: "Hawalli",
  cityAr: "حولي",
  block: "3",
  street: "Tunis",
  streetNumber: "45",
  buildingNumber: "12",
  floor: null,
  apartmentNumber: null,
  notes: null,
  items: [],
  subtotalFils: 5000,
  deliveryFeeFils: 1800,
  totalFils: 6800,
  discountFils: 0,
  couponCode: null,
};

const ribbons = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ nameEn: `Satin ribbon no. ${index + 1}`, nameAr: `شريطة ساتان رقم ${index + 1}`, quantity: 1, priceFils: 250, customTags: [] }));

/** One unit with `count` custom texts of about 200 characters each, every one ending in a word of its own. */
function engraved(count: number) {
  const customTags = Array.from({ length: count }, (_, index) => ({
    titleEn: `Label line ${index + 1}`,
    titleAr: `سطر ${index + 1}`,
    value: `${"lorem ipsum dolor sit amet ".repeat(7)}end-of-label-${index + 1}`,
  }));
  return [{ nameEn: "Engraved name bracelet", nameAr: "سوار بالاسم محفور", quantity: 1, priceFils: 5000, customTags }];
}

const note = (items: InvoiceData["items"]): CreditNoteData => ({
  creditNoteNumber: "CN-117461660873",
  issuedAt: new Date("2026-12-03T10:00:00Z"),
  amountFils: 2500,
  isFullRefund: false,
  refundedBeforeFils: 0,
  remainingPaidFils: 4300,
  order: { ...order, items },
  language: "en",
});

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-breaks-"));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** The text of each page, as pdftotext gives it back, without the invisible direction marks. */
async function pagesOf(pdf: Buffer) {
  const file = path.join(dir, `${crypto.randomUUID()}.pdf`);
  await fs.writeFile(file, pdf);
  const { stdout } = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
  const pages = stdout.replace(BIDI_CONTROLS, "").split("\f");
  return { file, pages: pages.slice(0, pages.length - 1) };
}

/**
 * What is drawn in the bottom margin of any page (pdftotext -bbox, which gives each drawn line as one "word") other
 * than the page's number: what ran off the page's content. The invisible marks that settle a page's direction have
 * no letter and are left out.
 */
async function linesBelowContent(file: string) {
  const { stdout } = await run("pdftotext", ["-bbox", file, "-"]);
  return [...stdout.matchAll(/yMax="([\d.]+)">([^<]*)</g)]
    .map((match) => ({ bottom: Number(match[1]), line: match[2].replace(BIDI_CONTROLS, "") }))
    .filter(({ bottom, line }) => bottom > A4_HEIGHT - PAGE_MARGIN && /[\p{L}\p{N}]/u.test(line) && !/ORD-\d+ — /.test(line))
    .map(({ line }) => line);
}

const flat = (text: string) => text.replace(/\s+/g, " ");

describe("an item taller than the room left on the page", () => {
  it("moves to the next page whole and shows every custom text, none below the page's margin", async () => {
    const { file, pages } = await pagesOf(await renderInvoicePdf({ ...order, items: engraved(10) }));
    const all = flat(pages.join(" "));
    for (let index = 1; index <= 10; index++) expect(all).toContain(`Label line ${index} / سطر ${index}:`);
    for (let index = 1; index <= 10; index++) expect(all).toContain(`end-of-label-${index}`);
    // The whole item on one page: its name and its last custom text together.
    expect(pages.filter((page) => page.includes("Engraved name bracelet") && page.includes("end-of-label-10"))).toHaveLength(1);
    expect(await linesBelowContent(file)).toEqual([]);
  });

  it("goes on over the next pages when it is taller than a page, under the table's header and a line naming it", async () => {
    const { file, pages } = await pagesOf(await renderInvoicePdf({ ...order, language: "ar", items: engraved(40) }));
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const all = flat(pages.join(" "));
    for (let index = 1; index <= 40; index++) expect(all).toContain(`end-of-label-${index}`);
    for (const page of pages.slice(1)) {
      expect(page).toContain("Item / المنتج");
      expect(page).toContain("Engraved name bracelet (continued)");
    }
    expect(await linesBelowContent(file)).toEqual([]);
  });
});

describe("a document of several pages", () => {
  it("repeats the table's header and carries the order number and 'page x of y' on every page, in both halves", async () => {
    const { pages } = await pagesOf(await renderInvoicePdf({ ...order, language: "ar", items: ribbons(20) }));
    expect(pages.length).toBe(2);
    pages.forEach((page, index) => {
      expect(page).toContain("Item / المنتج");
      expect(page).toContain(`Invoice ORD-657961958369 — page ${index + 1} of 2`);
      // Arabic-Indic digits in the Arabic half (decision 0079); the order number stays as it is typed.
      expect(page).toContain(`فاتورة ORD-657961958369 — صفحة ${"١٢"[index]} من ٢`);
    });
  });

  it("numbers a credit note's pages with its own number", async () => {
    const { pages } = await pagesOf(await renderCreditNotePdf(note(ribbons(20))));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => expect(page).toContain(`Credit note CN-117461660873 — page ${index + 1} of ${pages.length}`));
  });

  it("carries no page number when it fits on one page", async () => {
    const { pages } = await pagesOf(await renderInvoicePdf({ ...order, items: ribbons(2) }));
    expect(pages).toHaveLength(1);
    expect(pages[0]).not.toContain("page 1 of");
  });

  // Every length of order from one item to past two pages, so each place a page may end is met.
  it.each(Array.from({ length: 21 }, (_, index) => index + 1))(
    "keeps the totals with the last item and the closing sentence with the totals (%i items)",
    async (count) => {
      const invoice = await pagesOf(await renderInvoicePdf({ ...order, items: ribbons(count) }));
      const totals = invoice.pages.find((page) => page.includes("Grand total: 6.80 KD"));
      expect(totals, invoice.pages.join("\n----\n")).toBeDefined();
      expect(totals).toContain(`Satin ribbon no. ${count}`);
      expect(totals).toContain("Paid online. Thank you for shopping with us!");

      const credit = await pagesOf(await renderCreditNotePdf(note(ribbons(count))));
      const ledger = credit.pages.find((page) => page.includes("Grand total: 6.80 KD"));
      expect(ledger, credit.pages.join("\n----\n")).toBeDefined();
      expect(ledger).toContain(`Satin ribbon no. ${count}`);
      expect(ledger).toContain("Remaining paid amount: 4.30 KD");
      expect(ledger).toContain("The refunded amount goes back to the card");
    },
  );
});
