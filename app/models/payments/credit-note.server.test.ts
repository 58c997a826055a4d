/**
 * Credit notes (issue 18, point 3) on both engines: one for each refund a gateway accepted, none for a refused one,
 * numbers that never repeat however refunds race, the figures of partial and full refunds and of a discounted order,
 * and the shopper's e-mail as it arrives at a real SMTP server on loopback, the PDF attached.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { startModelFakes } from "../../../tests/integration/model-fakes";
import { GATEWAYS } from "../../../tests/integration/gateway-helpers";
import { paidOrder, useProviderForNewOrders } from "../../../tests/integration/gateway-orders";
import { createOrder } from "../../../tests/factories/order";
import { uniqueId } from "../../../tests/factories/unique";
import { getAdminOrder } from "~/models/fulfilment/index.server";
import { getCreditNote, getCreditNotePdf } from "./credit-note.server";
import { refundOrder, RefundError } from "./refund.server";
import { orderDetailJson } from "~/api/answers/orders.server";

// getEnv() has not been read yet in this process (vitest runs each file in its own): point the shop at both fakes.
const { smtp, gateways } = await startModelFakes();

const admin = { email: "owner@example.com" };

async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(os.tmpdir(), `credit-note-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return (await promisify(execFile)("pdftotext", ["-enc", "UTF-8", file, "-"])).stdout;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

function notesOf(orderId: string) {
  return prisma.creditNote.findMany({
    where: { orderId },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    include: { refund: { select: { status: true, amountFils: true } } },
  });
}

/** A paid order straight in the database, paid through the test provider (which only records refunds). */
async function paidTestOrder(overrides: Parameters<typeof createOrder>[1] = {}) {
  const order = await createOrder(prisma, { paymentStatus: "paid", ...overrides });
  const email = `${uniqueId("refunded")}@example.com`;
  await prisma.order.update({ where: { id: order.id }, data: { email, language: "ar" } });
  await prisma.payment.create({
    data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils, providerPaymentId: `tp_${crypto.randomUUID()}` },
  });
  return { ...order, email };
}

describe.each(GATEWAYS)("credit notes of refunds through %s", (name) => {
  const gateway = gateways[name];

  beforeAll(() => {
    useProviderForNewOrders(name);
    gateway.setAutoWebhook(false);
  });

  it("issues one note for an accepted refund and none for a refused one", async () => {
    const paid = await paidOrder(gateway);
    gateway.failNext("refuse");
    await expect(refundOrder({ orderId: paid.order.id, admin })).rejects.toBeInstanceOf(RefundError);
    expect(await notesOf(paid.order.id)).toEqual([]);

    await refundOrder({ orderId: paid.order.id, admin });
    const notes = await notesOf(paid.order.id);
    // MyFatoorah answers pending (its finance team pays later), Tap refunded: both are money the shop owes back.
    expect(notes.map((note) => note.refund.status)).toEqual([name === "myfatoorah" ? "pending" : "refunded"]);
    expect(notes[0]).toMatchObject({ amountFils: paid.order.totalFils, refundedBeforeFils: 0, remainingPaidFils: 0 });
    expect(notes[0].number).toMatch(/^CN-\d{12}$/);
    // The note the shopper gets reads as what happened: its number, the order's, a whole refund, in both languages.
    const text = await pdfText(Buffer.from(notes[0].pdf!));
    for (const expected of [notes[0].number, paid.order.orderNumber, "Full refund, delivery included", "استرداد كامل شامل التوصيل"]) {
      expect(text.replace(/[\u200e\u200f]/g, "")).toContain(expected);
    }
    expect(await prisma.refund.count({ where: { orderId: paid.order.id } })).toBe(2);
  });
});

describe("credit notes of refunds with the test provider", () => {
  beforeAll(() => useProviderForNewOrders("test"));

  it("states the amount, what was refunded before and what stays paid, for a part and then the rest", async () => {
    const order = await paidTestOrder();
    await refundOrder({ orderId: order.id, amountFils: 1250, admin });
    await refundOrder({ orderId: order.id, admin });
    const notes = await notesOf(order.id);
    expect(notes.map((note) => [note.amountFils, note.refundedBeforeFils, note.remainingPaidFils])).toEqual([
      [1250, 0, order.totalFils - 1250],
      [order.totalFils - 1250, 1250, 0],
    ]);
    expect(new Set(notes.map((note) => note.number)).size).toBe(2);

    const json = orderDetailJson((await getAdminOrder(order.id))!);
    expect(json.creditNotes).toEqual(
      notes.map((note) => ({ number: note.number, amount: note.amountFils / 1000, createdAt: note.createdAt.toISOString(), url: `/uploads/credit-notes/${note.number}.pdf` })),
    );
  });

  it("shows each line's option values, in both languages, among the original order's items (issue 31)", async () => {
    const order = await paidTestOrder({
      items: [
        { nameEn: "Hair clip", nameAr: "مشبك شعر", priceFils: 2500, quantity: 2, optionValues: [{ en: "Blue", ar: "أزرق" }, { en: "Large", ar: "كبير" }] },
        { nameEn: "Plain bow", nameAr: "فيونكة", priceFils: 1000, quantity: 1 },
      ],
    });
    await refundOrder({ orderId: order.id, amountFils: 1000, admin });
    const [note] = await notesOf(order.id);
    const text = await pdfText((await getCreditNotePdf(note.id))!);
    expect(text).toContain("Blue / Large");
    expect(text).toContain("أزرق");
    expect(text).toContain("كبير");
    expect(text).toContain("Plain bow");
  });

  it("counts a discounted order's total (products − discount + delivery), delivery included in a full refund", async () => {
    const order = await paidTestOrder({ discountFils: 1000, couponCode: "SAVE1", deliveryFeeFils: 1500 });
    expect(order.totalFils).toBe(5000 - 1000 + 1500);
    await refundOrder({ orderId: order.id, amountFils: 2000, admin });
    await refundOrder({ orderId: order.id, admin });
    const notes = await notesOf(order.id);
    expect(notes.map((note) => [note.amountFils, note.refundedBeforeFils, note.remainingPaidFils])).toEqual([
      [2000, 0, 3500],
      [3500, 2000, 0],
    ]);
    await expect(refundOrder({ orderId: order.id, amountFils: 1, admin })).rejects.toMatchObject({ reason: "overRefund" });
    expect(await prisma.creditNote.count({ where: { orderId: order.id } })).toBe(2);
  });

  it("gives each of 10 simultaneous partial refunds of one order its own number and consecutive figures", async () => {
    const order = await paidTestOrder();
    await Promise.all(Array.from({ length: 10 }, () => refundOrder({ orderId: order.id, amountFils: 100, admin })));
    const notes = await notesOf(order.id);
    expect(notes).toHaveLength(10);
    expect(new Set(notes.map((note) => note.number)).size).toBe(10);
    expect(notes.map((note) => note.refundedBeforeFils).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, index) => index * 100));
    for (const note of notes) expect(note.remainingPaidFils).toBe(order.totalFils - note.refundedBeforeFils - 100);
    expect(new Set(notes.map((note) => note.refundId)).size).toBe(10);
  });

  it("never repeats a number across orders refunded at the same time", async () => {
    const orders = await Promise.all(Array.from({ length: 8 }, () => paidTestOrder()));
    await Promise.all(orders.flatMap((order) => [refundOrder({ orderId: order.id, amountFils: 500, admin }), refundOrder({ orderId: order.id, amountFils: 700, admin })]));
    const notes = await prisma.creditNote.findMany({ where: { orderId: { in: orders.map((order) => order.id) } } });
    expect(notes).toHaveLength(16);
    expect(new Set(notes.map((note) => note.number)).size).toBe(16);
  });

  it("e-mails the shopper the note in the order's language with its PDF and a signed link", async () => {
    const order = await paidTestOrder();
    const before = smtp.received.length;
    await refundOrder({ orderId: order.id, amountFils: 1250, admin });
    const [note] = await notesOf(order.id);
    const mail = await smtp.waitForMail(order.email, { after: before });
    // An Arabic order: its refund is told in Arabic alone (CONTRACT.md "Messages to shoppers").
    expect(mail.subject).toBe(`إشعار دائن ${note.number} للطلب ${order.orderNumber}`);
    expect(mail.text).toContain(`تم استرداد مبلغ \u2066١٫٢٥\u2069 د.ك من طلبك \u2066${order.orderNumber}\u2069`);
    expect(mail.text).not.toContain("a refund of");
    expect(mail.text).toMatch(new RegExp(`http://shop\\.test/uploads/credit-notes/${note.number}\\.pdf\\?expires=\\d+&sig=[\\w-]+`));
    expect(mail.html).toContain('<div dir="rtl" lang="ar">');
    expect(mail.raw).toMatch(new RegExp(`Content-Type: application/pdf; name=${note.number}\\.pdf`));
    // Marked once the server took the mail, which is just after the test's mailbox saw it.
    await expect.poll(async () => (await prisma.creditNote.findUniqueOrThrow({ where: { id: note.id } })).mailedAt).not.toBeNull();
  });

  it("keeps the refund and its note when the shopper's address cannot take mail, and queues no mail to it", async () => {
    const order = await paidTestOrder();
    await prisma.order.update({ where: { id: order.id }, data: { email: "not an address" } });
    await refundOrder({ orderId: order.id, amountFils: 300, admin });
    const [note] = await notesOf(order.id);
    expect(note).toMatchObject({ amountFils: 300, mailedAt: null });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBe(300);
    expect(await prisma.outboxMessage.count({ where: { orderId: order.id, kind: "refund" } })).toBe(0);
  });

  it("issues a note missed after an accepted refund with the order's next refund, never one for a refund still at the gateway", async () => {
    const order = await paidTestOrder();
    const payment = await prisma.payment.findFirstOrThrow({ where: { orderId: order.id } });
    const refund = (data: { amountFils: number; providerRefundId: string | null; createdAt: Date }) =>
      prisma.refund.create({ data: { orderId: order.id, paymentId: payment.id, status: "pending", requestedBy: admin.email, ...data } });
    // Accepted, but the server stopped before its note; and one whose gateway call has not answered yet.
    const missed = await refund({ amountFils: 600, providerRefundId: "tr_missed", createdAt: new Date(Date.now() - 60_000) });
    const waiting = await refund({ amountFils: 200, providerRefundId: null, createdAt: new Date(Date.now() - 30_000) });
    await prisma.order.update({ where: { id: order.id }, data: { refundedFils: 800 } });

    await refundOrder({ orderId: order.id, amountFils: 1000, admin });
    const notes = await notesOf(order.id);
    expect(notes.map((note) => [note.refundId === missed.id, note.amountFils, note.refundedBeforeFils])).toEqual([
      [true, 600, 0],
      [false, 1000, 600],
    ]);
    expect(notes.some((note) => note.refundId === waiting.id)).toBe(false);
  });

  it("draws a note on first download when its drawing never finished, and keeps those bytes", async () => {
    const order = await paidTestOrder();
    await refundOrder({ orderId: order.id, amountFils: 400, admin });
    const [note] = await notesOf(order.id);
    await prisma.creditNote.update({ where: { id: note.id }, data: { pdf: null } });
    const found = await getCreditNote(note.number);
    const drawn = await getCreditNotePdf(found!.id);
    expect(drawn?.subarray(0, 5).toString()).toBe("%PDF-");
    expect(Buffer.compare(drawn!, (await getCreditNotePdf(found!.id))!)).toBe(0);
    expect(await getCreditNote("CN-1")).toBeNull();
    expect(await getCreditNote("ORD-123456789012")).toBeNull();
  });
});
