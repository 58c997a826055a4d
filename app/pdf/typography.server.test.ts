import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderCreditNotePdf } from "./credit-note.server";
import { renderInvoicePdf, type InvoiceData } from "./invoice.server";

/**
 * Small faults a reader sees on the invoice and the credit note (outside probe 4, item 15): a separator left
 * dangling where the shop's contacts wrap, Latin digits in Arabic text, and two styles of phone number on one page.
 */
const run = promisify(execFile);
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

// The probe's shop: its address, phone and e-mail do not fit on one line of either half.
const order: InvoiceData = {
  shop: {
    name: { en: "Reem Gifts House", ar: "بيت ريم للهدايا" },
    phone: "+965 9988 7766",
    email: "reem.alkandari@gifts-house.test",
    address: { en: "Block 3, Tunis Street, Hawalli, Kuwait", ar: "قطعة ٣، شارع تونس، حولي، الكويت" },
    commercialRegistration: "CR-123456",
  },
  orderNumber: "ORD-701028813621",
  createdAt: new Date("2026-12-01T09:10:00Z"),
  paidAt: new Date("2026-12-01T09:12:00Z"),
  language: "ar",
  fullName: "سارة أحمد",
  phone: "98765432",
  buildingType: "Apartment",
  city: "Hawalli",
  cityAr: "حولي",
  block: "3",
  street: "Tunis",
  streetNumber: "45",
  buildingNumber: "12",
  floor: "2",
  apartmentNumber: "5",
  notes: null,
  items: [{ nameEn: "Hair ribbon set", nameAr: "طقم شرائط شعر", quantity: 2, priceFils: 2500, customTags: [] }],
  subtotalFils: 5000,
  deliveryFeeFils: 1800,
  totalFils: 6800,
  discountFils: 0,
  couponCode: null,
};

let dir: string;
const texts = new Map<string, string[]>();

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-typography-"));
  const documents = {
    invoice: await renderInvoicePdf(order),
    englishInvoice: await renderInvoicePdf({ ...order, language: "en" }),
    creditNote: await renderCreditNotePdf({
      creditNoteNumber: "CN-117461660873",
      issuedAt: new Date("2026-12-03T10:00:00Z"),
      amountFils: 2500,
      isFullRefund: false,
      refundedBeforeFils: 0,
      remainingPaidFils: 4300,
      order,
      language: "ar",
    }),
  };
  for (const [name, pdf] of Object.entries(documents)) {
    const file = path.join(dir, `${name}.pdf`);
    await fs.writeFile(file, pdf);
    const { stdout } = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
    texts.set(name, stdout.replace(BIDI_CONTROLS, "").split("\n"));
  }
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe.each(["invoice", "englishInvoice", "creditNote"])("the %s's header", (name) => {
  it("breaks the shop's contacts between them, leaving no separator at the end or start of a line", () => {
    const lines = texts.get(name)!;
    expect(lines.filter((line) => /^\s*·|·\s*$/.test(line))).toEqual([]);
    for (const part of ["Block 3, Tunis Street, Hawalli, Kuwait", "قطعة ٣، شارع تونس، حولي، الكويت", "+965 9988 7766", "reem.alkandari@gifts-house.test"]) {
      expect(lines.some((line) => line.includes(part))).toBe(true);
    }
  });

  it("writes the customer's phone as the shop's is written, in both halves", () => {
    const lines = texts.get(name)!;
    expect(lines).toContain("Phone: +965 9876 5432");
    expect(lines).toContain("الهاتف: +965 9876 5432");
  });
});

describe("the invoice's closing sentence", () => {
  it("counts the return window's days in Arabic-Indic digits in Arabic (decision 0079)", () => {
    const text = texts.get("invoice")!.join(" ");
    expect(text).toContain("الإرجاع خلال ١٤ يومًا");
    expect(text).not.toContain("خلال 14");
    expect(text).toContain("Returns within 14 days");
  });
});
