import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderCreditNotePdf, type CreditNoteData } from "./credit-note.server";
import type { InvoiceData } from "./invoice.server";

/**
 * A return's credit note names the return and the goods it credits, and says why it gives back less than their
 * price when the order had a discount (outside probe 4, item 8).
 */
const run = promisify(execFile);
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

const order: InvoiceData = {
  shop: { name: { en: "Reem Gifts House", ar: "بيت ريم للهدايا" }, phone: "+965 9988 7766", email: null, address: null, commercialRegistration: null },
  orderNumber: "ORD-883987358391",
  createdAt: new Date("2026-12-01T09:10:00Z"),
  paidAt: new Date("2026-12-01T09:12:00Z"),
  language: "ar",
  fullName: "سارة أحمد",
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
  items: [
    { nameEn: "Bow headband", nameAr: "طوق فيونكة", quantity: 2, priceFils: 1500, customTags: [] },
    { nameEn: "Hair clip", nameAr: "مشبك شعر", quantity: 1, priceFils: 3000, customTags: [] },
  ],
  subtotalFils: 6000,
  deliveryFeeFils: 1000,
  totalFils: 6400,
  discountFils: 600,
  couponCode: "PROBE10",
};

// 2 × 1.500 back of 6.000 in products: the items carry 3.000 / 6.000 of the 0.600 discount with them.
const returnNote: CreditNoteData = {
  creditNoteNumber: "CN-916307264078",
  issuedAt: new Date("2026-12-05T10:00:00Z"),
  amountFils: 2700,
  isFullRefund: false,
  refundedBeforeFils: 0,
  remainingPaidFils: 3700,
  order,
  language: "ar",
  forReturn: { number: "RET-643454533518", items: [{ nameEn: "Bow headband", nameAr: "طوق فيونكة", quantity: 2 }], itemsFils: 3000, discountShareFils: 300 },
};

let dir: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-credit-note-"));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function linesOf(note: CreditNoteData) {
  const file = path.join(dir, `${crypto.randomUUID()}.pdf`);
  await fs.writeFile(file, await renderCreditNotePdf(note));
  const { stdout } = await run("pdftotext", ["-enc", "UTF-8", file, "-"]);
  return stdout.replace(BIDI_CONTROLS, "").split("\n");
}

describe("the credit note of a return's refund", () => {
  it("names the return and the returned items with their quantities, in both halves", async () => {
    const lines = await linesOf(returnNote);
    expect(lines).toContain("For return RET-643454533518, the items returned:");
    expect(lines).toContain("عن الإرجاع RET-643454533518، المنتجات المرتجعة:");
    expect(lines).toContain("Bow headband × 2");
    expect(lines).toContain("طوق فيونكة × ٢");
  });

  it("says the refund is the items' price less their share of the order's discount", async () => {
    const lines = await linesOf(returnNote);
    expect(lines).toContain("Items' price: 3.00 KD");
    expect(lines).toContain("سعر المنتجات: ٣٫٠٠ د.ك");
    expect(lines).toContain("Less their share of the discount (PROBE10): -0.30 KD");
    expect(lines).toContain("ناقص حصتها من الخصم (PROBE10): -٠٫٣٠ د.ك");
    expect(lines).toContain("Partial refund of amount 2.70 KD");
  });

  it("names an exchange's credit as what the items share, and leaves the line out without a discount", async () => {
    const exchange = await linesOf({
      ...returnNote,
      order: { ...order, couponCode: null, exchangeForOrderNumber: "ORD-122213830101" },
    });
    expect(exchange).toContain("Less their share of the exchange credit: -0.30 KD");
    expect(exchange).toContain("ناقص حصتها من رصيد الاستبدال: -٠٫٣٠ د.ك");
    const undiscounted = await linesOf({ ...returnNote, forReturn: { ...returnNote.forReturn!, discountShareFils: 0 } });
    expect(undiscounted.filter((line) => line.includes("share") || line.includes("حصتها"))).toEqual([]);
    expect(undiscounted).toContain("Bow headband × 2");
  });

  it("lists no return on a refund the owner made on the order itself", async () => {
    const lines = await linesOf({ ...returnNote, forReturn: null });
    expect(lines.filter((line) => line.includes("RET-") || line.includes("For return"))).toEqual([]);
  });
});
