/**
 * Kuwait's right to cancel a late order (issue 48, point 3): the promised day set at placing, and the shopper's
 * cancellation 14 days after it, refunded in full through the test provider and both gateways' fakes (tests/fakes),
 * once however many requests arrive, with its credit note, its stock, its messages and its activity-log entry; and
 * every refusal, which changes nothing.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { startModelFakes } from "../../../tests/integration/model-fakes";
import { GATEWAYS } from "../../../tests/integration/gateway-helpers";
import { paidOrder, placeTestOrder, stockOf, useProviderForNewOrders } from "../../../tests/integration/gateway-orders";
import { testProvider } from "~/payments/test-provider.server";
import { confirmPayment, getCreditNotePdf } from "~/models/payments/index.server";
import { getShopSettings, saveShopSettings } from "~/models/shop/index.server";
import { getEnv } from "~/env.server";
import { cancelLateOrder, LateCancelError } from "./order-late-cancel.server";
import { decideReturn, makeReturnRequest } from "~/models/returns/index.server";
import { bilingual } from "~/i18n/bilingual.server";
import { addDays } from "~/shared/promised-date";
import { kuwaitDayStart } from "~/shared/admin-dates";

const { smtp, gateways } = await startModelFakes();

const ADDRESS = "203.0.113.48";

/** Noon in Kuwait on a day: the clock moved forward to that day. */
function noonOf(day: string) {
  return new Date(kuwaitDayStart(day).getTime() + 12 * 3600_000);
}

async function pdfText(pdf: Buffer): Promise<string> {
  const file = path.join(os.tmpdir(), `late-cancel-${crypto.randomUUID()}.pdf`);
  fs.writeFileSync(file, pdf);
  try {
    return (await promisify(execFile)("pdftotext", ["-enc", "UTF-8", file, "-"])).stdout;
  } finally {
    fs.rmSync(file, { force: true });
  }
}

async function refusal(promise: Promise<unknown>): Promise<LateCancelError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(LateCancelError);
  return error as LateCancelError;
}

async function orderRow(id: string) {
  return prisma.order.findUniqueOrThrow({ where: { id } });
}

/** A paid order through the test provider, which only records refunds. */
async function paidTestOrder(placedAt?: Date) {
  const placed = await placeTestOrder({ stock: 3, quantity: 2, placedAt });
  const session = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
  await testProvider.submitCard(session.providerPaymentId!, { cardNumber: "4111111111111111" });
  expect((await confirmPayment(placed.orderSessionId))?.state).toBe("paid");
  await expect.poll(() => prisma.outboxMessage.count({ where: { orderId: placed.order.id, status: "queued" } }), { timeout: 10_000 }).toBe(0);
  return placed;
}

const byPhone = (phone: string) => ({ customerId: null, phone, address: ADDRESS });

describe("the promised day at placing", () => {
  let deliveryDays: number;
  beforeAll(async () => {
    deliveryDays = (await getShopSettings()).deliveryDays;
  });
  afterAll(() => saveShopSettings({ deliveryDays }));

  it("is the Kuwait day of placing plus the owner's delivery days, late in Kuwait's evening included", async () => {
    await saveShopSettings({ deliveryDays: 3 });
    useProviderForNewOrders("test");
    // 20:59 UTC is 23:59 in Kuwait, the same day; 21:30 UTC is 00:30 the next day in Kuwait while UTC is still on the first.
    const sameDay = await placeTestOrder({ stock: 1, quantity: 1, placedAt: new Date(Date.now() - 2 * 86_400_000) });
    const base = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const lateEvening = await placeTestOrder({ stock: 1, quantity: 1, placedAt: new Date(`${base}T20:59:00Z`) });
    const afterMidnight = await placeTestOrder({ stock: 1, quantity: 1, placedAt: new Date(`${base}T21:30:00Z`) });
    expect((await orderRow(lateEvening.order.id)).promisedBy).toBe(addDays(base, 3));
    expect((await orderRow(afterMidnight.order.id)).promisedBy).toBe(addDays(base, 4));
    expect((await orderRow(sameDay.order.id)).promisedBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await saveShopSettings({ deliveryDays: 7 });
    const longer = await placeTestOrder({ stock: 1, quantity: 1, placedAt: new Date(`${base}T21:30:00Z`) });
    expect((await orderRow(longer.order.id)).promisedBy).toBe(addDays(base, 8));
  });
});

describe("cancelling a late order with the test provider", () => {
  beforeAll(() => useProviderForNewOrders("test"));

  it("refunds everything paid, issues a credit note, restocks, tells the shopper and the owner, and logs it", async () => {
    const placed = await paidTestOrder();
    const order = await orderRow(placed.order.id);
    expect(await stockOf(placed.productId)).toBe(1);
    const late = noonOf(addDays(order.promisedBy!, 15));
    const mailsBefore = smtp.received.length;

    const outcome = await cancelLateOrder(order.orderNumber, byPhone(order.phone), late);
    expect(outcome).toMatchObject({ status: "cancelled", refundedFils: order.totalFils });
    // Delivery is part of what goes back: the refund is the whole total, not the items alone.
    expect(order.deliveryFeeFils).toBeGreaterThan(0);
    const refunds = await prisma.refund.findMany({ where: { orderId: order.id } });
    expect(refunds.map((refund) => [refund.amountFils, refund.status])).toEqual([[order.totalFils, "refunded"]]);
    expect(await stockOf(placed.productId)).toBe(3);

    const notes = await prisma.creditNote.findMany({ where: { orderId: order.id } });
    expect(notes).toHaveLength(1);
    const text = await pdfText((await getCreditNotePdf(notes[0].id))!);
    for (const expected of [notes[0].number, order.orderNumber, "Full refund, delivery included", "استرداد كامل شامل التوصيل"]) expect(text).toContain(expected);

    // The shopper's "cancelled" message and credit note, in the order's language (English here), and the owner's notice.
    const shopperMail = await smtp.waitForMail(placed.email, { after: mailsBefore });
    expect(shopperMail.subject).toMatch(/cancel|credit note/i);
    // The owner's address also gets every other test's "new paid order", which the outbox may deliver meanwhile.
    const ownerMail = await smtp.waitForMail(getEnv().ownerEmail, { after: mailsBefore, subject: `Order ${order.orderNumber} cancelled` });
    expect(ownerMail.subject).toContain(`Order ${order.orderNumber} cancelled by the shopper as late`);
    expect(ownerMail.text).toContain("ألغى العميل الطلب");
    const kinds = await prisma.outboxMessage.findMany({ where: { orderId: order.id, channel: "email" }, select: { kind: true, params: true, language: true } });
    expect(kinds.filter((row) => row.kind === "status" && row.params.includes("cancelled")).map((row) => row.language)).toEqual(["en"]);
    expect(kinds.filter((row) => row.kind === "refund")).toHaveLength(1);
    await expect.poll(() => smtp.received.slice(mailsBefore).filter((mail) => mail.to.includes(placed.email)).length, { timeout: 10_000 }).toBe(2);

    const entry = await prisma.auditEntry.findFirst({ where: { entityType: "order", entityId: order.id, action: "lateCancel" } });
    expect(entry).toMatchObject({ actorRole: "shopper", actorEmail: placed.email });
    expect(entry?.summary).toContain(order.orderNumber);
    const status = await prisma.orderStatusChange.findFirst({ where: { orderId: order.id, toStatus: "cancelled" } });
    expect(status?.changedBy).toBe("shopper");

    // Again (a refresh, a second tab): the same outcome, no second refund.
    const again = await cancelLateOrder(order.orderNumber, byPhone(order.phone), late);
    expect(again).toMatchObject({ status: "cancelled", refundedFils: order.totalFils });
    expect(await prisma.refund.count({ where: { orderId: order.id } })).toBe(1);
  });

  it("refuses before the 15th day after the promised day, and a wrong phone, and changes nothing", async () => {
    const placed = await paidTestOrder();
    const order = await orderRow(placed.order.id);
    const early = await refusal(cancelLateOrder(order.orderNumber, byPhone(order.phone), noonOf(addDays(order.promisedBy!, 14))));
    expect({ reason: early.reason, status: early.status }).toEqual({ reason: "tooEarly", status: 409 });
    const wrong = await refusal(cancelLateOrder(order.orderNumber, byPhone("55555555"), noonOf(addDays(order.promisedBy!, 30))));
    expect({ reason: wrong.reason, status: wrong.status }).toEqual({ reason: "wrongPhone", status: 403 });
    const unknown = await refusal(cancelLateOrder("ORD-0000000000000", byPhone(order.phone)));
    expect(unknown.status).toBe(404);
    expect(await orderRow(order.id)).toMatchObject({ status: "pending", refundedFils: 0, lateCancelledAt: null });
    expect(await prisma.refund.count({ where: { orderId: order.id } })).toBe(0);
  });

  it("refuses a delivered, an unpaid and an already cancelled order with 409", async () => {
    const delivered = await paidTestOrder();
    await prisma.order.update({ where: { id: delivered.order.id }, data: { status: "delivered", deliveredAt: new Date() } });
    // The owner cancelled it (her refund is hers to make): not the shopper's late cancellation.
    const cancelled = await paidTestOrder();
    await prisma.order.update({ where: { id: cancelled.order.id }, data: { status: "cancelled" } });
    useProviderForNewOrders("test");
    const unpaid = await placeTestOrder({ stock: 1, quantity: 1 });
    for (const [placed, reason] of [
      [delivered, "delivered"],
      [cancelled, "cancelled"],
      [unpaid, "notPaid"],
    ] as const) {
      const order = await orderRow(placed.order.id);
      const refused = await refusal(cancelLateOrder(order.orderNumber, byPhone(order.phone), noonOf(addDays(order.promisedBy!, 40))));
      expect({ reason: refused.reason, status: refused.status }).toEqual({ reason, status: 409 });
      expect(await prisma.refund.count({ where: { orderId: order.id } })).toBe(0);
    }
  });
});

describe("a late cancellation after a return, and of an order once delivered", () => {
  beforeAll(() => useProviderForNewOrders("test"));
  const owner = { email: "owner@example.com" };

  it("puts back on sale only the units a received return did not, and refunds what is left of the payment", async () => {
    const placed = await paidTestOrder();
    expect(await stockOf(placed.productId)).toBe(1);
    await prisma.order.update({ where: { id: placed.order.id }, data: { status: "delivered", deliveredAt: new Date() } });
    const order = await orderRow(placed.order.id);
    const asked = await makeReturnRequest({ orderNumber: order.orderNumber, phone: order.phone, address: ADDRESS, items: [{ productId: placed.productId, quantity: 1, reason: "wrongSize" }], resolution: "refund" });
    if (!asked.ok) throw new Error(`return refused: ${JSON.stringify(asked)}`);
    const returned = asked.value;
    await decideReturn({ id: returned.id, status: "approved", admin: owner });
    await decideReturn({ id: returned.id, status: "received", admin: owner, restock: true });
    await decideReturn({ id: returned.id, status: "refunded", admin: owner });
    expect(await stockOf(placed.productId)).toBe(2);
    const returnRefund = (await orderRow(order.id)).refundedFils;
    expect(returnRefund).toBe(2750);
    // Records whose delivery was undone (deliveredAt cleared by hand): the only way such an order reaches a late
    // cancellation now, and its returned unit must still not come back twice.
    await prisma.order.update({ where: { id: order.id }, data: { status: "outForDelivery", deliveredAt: null } });

    const outcome = await cancelLateOrder(order.orderNumber, byPhone(order.phone), noonOf(addDays(order.promisedBy!, 20)));
    expect(outcome).toMatchObject({ status: "cancelled", refundedFils: order.totalFils });
    // 3 in stock at first, 2 sold, 1 back through the return: the late cancellation adds the other one only.
    expect(await stockOf(placed.productId)).toBe(3);
    const refunds = await prisma.refund.findMany({ where: { orderId: order.id }, orderBy: { createdAt: "asc" } });
    expect(refunds.map((refund) => [refund.amountFils, refund.status])).toEqual([
      [returnRefund, "refunded"],
      [order.totalFils - returnRefund, "refunded"],
    ]);
  });

  it("refuses an order once delivered even when its status was moved back, with a bilingual message, and changes nothing", async () => {
    const placed = await paidTestOrder();
    await prisma.order.update({ where: { id: placed.order.id }, data: { status: "outForDelivery", deliveredAt: new Date(Date.now() - 86_400_000) } });
    const order = await orderRow(placed.order.id);
    const refused = await refusal(cancelLateOrder(order.orderNumber, byPhone(order.phone), noonOf(addDays(order.promisedBy!, 30))));
    expect({ reason: refused.reason, status: refused.status }).toEqual({ reason: "delivered", status: 409 });
    const message = bilingual(`api.lateCancel.${refused.reason}`);
    expect(message).toContain("This order was delivered: ask for a return instead.");
    expect(message).toContain("تم تسليم هذا الطلب: يمكنك طلب إرجاعه بدلًا من ذلك.");
    expect(await orderRow(order.id)).toMatchObject({ status: "outForDelivery", refundedFils: 0, lateCancelledAt: null, lateCancelClaimedUntil: null });
    expect(await prisma.refund.count({ where: { orderId: order.id } })).toBe(0);
    expect(await prisma.creditNote.count({ where: { orderId: order.id } })).toBe(0);
    expect(await stockOf(placed.productId)).toBe(1);
  });
});

describe.each(GATEWAYS)("cancelling a late order paid through %s", (name) => {
  const gateway = gateways[name];
  beforeAll(() => {
    useProviderForNewOrders(name);
    gateway.setAutoWebhook(false);
  });

  it("refunds the whole total at the gateway once, whatever number of requests arrive together", async () => {
    const paid = await paidOrder(gateway);
    const order = await orderRow(paid.order.id);
    const late = noonOf(addDays(order.promisedBy!, 20));
    const requests = gateway.refundRequests();

    const results = await Promise.allSettled(Array.from({ length: 5 }, () => cancelLateOrder(order.orderNumber, byPhone(order.phone), late)));
    for (const result of results) {
      expect(result.status).toBe("fulfilled");
      if (result.status === "fulfilled") expect(result.value).toMatchObject({ status: "cancelled", refundedFils: order.totalFils });
    }
    expect(gateway.refundRequests()).toBe(requests + 1);
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(order.totalFils);
    expect(await prisma.creditNote.count({ where: { orderId: order.id } })).toBe(1);
    expect(await stockOf(paid.productId)).toBe(3);
  });

  it("leaves the order paid and open when the gateway refuses, and a retry then cancels it", async () => {
    const paid = await paidOrder(gateway);
    const order = await orderRow(paid.order.id);
    const late = noonOf(addDays(order.promisedBy!, 20));
    gateway.failNext("refuse");
    const refused = await refusal(cancelLateOrder(order.orderNumber, byPhone(order.phone), late));
    expect({ reason: refused.reason, status: refused.status }).toEqual({ reason: "refundRefused", status: 502 });
    expect(await orderRow(order.id)).toMatchObject({ status: "pending", paymentStatus: "paid", refundedFils: 0, lateCancelledAt: null, lateCancelClaimedUntil: null });
    expect(await prisma.creditNote.count({ where: { orderId: order.id } })).toBe(0);
    expect(await stockOf(paid.productId)).toBe(2);

    const retried = await cancelLateOrder(order.orderNumber, byPhone(order.phone), late);
    expect(retried).toMatchObject({ status: "cancelled", refundedFils: order.totalFils });
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(order.totalFils);
  });

  it("after a lost answer, the retry settles the same refund and never refunds twice", async () => {
    const paid = await paidOrder(gateway);
    const order = await orderRow(paid.order.id);
    const late = noonOf(addDays(order.promisedBy!, 20));
    gateway.failNext("drop");
    const lost = await refusal(cancelLateOrder(order.orderNumber, byPhone(order.phone), late));
    expect({ reason: lost.reason, status: lost.status }).toEqual({ reason: "refundUnanswered", status: 502 });
    expect((await orderRow(order.id)).status).toBe("pending");

    const retried = await cancelLateOrder(order.orderNumber, byPhone(order.phone), late);
    expect(retried).toMatchObject({ status: "cancelled", refundedFils: order.totalFils });
    expect(gateway.refundsRecorded(paid.providerPaymentId)).toBe(1);
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(order.totalFils);
  });
});
