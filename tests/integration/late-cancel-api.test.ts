/**
 * `POST /api/orders/{orderNumber}/cancel` (issue 48, point 3; CONTRACT.md "Gifts and delivery times"), the route as
 * Remix calls it, every answer checked against the OpenAPI document: by the signed-in shopper and by the order's
 * phone; refused before the 14 days with a message in both languages and nothing changed; a second request makes no
 * second refund; the refund on the test provider and on both gateway fakes (tests/fakes); the messages to the shopper
 * and the owner through the outbox; the activity log's entry; and the limits on guessing the phone. The promised day
 * is moved back in the database, never waited for.
 */
import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { ORDER_PHONE_GUESSES } from "~/models/orders/index.server";
import { action as cancelAction } from "~/routes/api.orders.$orderNumber_.cancel";
import { loader as invoiceApi } from "~/routes/api.invoice.$orderNumber";
import { todayInKuwait } from "~/shared/admin-dates";
import { addDays } from "~/shared/promised-date";
import { createCustomer } from "../factories/customer";
import { createOrder } from "../factories/order";
import { createSession } from "../factories/session";
import { uniqueAddress, uniqueEmail } from "../factories/unique";
import { request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";
import { GATEWAYS } from "./gateway-helpers";
import { paidOrder as paidAtGateway, useProviderForNewOrders } from "./gateway-orders";
import { startModelFakes } from "./model-fakes";

const { smtp, gateways } = await startModelFakes();

type Answer = { status: number; retryAfter: string | null; body: { message: string; order?: Record<string, unknown> } };

async function cancel(orderNumber: string, options: { phone?: string; token?: string; address?: string } = {}): Promise<Answer> {
  const json = options.phone === undefined ? {} : { phone: options.phone };
  const response = await runChecked(cancelAction, request(`/api/orders/${orderNumber}/cancel`, { method: "POST", json, token: options.token }), { orderNumber }, { cspNonce: "", clientAddress: options.address ?? uniqueAddress() });
  return { status: response.status, retryAfter: response.headers.get("Retry-After"), body: (await response.json()) as Answer["body"] };
}

/** Moves the order's promised day `daysAgo` Kuwait days back: 15 is the first day the shopper may cancel. */
async function promisedDaysAgo(orderId: string, daysAgo: number) {
  return prisma.order.update({ where: { id: orderId }, data: { promisedBy: addDays(todayInKuwait(), -daysAgo) } });
}

/**
 * A paid order of 2 × 2.500 KD, 1.800 KD delivery and a 0.500 KD gift wrapping (7.300 KD), paid through the test
 * provider (which records refunds), promised `daysAgo` days ago.
 */
async function paidTestOrder(daysAgo: number, customerId: string | null = null) {
  const placed = await createOrder(prisma, { customerId, email: uniqueEmail("late-cancel"), createdAt: new Date(Date.now() - (daysAgo + 3) * 86_400_000) });
  await prisma.order.update({ where: { id: placed.id }, data: { isGift: true, giftWrap: true, giftWrapFils: 500, totalFils: placed.totalFils + 500, language: "en" } });
  await prisma.payment.create({ data: { orderId: placed.id, provider: "test", status: "paid", amountFils: placed.totalFils + 500, providerPaymentId: `tp_${crypto.randomUUID()}` } });
  return promisedDaysAgo(placed.id, daysAgo);
}

async function stateOf(orderId: string) {
  const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: { refunds: true, creditNotes: true } });
  return { status: order.status, refundedFils: order.refundedFils, lateCancelledAt: order.lateCancelledAt, refunds: order.refunds.length, creditNotes: order.creditNotes.length };
}

const UNCHANGED = { status: "pending", refundedFils: 0, lateCancelledAt: null, refunds: 0, creditNotes: 0 };

const TOO_EARLY = "This order can be cancelled for lateness only 14 days after its promised delivery day. / لا يمكن إلغاء الطلب لتأخره إلا بعد ١٤ يومًا من موعد التوصيل الموعود.";
const DONE = "Your order is cancelled and everything you paid is being refunded. / تم إلغاء طلبك، ويجري رد كل ما دفعته.";
const WRONG_PHONE = "This phone number does not match the order. / رقم الهاتف لا يطابق الطلب.";
const TOO_MANY = "Too many attempts. Please wait a few minutes and try again. / محاولات كثيرة جداً. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.";

/** A Kuwaiti phone that is not the order's. */
function wrongPhone(order: { phone: string }): string {
  for (;;) {
    const phone = `9${String(crypto.randomInt(0, 10_000_000)).padStart(7, "0")}`;
    if (phone !== order.phone) return phone;
  }
}

describe("POST /api/orders/{orderNumber}/cancel with the test provider", () => {
  beforeAll(() => useProviderForNewOrders("test"));

  // The first credit note of the file starts the PDF thread and the mails go through the outbox: slow on a busy machine.
  it("cancels by the signed-in shopper's session: everything paid back, wrapping and delivery included, one credit note, messages and the log", { timeout: 60_000 }, async () => {
    const customer = await createCustomer(prisma);
    const token = await createSession(prisma, { customerId: customer.id });
    const order = await paidTestOrder(15, customer.id);
    const mailsBefore = smtp.received.length;

    const done = await cancel(order.orderNumber, { token });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(DONE);
    expect(done.body.order).toMatchObject({ orderNumber: order.orderNumber, status: "cancelled", promisedBy: order.promisedBy, refundedAmount: 7.3 });
    expect(done.body.order?.creditNotes).toEqual([{ number: expect.stringMatching(/^CN-\d+$/), amount: 7.3, createdAt: expect.any(String) }]);
    expect(await stateOf(order.id)).toMatchObject({ status: "cancelled", refundedFils: 7300, refunds: 1, creditNotes: 1 });

    // The messages were queued in the cancellation's transaction and sent from the outbox: the shopper's "cancelled"
    // and credit note, the owner's notice.
    const rows = await prisma.outboxMessage.findMany({ where: { orderId: order.id }, select: { kind: true, params: true, channel: true } });
    expect(rows.filter((row) => row.channel === "email" && row.kind === "status" && row.params.includes("cancelled"))).toHaveLength(1);
    expect(rows.filter((row) => row.kind === "refund")).toHaveLength(1);
    // The owner's address also gets the other files' orders' mails, sent by this process's outbox on the same database.
    const owner = await smtp.waitForMail(getEnv().ownerEmail, { after: mailsBefore, subject: order.orderNumber });
    expect(owner.subject).toContain(`Order ${order.orderNumber} cancelled by the shopper as late`);
    await expect.poll(() => smtp.received.slice(mailsBefore).filter((mail) => mail.to.includes(order.email)).length, { timeout: 15_000 }).toBe(2);
    await expect.poll(() => prisma.outboxMessage.count({ where: { orderId: order.id, status: "queued" } }), { timeout: 15_000 }).toBe(0);

    const entry = await prisma.auditEntry.findFirst({ where: { entityType: "order", entityId: order.id, action: "lateCancel" } });
    expect(entry).toMatchObject({ actorRole: "shopper", actorEmail: order.email });
    expect(entry?.summary).toContain(order.orderNumber);

    // Again, by session and by phone: the same answer, still one refund, one credit note, no new message.
    const rowsAfter = await prisma.outboxMessage.count({ where: { orderId: order.id } });
    for (const again of [await cancel(order.orderNumber, { token }), await cancel(order.orderNumber, { phone: order.phone })]) {
      expect([again.status, again.body.message]).toEqual([200, DONE]);
      expect(again.body.order).toMatchObject({ status: "cancelled", refundedAmount: 7.3 });
    }
    expect(await stateOf(order.id)).toMatchObject({ refundedFils: 7300, refunds: 1, creditNotes: 1 });
    expect(await prisma.outboxMessage.count({ where: { orderId: order.id } })).toBe(rowsAfter);
    expect(await prisma.auditEntry.count({ where: { entityId: order.id, action: "lateCancel" } })).toBe(1);
  });

  it("cancels by the order's phone, typed with spaces and +965, without a session", async () => {
    const order = await paidTestOrder(30);
    const done = await cancel(order.orderNumber, { phone: `+965 ${order.phone.slice(0, 4)} ${order.phone.slice(4)}` });
    expect(done.status).toBe(200);
    expect(done.body.order).toMatchObject({ status: "cancelled", refundedAmount: 7.3 });
    expect(await stateOf(order.id)).toMatchObject({ status: "cancelled", refundedFils: 7300, refunds: 1, creditNotes: 1 });
  });

  it("refuses before the 15th day after the promised day with a message in both languages, and changes nothing", async () => {
    const customer = await createCustomer(prisma);
    const token = await createSession(prisma, { customerId: customer.id });
    const order = await paidTestOrder(14, customer.id);
    for (const early of [await cancel(order.orderNumber, { token }), await cancel(order.orderNumber, { phone: order.phone })]) {
      expect([early.status, early.body.message]).toEqual([409, TOO_EARLY]);
    }
    expect(await stateOf(order.id)).toEqual(UNCHANGED);
    expect(await prisma.outboxMessage.count({ where: { orderId: order.id } })).toBe(0);
    expect(await prisma.auditEntry.count({ where: { entityId: order.id, action: "lateCancel" } })).toBe(0);
  });

  it("refuses someone else's session, a wrong phone, no phone and an unknown number, and changes nothing", async () => {
    const order = await paidTestOrder(20);
    const stranger = await createSession(prisma, { customerId: (await createCustomer(prisma)).id });
    const refusals = [await cancel(order.orderNumber, { token: stranger }), await cancel(order.orderNumber, { phone: wrongPhone(order) }), await cancel(order.orderNumber)];
    for (const refused of refusals) expect([refused.status, refused.body.message]).toEqual([403, WRONG_PHONE]);
    const unknown = await cancel("ORD-000000000001", { phone: order.phone });
    expect([unknown.status, unknown.body.message]).toEqual([404, "No order has this number. / لا يوجد طلب بهذا الرقم."]);
    expect(await stateOf(order.id)).toEqual(UNCHANGED);
  });

  it("refuses the RIGHT phone after 10 wrong ones for the order (429 with Retry-After), and cancels nothing", async () => {
    const order = await paidTestOrder(20);
    for (let guess = 0; guess < ORDER_PHONE_GUESSES.perOrder.limit; guess++) {
      expect((await cancel(order.orderNumber, { phone: wrongPhone(order) })).status).toBe(403);
    }
    const limited = await cancel(order.orderNumber, { phone: order.phone });
    expect([limited.status, limited.body.message]).toEqual([429, TOO_MANY]);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(await stateOf(order.id)).toEqual(UNCHANGED);
  });

  it("counts the wrong phones an address gave on the invoice lookup, and then refuses its right phone here", async () => {
    const address = uniqueAddress();
    const orders = await Promise.all(Array.from({ length: 3 }, () => paidTestOrder(20)));
    // Spread over the orders so no one order's budget is spent: the address's own limit, shared by every door that
    // opens an order by its phone (decision 0068), is what refuses.
    for (let guess = 0; guess < ORDER_PHONE_GUESSES.perAddress.limit; guess++) {
      const target = orders[guess % orders.length];
      const lookup = await runChecked(invoiceApi, request(`/api/invoice/${target.orderNumber}?phone=${wrongPhone(target)}`), { orderNumber: target.orderNumber }, { cspNonce: "", clientAddress: address });
      expect(((await lookup.json()) as { invoiceUrl?: string }).invoiceUrl).toBeUndefined();
    }
    const fresh = await paidTestOrder(20);
    const limited = await cancel(fresh.orderNumber, { phone: fresh.phone, address });
    expect([limited.status, limited.body.message]).toEqual([429, TOO_MANY]);
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(await stateOf(fresh.id)).toEqual(UNCHANGED);
    // Another address still cancels it: the limit is the guesser's, not the order's.
    expect((await cancel(fresh.orderNumber, { phone: fresh.phone })).status).toBe(200);
  });
});

describe.each(GATEWAYS)("POST /api/orders/{orderNumber}/cancel of an order paid through %s", (name) => {
  const gateway = gateways[name];
  beforeAll(() => {
    useProviderForNewOrders(name);
    gateway.setAutoWebhook(false);
  });

  it("refunds the whole total at the gateway once, however many requests come, and refuses before the 14 days", async () => {
    const paid = await paidAtGateway(gateway);
    const early = await promisedDaysAgo(paid.order.id, 14);
    const refundsBefore = gateway.refundRequests();
    const tooEarly = await cancel(early.orderNumber, { phone: early.phone });
    expect([tooEarly.status, tooEarly.body.message]).toEqual([409, TOO_EARLY]);
    expect(gateway.refundRequests()).toBe(refundsBefore);

    const order = await promisedDaysAgo(paid.order.id, 16);
    const answers = await Promise.all(Array.from({ length: 4 }, () => cancel(order.orderNumber, { phone: order.phone })));
    for (const answer of answers) expect(answer.body.order).toMatchObject({ status: "cancelled", refundedAmount: order.totalFils / 1000 });
    expect(gateway.refundRequests()).toBe(refundsBefore + 1);
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(order.totalFils);
    expect(await stateOf(order.id)).toMatchObject({ status: "cancelled", refundedFils: order.totalFils, refunds: 1, creditNotes: 1 });
    // Delivery went back too: the refund is the total, more than the items.
    expect(order.totalFils).toBeGreaterThan(order.subtotalFils);

    const again = await cancel(order.orderNumber, { phone: order.phone });
    expect(again.status).toBe(200);
    expect(gateway.refundRequests()).toBe(refundsBefore + 1);
  });

  it("answers 502 in both languages when the gateway refuses, leaves the order paid, and a retry cancels it", async () => {
    const paid = await paidAtGateway(gateway);
    const order = await promisedDaysAgo(paid.order.id, 20);
    gateway.failNext("refuse");
    const refused = await cancel(order.orderNumber, { phone: order.phone });
    expect(refused.status).toBe(502);
    expect(refused.body.message).toContain("The payment provider refused the refund");
    expect(refused.body.message).toContain("رفضت جهة الدفع رد المبلغ");
    expect(await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).toMatchObject({ status: "pending", paymentStatus: "paid", lateCancelledAt: null });
    expect(await prisma.creditNote.count({ where: { orderId: order.id } })).toBe(0);

    expect((await cancel(order.orderNumber, { phone: order.phone })).status).toBe(200);
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(order.totalFils);
  });
});
