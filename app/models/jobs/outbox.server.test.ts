/**
 * The outbox (issue 30, docs/decisions/0054-outbox.md) against a real SMTP server on loopback: a message is a row
 * written with its change and sent afterwards, once, also when several senders race or one died holding a claim, and
 * a mail server that is down only delays it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { testProvider } from "~/payments/test-provider.server";
import { getAdminOrder, setOrderStatus } from "~/models/fulfilment/index.server";
import { CLAIM_MS, drainOutbox, GIVE_UP_AFTER_MS, KEEP_ORDER_MS, oldestUnsentAgeSeconds, waitAfter, type OutboxRow } from "./outbox.server";
import { phoneChannelFor, queueEmail, requeueMessage } from "~/models/messaging/index.server";
import { confirmPayment, placeOrderAndStartPayment } from "~/models/payments/index.server";
import { createAdmin } from "../../../tests/factories/admin";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { checkoutDetails, createOrder } from "../../../tests/factories/order";
import { createProduct } from "../../../tests/factories/product";
import { uniqueEmail } from "../../../tests/factories/unique";
import { startSmtpServer } from "../../../tests/setup/smtp";
import { orderDetailJson } from "~/api/answers/orders.server";

let smtp = await startSmtpServer();
const ownerEmail = uniqueEmail("owner");
Object.assign(process.env, { APP_URL: "http://shop.test", SMTP_URL: smtp.url, OWNER_EMAIL: ownerEmail });
afterAll(async () => {
  if (smtp.isListening()) await smtp.close();
});

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));

async function queueMails(count: number) {
  const emails = Array.from({ length: count }, () => uniqueEmail("queued"));
  for (const [index, email] of emails.entries()) {
    await queueEmail(prisma, { to: email, kind: "mail", params: { subject: `Message ${index}`, text: "Hello", html: "<p>Hello</p>" } });
  }
  return emails;
}

describe("a paid order", () => {
  it("queues the shopper's confirmation and the owner's notice in its own commit, and each goes once", async () => {
    const city = await createDeliveryArea(prisma, 1500);
    const product = await createProduct(prisma, { priceFils: 3000, stockQuantity: 5 });
    const email = uniqueEmail();
    const placed = await placeOrderAndStartPayment({
      details: checkoutDetails(city, { email }),
      lines: [{ productId: product.id, quantity: 1, customTags: [] }],
      customerId: null,
      language: "en",
      couponCode: null,
    });
    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
    await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
    await Promise.all([confirmPayment(placed.orderSessionId), confirmPayment(placed.orderSessionId)]);

    const rows = await prisma.outboxMessage.findMany({ where: { orderId: placed.order.id }, orderBy: { kind: "asc" } });
    expect(rows.map((row) => [row.channel, row.kind, row.status, row.recipient])).toEqual([
      ["email", "ownerPaid", "queued", ownerEmail],
      ["email", "paid", "queued", email],
    ]);
    expect(mailsTo(email)).toHaveLength(0);

    await Promise.all([drainOutbox(), drainOutbox()]);
    await drainOutbox();
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0].raw).toMatch(/Content-Type: application\/pdf/);
    const sent = await prisma.outboxMessage.findMany({ where: { orderId: placed.order.id } });
    expect(sent.map((row) => [row.status, row.attempts])).toEqual([
      ["sent", 1],
      ["sent", 1],
    ]);
  });
});

describe("a status change", () => {
  it("queues a short note in the order's language with the order number and the view-invoice link", async () => {
    const admin = await createAdmin(prisma);
    const email = uniqueEmail();
    const order = await createOrder(prisma, { email, fullName: "Noor" });
    await prisma.order.update({ where: { id: order.id }, data: { language: "en" } });
    await setOrderStatus({ idOrNumber: order.id, status: "outForDelivery", admin });
    await setOrderStatus({ idOrNumber: order.id, status: "outForDelivery", admin });
    await setOrderStatus({ idOrNumber: order.id, status: "pending", admin });

    const rows = await prisma.outboxMessage.findMany({ where: { orderId: order.id } });
    expect(rows.map((row) => [row.channel, row.kind, row.language, JSON.parse(row.params)])).toEqual([["email", "status", "en", { status: "outForDelivery" }]]);
    await drainOutbox();
    const [mail] = mailsTo(email);
    expect(mail.subject).toBe(`Order ${order.orderNumber}: on its way`);
    expect(mail.text).toContain(`your order ${order.orderNumber} is on its way`);
    expect(mail.text).toContain(`http://shop.test/view-invoice?orderNumber=${order.orderNumber}`);
    const detail = orderDetailJson((await getAdminOrder(order.id))!);
    expect(detail.messages).toEqual([{ channel: "email", kind: "outForDelivery", status: "sent", at: expect.any(String) }]);
  });

  it("is worded in Arabic for an Arabic order", async () => {
    const admin = await createAdmin(prisma);
    const email = uniqueEmail();
    const order = await createOrder(prisma, { email });
    await setOrderStatus({ idOrNumber: order.id, status: "delivered", admin });
    await drainOutbox();
    const [mail] = mailsTo(email);
    expect(mail.subject).toBe(`الطلب ${order.orderNumber}: تم التوصيل`);
    expect(mail.html).toContain('<div dir="rtl" lang="ar">');
  });
});

describe("the sender", () => {
  it("keeps a message while the mail server is down and sends it after the wait once it is back", async () => {
    const [email] = await queueMails(1);
    const port = Number(new URL(smtp.url).port);
    await smtp.close();
    const start = new Date();
    await drainOutbox({ now: () => start });
    const waiting = await prisma.outboxMessage.findFirstOrThrow({ where: { recipient: email } });
    expect(waiting).toMatchObject({ status: "queued", attempts: 1 });
    expect(waiting.lastError).toBeTruthy();
    expect(waiting.nextAttemptAt.getTime()).toBe(start.getTime() + waitAfter(1));

    smtp = await startSmtpServer(port);
    await drainOutbox({ now: () => start });
    expect(mailsTo(email)).toHaveLength(0);
    await drainOutbox({ now: () => new Date(start.getTime() + waitAfter(1)) });
    expect(mailsTo(email)).toHaveLength(1);
    expect(await prisma.outboxMessage.findFirstOrThrow({ where: { recipient: email } })).toMatchObject({ status: "sent", attempts: 2, lastError: null });
  });

  it("waits longer after each failure and gives up only after a day", async () => {
    expect(waitAfter(2)).toBeGreaterThan(waitAfter(1));
    expect(waitAfter(40)).toBe(waitAfter(9));
    const [email] = await queueMails(1);
    await prisma.outboxMessage.updateMany({ where: { recipient: email }, data: { createdAt: new Date(Date.now() - GIVE_UP_AFTER_MS - 1000) } });
    const down = await drainOutbox({ channels: { email: async () => ({ ok: false, retry: true, reason: "451 try later" }), whatsapp: undefined, sms: undefined } });
    expect(down).toBeGreaterThanOrEqual(1);
    const failed = await prisma.outboxMessage.findFirstOrThrow({ where: { recipient: email } });
    expect(failed).toMatchObject({ status: "failed", lastError: "451 try later" });

    // The owner's "send again": only a failed message of that order, queued at once with a fresh day.
    const order = await createOrder(prisma);
    await prisma.outboxMessage.update({ where: { id: failed.id }, data: { orderId: order.id } });
    const staff = await createAdmin(prisma, { role: "orders" });
    const actor = { id: staff.id, email: staff.email, role: "orders" };
    expect(await requeueMessage("another order", failed.id, new Date(), actor)).toBe(false);
    expect(await requeueMessage(order.id, failed.id, new Date(), actor)).toBe(true);
    expect(await requeueMessage(order.id, failed.id, new Date(), actor)).toBe(false);
    await drainOutbox();
    expect(mailsTo(email)).toHaveLength(1);
    // The activity log names who sent it again, once: the refused tries wrote nothing.
    const entries = await prisma.auditEntry.findMany({ where: { actorId: staff.id }, select: { action: true, entityType: true, entityId: true, summary: true } });
    expect(entries).toEqual([{ action: "resend", entityType: "order", entityId: order.id, summary: "mail message by email sent again" }]);
  });

  it("sends each message once when several senders race on one database", async () => {
    const emails = await queueMails(12);
    await Promise.all(["a", "b", "c"].map((holder) => drainOutbox({ holder })));
    expect(emails.map((email) => mailsTo(email).length)).toEqual(emails.map(() => 1));
    // A mail drawn already (its links and codes) is not kept once sent.
    const rows = await prisma.outboxMessage.findMany({ where: { recipient: { in: emails } }, select: { status: true, params: true } });
    expect(rows).toEqual(emails.map(() => ({ status: "sent", params: "{}" })));
  });

  it("sends one person's messages about an order in the order they were written, also when a second sender starts during the first send", async () => {
    const admin = await createAdmin(prisma);
    const order = await createOrder(prisma, { email: uniqueEmail() });
    const events: string[] = [];
    let firstStarted = () => {};
    const started = new Promise<void>((resolve) => (firstStarted = resolve));
    // A slow mail server for the first message: a sender that did not wait for it would send the second meanwhile.
    const slowMail = async (row: OutboxRow) => {
      const status = JSON.parse(row.params).status as string;
      events.push(`start ${status}`);
      firstStarted();
      await new Promise((resolve) => setTimeout(resolve, status === "processing" ? 200 : 10));
      events.push(`end ${status}`);
      return { ok: true as const };
    };
    const channels = { email: slowMail, whatsapp: undefined, sms: undefined };
    await setOrderStatus({ idOrNumber: order.id, status: "processing", admin });
    const first = drainOutbox({ holder: "a", channels });
    await started;
    await setOrderStatus({ idOrNumber: order.id, status: "outForDelivery", admin });
    await drainOutbox({ holder: "b", channels });
    await first;
    await drainOutbox({ holder: "c", channels });
    expect(events).toEqual(["start processing", "end processing", "start outForDelivery", "end outForDelivery"]);
  });

  it("lets later messages go when an earlier one waits long for its retry, and keeps them back for a short wait", async () => {
    const admin = await createAdmin(prisma);
    const order = await createOrder(prisma, { email: uniqueEmail() });
    for (const status of ["processing", "outForDelivery"] as const) await setOrderStatus({ idOrNumber: order.id, status, admin });
    const [first] = await prisma.outboxMessage.findMany({ where: { orderId: order.id }, orderBy: { createdAt: "asc" } });
    const start = new Date();
    const sent: string[] = [];
    const channels = { email: async (row: OutboxRow) => (sent.push(JSON.parse(row.params).status), { ok: true as const }), whatsapp: undefined, sms: undefined };
    await prisma.outboxMessage.update({ where: { id: first.id }, data: { attempts: 1, nextAttemptAt: new Date(start.getTime() + KEEP_ORDER_MS - 1000) } });
    await drainOutbox({ now: () => start, channels });
    expect(sent).toEqual([]);
    await prisma.outboxMessage.update({ where: { id: first.id }, data: { nextAttemptAt: new Date(start.getTime() + waitAfter(6)) } });
    await drainOutbox({ now: () => start, channels });
    expect(sent).toEqual(["outForDelivery"]);
  });

  it("takes over a row whose sender died holding it, once its claim has run out", async () => {
    const [email] = await queueMails(1);
    const claimedAt = new Date();
    await prisma.outboxMessage.updateMany({ where: { recipient: email }, data: { claimedBy: "a server that died", claimedUntil: new Date(claimedAt.getTime() + CLAIM_MS) } });
    await drainOutbox({ now: () => claimedAt });
    expect(mailsTo(email)).toHaveLength(0);
    expect(await oldestUnsentAgeSeconds(new Date(claimedAt.getTime() + 60_000))).toBeGreaterThan(0);
    await drainOutbox({ now: () => new Date(claimedAt.getTime() + CLAIM_MS + 1) });
    expect(mailsTo(email)).toHaveLength(1);
  });
});

describe("phoneChannelFor", () => {
  const whatsapp = { WHATSAPP_TOKEN: "t", WHATSAPP_PHONE_NUMBER_ID: "1", WHATSAPP_APP_SECRET: "s", WHATSAPP_VERIFY_TOKEN: "v" };
  const sms = { KWTSMS_USERNAME: "u", KWTSMS_PASSWORD: "p", KWTSMS_SENDER: "TIMSAR" };
  it("uses WhatsApp only when the shopper agreed and it is configured, else SMS when that is, else nothing", () => {
    expect(phoneChannelFor({ notifyWhatsApp: true }, { ...whatsapp, ...sms })).toBe("whatsapp");
    expect(phoneChannelFor({ notifyWhatsApp: false }, { ...whatsapp, ...sms })).toBe("sms");
    expect(phoneChannelFor({ notifyWhatsApp: true }, { ...whatsapp, WHATSAPP_APP_SECRET: "" , ...sms })).toBe("sms");
    expect(phoneChannelFor({ notifyWhatsApp: true }, whatsapp)).toBe("whatsapp");
    expect(phoneChannelFor({ notifyWhatsApp: true }, {})).toBeNull();
  });
});
