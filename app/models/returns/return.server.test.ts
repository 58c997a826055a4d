/**
 * Returns and exchanges (issue 32) on both engines: the 14-day window in Kuwait days, who may ask, never more asked
 * back than bought however requests race, personalised items refused, restock exactly once, the refund's figures
 * with a discount code (delivery kept, never more than paid, a credit note, a lost answer retried with the same
 * reference), an exchange as a free order, and a message queued for the shopper with each decision.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeEach, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { startModelFakes } from "../../../tests/integration/model-fakes";
import { paidOrder, useProviderForNewOrders } from "../../../tests/integration/gateway-orders";
import { createAdmin } from "../../../tests/factories/admin";
import { createCustomer } from "../../../tests/factories/customer";
import { createOrder } from "../../../tests/factories/order";
import { createProduct, createProductWithOptions } from "../../../tests/factories/product";
import { uniqueEmail } from "../../../tests/factories/unique";
import { setOrderStatus } from "~/models/fulfilment/index.server";
import { refundOrder } from "~/models/payments/index.server";
import { getSalesReport } from "~/models/reports/index.server";
import { kuwaitDateKey } from "~/shared/admin-dates";
import { decideReturn } from "./return-decision.server";
import { decide } from "~/admin/return-action.server";
import { bilingual } from "~/i18n/bilingual.server";
import { ReturnError, requestReturn as storeReturnRequest, returnSelect, type RequestReturnInput } from "./return.server";
import { returnReadJson } from "~/api/answers/returns.server";
import { salesReportCsv } from "~/api/answers/reports.server";

/** The return as the shopper's answer reads it (app/api shapes what the model stores). */
const requestReturn = async (input: RequestReturnInput) => returnReadJson(await storeReturnRequest(input));

const { gateways, smtp } = await startModelFakes();
const admin = { email: "owner@example.com" };

async function refusal(promise: Promise<unknown>): Promise<ReturnError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ReturnError);
  return error as ReturnError;
}

/**
 * A delivered order paid through the test provider (which only records refunds): two plain lines of products in
 * stock and one personalised, 8.000 KD of products less a 0.800 KD code, 1.800 KD delivery.
 */
async function deliveredOrder(deliveredAt = new Date()) {
  const bows = await createProduct(prisma, { priceFils: 2500, stockQuantity: 5 });
  const clips = await createProduct(prisma, { priceFils: 3000, stockQuantity: 5 });
  const order = await createOrder(prisma, {
    status: "delivered",
    discountFils: 800,
    couponCode: "SAVE10",
    items: [
      { nameEn: "Bow", nameAr: "فيونكة", priceFils: 2500, quantity: 2, productId: bows.id },
      { nameEn: "Clip", nameAr: "مشبك", priceFils: 3000, quantity: 1, productId: clips.id },
      { nameEn: "Named mug", nameAr: "كوب باسم", priceFils: 1000, quantity: 1, productId: (await createProduct(prisma)).id, customTags: [{ titleEn: "Name", titleAr: "الاسم", value: "Noor" }] },
    ],
    subtotalFils: 9000,
  });
  await prisma.order.update({ where: { id: order.id }, data: { deliveredAt } });
  await prisma.payment.create({ data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils, providerPaymentId: `tp_${crypto.randomUUID()}` } });
  return { order, bows, clips, personalised: order };
}

function ask(order: { orderNumber: string; phone: string }, overrides: Partial<RequestReturnInput> = {}): RequestReturnInput {
  return { orderNumber: order.orderNumber, phone: order.phone, items: [], resolution: "refund", ...overrides };
}

const stockOf = async (id: string) => (await prisma.product.findUniqueOrThrow({ where: { id } })).stockQuantity;

/** A credit note's PDF as pdftotext reads it, a line each, without the invisible direction marks. */
async function pdfLines(pdf: Uint8Array): Promise<string[]> {
  const file = path.join(os.tmpdir(), `return-credit-note-${crypto.randomUUID()}.pdf`);
  await fs.writeFile(file, pdf);
  try {
    const { stdout } = await promisify(execFile)("pdftotext", ["-enc", "UTF-8", file, "-"]);
    return stdout.replace(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, "").split("\n");
  } finally {
    await fs.rm(file, { force: true });
  }
}

describe("a return request", () => {
  it("is taken until the end of the 14th Kuwait day after delivery, and refused from the next instant", async () => {
    // 23:30 in Kuwait on 1 November: the window ends when 15 November ends in Kuwait (21:00 UTC).
    const { order, bows } = await deliveredOrder(new Date("2026-11-01T20:30:00Z"));
    const line = { productId: bows.id, quantity: 1, reason: "changedMind" as const };
    const late = await refusal(requestReturn({ ...ask(order, { items: [line] }), now: new Date("2026-11-15T21:00:00Z") }));
    expect({ reason: late.reason, status: late.status }).toEqual({ reason: "windowClosed", status: 409 });
    const made = await requestReturn({ ...ask(order, { items: [line] }), now: new Date("2026-11-15T20:59:59.999Z") });
    expect(made).toMatchObject({ number: expect.stringMatching(/^RET-\d{12}$/), orderNumber: order.orderNumber, status: "requested", resolution: "refund" });
    expect(made.items).toEqual([{ productId: bows.id, variantId: null, name: { en: "Bow", ar: "فيونكة" }, quantity: 1, reason: "changedMind", exchangeVariantId: null, exchangeOptionValues: [] }]);
  });

  it("is refused for an order not delivered, a wrong phone, an unknown order, an item not bought, too many, or a personalised item", async () => {
    const { order, bows, clips } = await deliveredOrder();
    const notYet = await createOrder(prisma, { status: "outForDelivery" });
    const line = { productId: bows.id, quantity: 1, reason: "wrongSize" as const };
    const reasons = async (input: RequestReturnInput) => {
      const error = await refusal(requestReturn(input));
      return [error.reason, error.status];
    };
    expect(await reasons(ask(notYet, { items: [line] }))).toEqual(["notDelivered", 409]);
    expect(await reasons(ask(order, { phone: "99999999", items: [line] }))).toEqual(["wrongPhone", 403]);
    expect(await reasons(ask({ orderNumber: "ORD-000000000000", phone: order.phone }, { items: [line] }))).toEqual(["notFound", 404]);
    expect(await reasons(ask(order, { items: [{ ...line, productId: "nope" }] }))).toEqual(["notInOrder", 409]);
    expect(await reasons(ask(order, { items: [{ ...line, quantity: 3 }] }))).toEqual(["tooMany", 409]);
    const mug = await prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id, nameEn: "Named mug" } });
    expect(await reasons(ask(order, { items: [{ productId: mug.productId, quantity: 1, reason: "other" }] }))).toEqual(["personalised", 409]);

    // The signed-in owner needs no phone.
    const customer = await createCustomer(prisma);
    await prisma.order.update({ where: { id: order.id }, data: { customerId: customer.id } });
    const mine = await requestReturn({ ...ask(order, { phone: null, items: [{ productId: clips.id, quantity: 1, reason: "damaged" }] }), customerId: customer.id });
    expect(mine.status).toBe("requested");
  });

  it("of two at once for the last unit, one wins and the other writes nothing", async () => {
    const { order, clips } = await deliveredOrder();
    const line = { productId: clips.id, quantity: 1, reason: "changedMind" as const };
    const outcomes = await Promise.allSettled([requestReturn(ask(order, { items: [line] })), requestReturn(ask(order, { items: [line] }))]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect((lost.reason as ReturnError).reason).toBe("tooMany");
    expect(await prisma.return.count({ where: { orderId: order.id } })).toBe(1);
    expect((await prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id, productId: clips.id } })).returnedQuantity).toBe(1);
  });
});

describe("the owner's decisions", () => {
  it("start the window when the order is first delivered, and keep that day if it is set delivered again", async () => {
    const owner = await createAdmin(prisma);
    const order = await createOrder(prisma, { status: "outForDelivery" });
    await setOrderStatus({ idOrNumber: order.id, status: "delivered", admin: owner });
    const first = (await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).deliveredAt;
    expect(first).toBeInstanceOf(Date);
    await setOrderStatus({ idOrNumber: order.id, status: "processing", admin: owner });
    await setOrderStatus({ idOrNumber: order.id, status: "delivered", admin: owner });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).deliveredAt).toEqual(first);
  });

  it("restock once however often received is sent, and refund the items less the code's share, not delivery, with a credit note", async () => {
    const { order, bows } = await deliveredOrder();
    const made = await requestReturn(ask(order, { items: [{ productId: bows.id, quantity: 2, reason: "wrongSize" }] }));
    // 5.000 KD of bows is 5/9 of the products: 0.444 KD of the 0.800 KD code is theirs.
    expect(made.refundAmount).toBe(4.556);
    const email = uniqueEmail("returns");
    await prisma.order.update({ where: { id: order.id }, data: { email, language: "en" } });
    const sent = smtp.received.length;
    await decideReturn({ id: made._id, status: "approved", admin, note: "Bring them by Thursday" });
    const mail = await smtp.waitForMail(email, { after: sent });
    expect(mail.subject).toBe(`Return ${made.number}: approved`);
    expect(mail.text).toContain(`your return ${made.number} for order ${order.orderNumber} is approved`);
    expect(mail.text).toContain("in their original packaging, to our shop.");
    expect(mail.text).toContain("A note from us: Bring them by Thursday");
    const before = await stockOf(bows.id);
    const received = await Promise.allSettled([1, 2].map(() => decideReturn({ id: made._id, status: "received", admin, restock: true })));
    expect(received.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await stockOf(bows.id)).toBe(before + 2);

    const tooMuch = await refusal(decideReturn({ id: made._id, status: "refunded", admin, refundAmountFils: 4557 }));
    expect(tooMuch.reason).toBe("overRefund");
    const refunds = await Promise.allSettled([1, 2].map(() => decideReturn({ id: made._id, status: "refunded", admin })));
    expect(refunds.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const after = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { creditNotes: true } });
    expect(after.refundedFils).toBe(4556);
    expect(after.creditNotes.map((note) => note.amountFils)).toEqual([4556]);
    // The owner's spreadsheet names the return beside its credit note, and counts it in the day's returns.
    const today = kuwaitDateKey(new Date());
    const csv = salesReportCsv(await getSalesReport(today, today));
    expect(csv).toContain(`${today},${order.orderNumber},,,,,4.556,-4.556,${after.creditNotes[0].number},4.556,${made.number},,\r\n`);
    expect(csv).toMatch(new RegExp(`^${today},day total,([^,]*,){7}4\\.556,,[0-9.]+,[0-9.]+\r$`, "m"));
    const history = await prisma.returnStatusChange.findMany({ where: { returnId: made._id }, orderBy: { createdAt: "asc" } });
    expect(history.map((change) => change.toStatus)).toEqual(["requested", "approved", "received", "refunded"]);
    const messages = await prisma.outboxMessage.findMany({ where: { orderId: order.id, kind: "returnDecision" } });
    expect(messages.map((message) => JSON.parse(message.params).status).sort()).toEqual(["approved", "received", "refunded", "requested"]);
  });

  it("never refund more than the products paid: delivery stays, whatever was refunded before", async () => {
    const { order, bows } = await deliveredOrder();
    // The owner already gave back 5.000 KD by hand; 4.556 KD more would reach into the delivery fee.
    await prisma.order.update({ where: { id: order.id }, data: { refundedFils: 5000 } });
    const made = await requestReturn(ask(order, { items: [{ productId: bows.id, quantity: 2, reason: "damaged" }] }));
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin, restock: false });
    const refused = await refusal(decideReturn({ id: made._id, status: "refunded", admin }));
    expect(refused.reason).toBe("overRefund");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBe(5000);
    expect((await prisma.return.findUniqueOrThrow({ where: { id: made._id } })).status).toBe("received");
  });

  it("after a partial refund, the return reads what was refunded, as the order and its credit note do", async () => {
    const { order, bows } = await deliveredOrder();
    const made = await requestReturn(ask(order, { items: [{ productId: bows.id, quantity: 2, reason: "damaged" }] }));
    expect(made.refundAmount).toBe(4.556);
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin });
    await decideReturn({ id: made._id, status: "refunded", admin, refundAmountFils: 3000 });
    const read = returnReadJson({ ...(await prisma.return.findUniqueOrThrow({ where: { id: made._id }, select: returnSelect })), exchangeOrder: null });
    expect(read.refundAmount).toBe(3);
    const after = await prisma.order.findUniqueOrThrow({ where: { id: order.id }, include: { creditNotes: true } });
    expect(after.refundedFils).toBe(3000);
    expect(after.creditNotes.map((note) => note.amountFils)).toEqual([3000]);
  });

  it("name the return and the items it took back on its refund's credit note, and why it is less than their price (probe 4, item 8)", async () => {
    const { order, bows } = await deliveredOrder();
    const made = await requestReturn(ask(order, { items: [{ productId: bows.id, quantity: 2, reason: "wrongSize" }] }));
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin });
    await decideReturn({ id: made._id, status: "refunded", admin });
    const [note] = await prisma.creditNote.findMany({ where: { orderId: order.id } });
    const lines = await pdfLines(note.pdf!);
    // 5.000 KD of bows carry 0.444 KD of the 0.800 KD code back with them: 4.556 KD, in both halves of the note.
    for (const line of [
      `For return ${made.number}, the items returned:`,
      `عن الإرجاع ${made.number}، المنتجات المرتجعة:`,
      "Bow × 2",
      "فيونكة × ٢",
      "Items' price: 5.00 KD",
      "سعر المنتجات: ٥٫٠٠ د.ك",
      "Less their share of the discount (SAVE10): -0.444 KD",
      "ناقص حصتها من الخصم (SAVE10): -٠٫٤٤٤ د.ك",
      "Partial refund of amount 4.556 KD",
    ]) {
      expect(lines, line).toContain(line);
    }

    // A refund the owner makes on the order itself names no return.
    await refundOrder({ orderId: order.id, amountFils: 1000, admin });
    const later = await prisma.creditNote.findFirstOrThrow({ where: { orderId: order.id, amountFils: 1000 } });
    const laterLines = await pdfLines(later.pdf!);
    expect(laterLines).toContain("Partial refund of amount 1.00 KD");
    expect(laterLines.filter((line) => line.includes("RET-") || line.includes("الإرجاع"))).toEqual([]);
  });

  it("after a crash between the gateway's acceptance and the move, refund nothing more and mark the return refunded", async () => {
    const { order, bows } = await deliveredOrder();
    const made = await requestReturn(ask(order, { items: [{ productId: bows.id, quantity: 1, reason: "damaged" }] }));
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin });
    const { refundId } = await refundOrder({ orderId: order.id, amountFils: 2278, admin });
    await prisma.return.update({ where: { id: made._id }, data: { refundId } });
    expect((await decideReturn({ id: made._id, status: "refunded", admin })).status).toBe("refunded");
    expect(await prisma.refund.count({ where: { orderId: order.id } })).toBe(1);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBe(2278);
  });

  it("of a product with options: ask by the variant bought (two colours are two lines), and put the units back on that variant", async () => {
    const colours = [{ en: "Red", ar: "أحمر" }, { en: "Blue", ar: "أزرق" }];
    const { product, variants } = await createProductWithOptions(prisma, [{ nameEn: "Colour", values: colours }], [{ optionValues: [colours[0]], stockQuantity: 3 }, { optionValues: [colours[1]], stockQuantity: 4 }], { priceFils: 2000 });
    const [red, blue] = variants;
    const order = await createOrder(prisma, {
      status: "delivered",
      items: [
        { nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 2000, quantity: 1, productId: product.id, variantId: red.id, optionValues: [colours[0]] },
        { nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 2000, quantity: 2, productId: product.id, variantId: blue.id, optionValues: [colours[1]] },
      ],
      subtotalFils: 6000,
    });
    await prisma.order.update({ where: { id: order.id }, data: { deliveredAt: new Date() } });
    const made = await requestReturn(ask(order, { items: [{ productId: product.id, variantId: blue.id, quantity: 2, reason: "wrongSize" }] }));
    expect(made.items.map((item) => [item.variantId, item.quantity])).toEqual([[blue.id, 2]]);
    const tooMany = await refusal(requestReturn(ask(order, { items: [{ productId: product.id, variantId: red.id, quantity: 2, reason: "wrongSize" }] })));
    expect(tooMany.reason).toBe("tooMany");
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin, restock: true });
    const after = await prisma.productVariant.findMany({ where: { productId: product.id }, orderBy: { position: "asc" }, select: { stockQuantity: true } });
    expect(after.map((variant) => variant.stockQuantity)).toEqual([3, 6]);
    expect(await stockOf(product.id)).toBe(9);
  });

  it("record a signed-in member's decisions in the audit log, in the same transaction, and a refused move not at all", async () => {
    const { order, bows } = await deliveredOrder();
    const member = await createAdmin(prisma);
    const actor = { id: member.id, email: member.email, role: member.role, requestId: "req-return-1" };
    const made = await requestReturn(ask(order, { items: [{ productId: bows.id, quantity: 1, reason: "damaged" }] }));
    await decideReturn({ id: made._id, status: "approved", admin: actor });
    await refusal(decideReturn({ id: made._id, status: "refunded", admin: actor }));
    await decideReturn({ id: made._id, status: "closed", admin: actor, note: "Used" });
    const entries = await prisma.auditEntry.findMany({ where: { entityType: "return", entityId: made._id }, orderBy: { at: "asc" } });
    expect(entries.map((entry) => [entry.actorEmail, entry.actorRole, entry.action, entry.summary, entry.requestId])).toEqual([
      [member.email, "owner", "status", `${made.number}: requested → approved`, "req-return-1"],
      [member.email, "owner", "status", `${made.number}: approved → closed`, "req-return-1"],
    ]);
  });

  it("free the items of a rejected request, refuse a move out of order, and exchange as a free order taken from stock", async () => {
    const { order, bows, clips } = await deliveredOrder();
    const first = await requestReturn(ask(order, { items: [{ productId: clips.id, quantity: 1, reason: "other" }] }));
    const skipped = await refusal(decideReturn({ id: first._id, status: "refunded", admin }));
    expect(skipped.reason).toBe("badTransition");
    await decideReturn({ id: first._id, status: "rejected", admin, note: "Used" });
    const again = await requestReturn(ask(order, { resolution: "exchange", items: [{ productId: clips.id, quantity: 1, reason: "wrongSize" }, { productId: bows.id, quantity: 1, reason: "wrongSize" }] }));
    await decideReturn({ id: again._id, status: "approved", admin });
    await decideReturn({ id: again._id, status: "received", admin, restock: false });
    const [clipsBefore, bowsBefore] = [await stockOf(clips.id), await stockOf(bows.id)];
    const done = await decideReturn({ id: again._id, status: "exchanged", admin });
    expect(done.status).toBe("exchanged");
    const exchange = await prisma.order.findUniqueOrThrow({ where: { id: done.exchangeOrderId! }, include: { items: true } });
    expect(exchange).toMatchObject({ totalFils: 0, subtotalFils: 5500, discountFils: 5500, deliveryFeeFils: 0, paymentStatus: "paid", phone: order.phone });
    expect(exchange.items.map((item) => [item.productId, item.quantity, item.priceFils]).sort()).toEqual(
      [[clips.id, 1, 3000], [bows.id, 1, 2500]].sort(),
    );
    expect([await stockOf(clips.id), await stockOf(bows.id)]).toEqual([clipsBefore - 1, bowsBefore - 1]);
  });

  it("retry a refund whose answer was lost with the same reference, and refund once", async () => {
    useProviderForNewOrders("tap");
    const gateway = gateways.tap;
    gateway.setAutoWebhook(false);
    const paid = await paidOrder(gateway);
    await prisma.order.update({ where: { id: paid.order.id }, data: { status: "delivered", deliveredAt: new Date() } });
    const item = await prisma.orderItem.findFirstOrThrow({ where: { orderId: paid.order.id } });
    const made = await requestReturn({ orderNumber: paid.order.orderNumber, phone: (await prisma.order.findUniqueOrThrow({ where: { id: paid.order.id } })).phone, items: [{ orderItemId: item.id, quantity: 1, reason: "damaged" }], resolution: "refund" });
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin, restock: true });
    gateway.failNext("drop");
    await expect(decideReturn({ id: made._id, status: "refunded", admin })).rejects.toMatchObject({ reason: "gatewayUnavailable" });
    const kept = await prisma.return.findUniqueOrThrow({ where: { id: made._id } });
    expect(kept).toMatchObject({ status: "received", refundId: expect.any(String), claimedUntil: null });
    const sent = gateway.refundRequests();
    expect((await decideReturn({ id: made._id, status: "refunded", admin })).status).toBe("refunded");
    expect(gateway.refundRequests()).toBe(sent);
    expect(gateway.refundsRecorded(paid.providerPaymentId)).toBe(1);
    expect(await prisma.refund.findMany({ where: { orderId: paid.order.id }, select: { id: true } })).toEqual([{ id: kept.refundId }]);
  });
});

describe.each(["myfatoorah", "tap"] as const)("a refund under way at %s", (name) => {
  beforeEach(() => useProviderForNewOrders(name));

  /** A paid, delivered order of one item (2.750 KD, 1.500 KD delivery) whose return of it is received. */
  async function receivedReturn() {
    const gateway = gateways[name];
    gateway.setAutoWebhook(false);
    const paid = await paidOrder(gateway);
    await prisma.order.update({ where: { id: paid.order.id }, data: { status: "delivered", deliveredAt: new Date() } });
    const item = await prisma.orderItem.findFirstOrThrow({ where: { orderId: paid.order.id } });
    const phone = (await prisma.order.findUniqueOrThrow({ where: { id: paid.order.id } })).phone;
    const made = await requestReturn({ orderNumber: paid.order.orderNumber, phone, items: [{ orderItemId: item.id, quantity: 1, reason: "damaged" }], resolution: "refund" });
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin, restock: false });
    return { gateway, paid, made };
  }

  it("refuses an exchange and a close (409, in both languages) until the gateway answers, so the shopper gets the money only", { timeout: 60_000 }, async () => {
    const { gateway, paid, made } = await receivedReturn();
    const stock = await stockOf(paid.productId);
    const hold = gateway.holdNextRefund();
    const refunding = decideReturn({ id: made._id, status: "refunded", admin });
    await hold.arrived;
    try {
      const exchange = await refusal(decideReturn({ id: made._id, status: "exchanged", admin }));
      expect({ reason: exchange.reason, status: exchange.status }).toEqual({ reason: "busy", status: 409 });
      const member = { id: "staff-2", email: "staff@example.com", role: "owner", sessionId: "s", requestId: null };
      const close = await decide(made._id, { status: "closed" }, member);
      expect(close).toEqual({ ok: false, status: 409, key: "admin.returns.errors.busy" });
      const message = bilingual("admin.returns.errors.busy");
      expect(message).toContain("A refund of this return is already under way");
      expect(message).toMatch(/[\u0600-\u06FF]/);
    } finally {
      hold.release();
    }
    expect((await refunding).status).toBe("refunded");

    const after = await prisma.return.findUniqueOrThrow({ where: { id: made._id } });
    expect(after).toMatchObject({ status: "refunded", exchangeOrderId: null, claimedUntil: null });
    expect(await prisma.order.count({ where: { exchangeForOrderNumber: paid.order.orderNumber } })).toBe(0);
    expect(await stockOf(paid.productId)).toBe(stock);
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(2750);
    const history = await prisma.returnStatusChange.findMany({ where: { returnId: made._id }, orderBy: { createdAt: "asc" } });
    expect(history.map((change) => change.toStatus)).toEqual(["requested", "approved", "received", "refunded"]);
    // Once refunded, the return may be closed as before.
    expect((await decideReturn({ id: made._id, status: "closed", admin })).status).toBe("closed");
  });

  it("lets the exchange through once a refund the gateway refused has given the return back", { timeout: 60_000 }, async () => {
    const { gateway, paid, made } = await receivedReturn();
    gateway.failNext("refuse");
    await expect(decideReturn({ id: made._id, status: "refunded", admin })).rejects.toMatchObject({ reason: "gatewayRefused" });
    expect((await decideReturn({ id: made._id, status: "exchanged", admin })).status).toBe("exchanged");
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(0);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: paid.order.id } })).refundedFils).toBe(0);
  });
});

describe("two refunds of one order's returns at once", () => {
  it("never reach into the delivery fee between them, whichever the database takes first", async () => {
    const { order, bows, clips } = await deliveredOrder();
    const bowsBack = await requestReturn(ask(order, { items: [{ productId: bows.id, quantity: 2, reason: "damaged" }] }));
    const clipsBack = await requestReturn(ask(order, { items: [{ productId: clips.id, quantity: 1, reason: "damaged" }] }));
    for (const made of [bowsBack, clipsBack]) {
      await decideReturn({ id: made._id, status: "approved", admin });
      await decideReturn({ id: made._id, status: "received", admin, restock: false });
    }
    // 2.000 KD given back by hand: either return's refund still fits under the products' price, both together do not.
    await refundOrder({ orderId: order.id, amountFils: 2000, admin });
    const { totalFils, deliveryFeeFils } = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    const products = totalFils - deliveryFeeFils;
    expect(2000 + 4556).toBeLessThanOrEqual(products);
    expect(2000 + 4556 + 2733).toBeGreaterThan(products);

    const outcomes = await Promise.allSettled([bowsBack, clipsBack].map((made) => decideReturn({ id: made._id, status: "refunded", admin })));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const lost = outcomes.find((outcome) => outcome.status === "rejected") as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ reason: "overRefund", status: 409 });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBeLessThanOrEqual(products);
    const statuses = await prisma.return.findMany({ where: { orderId: order.id }, select: { status: true, claimedUntil: true } });
    expect(statuses.map((row) => row.status).sort()).toEqual(["received", "refunded"]);
    expect(statuses.every((row) => row.claimedUntil === null)).toBe(true);
  });

  it("refuse a return's refund that would reach into delivery in the refund's own update, not only in the check before it", async () => {
    const { order } = await deliveredOrder();
    const { totalFils, deliveryFeeFils } = await prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    await refundOrder({ orderId: order.id, amountFils: totalFils - deliveryFeeFils - 100, admin });
    await expect(refundOrder({ orderId: order.id, amountFils: 200, admin, keepDelivery: true })).rejects.toMatchObject({ reason: "overRefund", status: 409 });
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBe(totalFils - deliveryFeeFils - 100);
  });
});

describe("returns of an order's units one at a time (probe 6, item 6)", () => {
  /** Three units at 1.000 KD less a 0.200 KD code: each unit's share of the code is 66.67 fils. */
  async function threeUnits() {
    const product = await createProduct(prisma, { priceFils: 1000, stockQuantity: 5 });
    const order = await createOrder(prisma, {
      status: "delivered",
      discountFils: 200,
      couponCode: "SAVE",
      items: [{ nameEn: "Bow", nameAr: "فيونكة", priceFils: 1000, quantity: 3, productId: product.id }],
    });
    await prisma.order.update({ where: { id: order.id }, data: { deliveredAt: new Date() } });
    await prisma.payment.create({ data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils, providerPaymentId: `tp_${crypto.randomUUID()}` } });
    return { order, product };
  }

  async function refunded(order: { orderNumber: string; phone: string }, productId: string, quantity: number) {
    const made = await requestReturn(ask(order, { items: [{ productId, quantity, reason: "changedMind" }] }));
    await decideReturn({ id: made._id, status: "approved", admin });
    await decideReturn({ id: made._id, status: "received", admin, restock: false });
    return (await decideReturn({ id: made._id, status: "refunded", admin })).refundFils;
  }

  it("refund, fils for fils, what the same units refund returned together: the last one takes the remainder", async () => {
    const together = await threeUnits();
    expect(await refunded(together.order, together.product.id, 3)).toBe(2800);

    const apart = await threeUnits();
    const each = [];
    for (let unit = 0; unit < 3; unit++) each.push(await refunded(apart.order, apart.product.id, 1));
    expect(each).toEqual([933, 934, 933]);
    expect(each.reduce((sum, fils) => sum + fils, 0)).toBe(2800);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: apart.order.id } });
    expect(order.refundedFils).toBe(2800);
    expect(order.totalFils - order.refundedFils).toBe(order.deliveryFeeFils);
  });
});
