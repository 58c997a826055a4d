import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreditNoteData } from "./credit-note.server";
import type { InvoiceData } from "./invoice.server";
import { drawPdfsOffThread, renderCreditNote, renderInvoice } from "./off-thread.server";

const run = promisify(execFile);

const order: InvoiceData = {
  shop: {
    name: { en: "Timsar Accessories", ar: "تمسار للإكسسوارات" },
    phone: "+965 6000 0000",
    email: "hello@timsar-accessories.com",
    address: { en: "Hawalli, Kuwait", ar: "حولي، الكويت" },
    commercialRegistration: "CR-123456",
  },
  orderNumber: "ORD-1764059400777",
  createdAt: new Date("2026-11-28T09:10:00Z"),
  paidAt: new Date("2026-11-28T09:12:00Z"),
  language: "ar",
  fullName: "سارة الكندري",
  phone: "60012345",
  buildingType: "Apartment",
  city: "Hawalli",
  cityAr: "حولي",
  block: "3",
  street: "Tunis Street",
  streetNumber: "45",
  buildingNumber: "12",
  floor: "2",
  apartmentNumber: "5",
  notes: "اتصلي قبل التوصيل",
  items: Array.from({ length: 12 }, (_, index) => ({ nameEn: `Satin bow ${index + 1}`, nameAr: `فيونكة ساتان ${index + 1}`, quantity: 1, priceFils: 750, customTags: [] })),
  subtotalFils: 9000,
  deliveryFeeFils: 1000,
  totalFils: 10_000,
  discountFils: 0,
  couponCode: null,
};

const note: CreditNoteData = {
  creditNoteNumber: "CN-000077",
  issuedAt: new Date("2026-11-29T10:00:00Z"),
  amountFils: 10_000,
  isFullRefund: true,
  refundedBeforeFils: 0,
  remainingPaidFils: 0,
  order,
  language: "en",
};

let dir: string;

async function textOf(pdf: Buffer) {
  const file = path.join(dir, `${crypto.randomUUID()}.pdf`);
  await fs.writeFile(file, pdf);
  return (await run("pdftotext", ["-layout", file, "-"])).stdout;
}

/** How long this thread's event loop was busy while `work` ran. */
async function busyWhile(work: () => Promise<unknown>) {
  const before = performance.eventLoopUtilization();
  await work();
  return performance.eventLoopUtilization(before).active;
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "pdf-thread-"));
});

afterAll(async () => {
  globalThis.__shopPdfsOffThread = undefined;
  await fs.rm(dir, { recursive: true, force: true });
});

describe("invoices and credit notes drawn on the PDF thread (decision 0067)", () => {
  it("read exactly as the same documents drawn in the web worker's own thread", async () => {
    const here = [await renderInvoice(order), await renderCreditNote(note)];
    drawPdfsOffThread();
    const there = [await renderInvoice(order), await renderCreditNote(note)];
    expect(await textOf(there[0])).toBe(await textOf(here[0]));
    expect(await textOf(there[1])).toBe(await textOf(here[1]));
    expect(await textOf(there[0])).toContain("Invoice");
    expect(await textOf(there[1])).toContain("Credit note");
  });

  it("leave the web worker's event loop free to answer pages while they are drawn", async () => {
    globalThis.__shopPdfsOffThread = undefined;
    const orders = Array.from({ length: 6 }, (_, index) => ({ ...order, orderNumber: `ORD-17640594001${index}0` }));
    const busyHere = await busyWhile(() => Promise.all(orders.map((each) => renderInvoice(each))));
    drawPdfsOffThread();
    await renderInvoice(order);
    const busyThere = await busyWhile(() => Promise.all(orders.map((each) => renderInvoice(each))));
    // Drawn here, the six invoices hold the loop for their whole drawing; there, only their bytes pass through it.
    expect(busyThere).toBeLessThan(busyHere / 4);
  });

  it("answer a drawing that fails with its reason, and go on drawing the next document", async () => {
    drawPdfsOffThread();
    await expect(renderInvoice({ ...order, items: null } as unknown as InvoiceData)).rejects.toThrow(/items|null/);
    expect(await textOf(await renderInvoice(order))).toContain(order.orderNumber);
  });
});
