/**
 * The owner's delay notice (issue 30): the day is checked, then queued as kind `delay` and drawn at send time in the
 * order's language: an e-mail through a real loopback SMTP server, WhatsApp's `order_status` with the delay's words
 * where a status goes, or an SMS within two parts.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getShopSettings, saveShopSettings } from "~/models/shop/index.server";
import { fitsTwoSmsParts } from "~/messages/kwtsms.server";
import { DELAY_NOTICES_PER_ORDER, checkDelayDate, queueDelayNotice } from "./delay-notice.server";
import { drainOutbox } from "~/models/jobs/index.server";
import { createOrder } from "../../../tests/factories/order";
import { uniqueEmail } from "../../../tests/factories/unique";
import { startFakePhoneChannels } from "../../../tests/support/phone-channels";
import { startSmtpServer } from "../../../tests/setup/smtp";

const smtp = await startSmtpServer();
const { whatsApp, sms } = await startFakePhoneChannels("delay-notice");
// Before the first getEnv() of this file's module graph: the channels read the validated variables once.
Object.assign(process.env, {
  APP_URL: "https://timsar.example",
  SMTP_URL: smtp.url,
});
afterAll(async () => {
  await Promise.all([whatsApp.close(), sms.close(), smtp.close()]);
});

// The mails and texts name the shop and give its phone as the owner set them in the settings (issue 43), put back
// afterwards.
const before = await getShopSettings();
beforeAll(() => saveShopSettings({ shopName: { en: "Lulu Bows", ar: "فيونكات لولو" }, contactPhone: "65554444" }));
afterAll(() => saveShopSettings({ shopName: before.shopName, contactPhone: before.contactPhone }));

let phoneSerial = 0;
function uniquePhone(): string {
  phoneSerial += 1;
  return `5${String(process.pid % 1000).padStart(3, "0")}${String(phoneSerial).padStart(4, "0")}`;
}

async function orderFor(language: "ar" | "en", notifyWhatsApp: boolean) {
  const phone = uniquePhone();
  const email = uniqueEmail("delay");
  // The shop's own number shape (ORD- and 12 digits): its length counts in the SMS.
  const order = await createOrder(prisma, { phone, email, orderNumber: `ORD-${String(Date.now() % 1e9).padStart(9, "0")}${String(phoneSerial).padStart(3, "0")}` });
  await prisma.order.update({ where: { id: order.id }, data: { language, notifyWhatsApp } });
  return { ...order, phone, email };
}

describe("the delay notice's day", () => {
  const now = new Date("2026-11-27T22:30:00Z"); // already the 28th in Kuwait
  it("takes today or a later Kuwait day", () => {
    expect(checkDelayDate("2026-11-28", now)).toEqual({ ok: true, date: "2026-11-28" });
    expect(checkDelayDate(" 2027-01-05 ", now)).toEqual({ ok: true, date: "2027-01-05" });
  });
  it("says what is wrong with a missing, wrong or past day", () => {
    for (const value of [undefined, null, "", "  "]) expect(checkDelayDate(value, now)).toEqual({ ok: false, problem: "dateRequired" });
    for (const value of ["tomorrow", "2026-02-30", "28/11/2026", 20261128, "2026-11-28T00:00"]) expect(checkDelayDate(value, now)).toEqual({ ok: false, problem: "dateInvalid" });
    expect(checkDelayDate("2026-11-27", now)).toEqual({ ok: false, problem: "datePast" });
  });
});

describe("a delay notice", () => {
  it("goes by e-mail and WhatsApp's order_status in English, with the day", async () => {
    const order = await orderFor("en", true);
    expect(await queueDelayNotice(order.orderNumber, "2026-12-01")).toEqual({ ok: true });
    await drainOutbox();
    const mail = await smtp.waitForMail(order.email);
    expect(mail.subject).toBe(`Order ${order.orderNumber}: arriving on Tuesday, 1 December 2026`);
    expect(mail.text).toContain(`your order ${order.orderNumber} is taking longer than we hoped: it will arrive on Tuesday, 1 December 2026.`);
    expect(mail.text).toContain(`https://timsar.example/view-invoice?orderNumber=${order.orderNumber}`);
    expect(mail.text).toContain("A question? Call us on +965 6555 4444.");
    expect(mail.text).toContain("Thank you for shopping with Lulu Bows.");
    const sent = [...whatsApp.messages.values()].filter((message) => message.to === `965${order.phone}`);
    expect(sent.map((message) => [message.template, message.language, message.parameters])).toEqual([
      ["order_status", "en", [order.orderNumber, "arriving on Tuesday 1 December", `https://timsar.example/view-invoice?orderNumber=${order.orderNumber}`]],
    ]);
    const rows = await prisma.outboxMessage.findMany({ where: { orderId: order.id }, orderBy: { channel: "asc" } });
    expect(rows.map((row) => [row.channel, row.kind, row.status, JSON.parse(row.params)])).toEqual([
      ["email", "delay", "sent", { date: "2026-12-01" }],
      ["whatsapp", "delay", "sent", { date: "2026-12-01" }],
    ]);
  });

  it("goes by e-mail and SMS in Arabic when the shopper did not choose WhatsApp, the SMS within two parts", async () => {
    const order = await orderFor("ar", false);
    await queueDelayNotice(order.id, "2026-12-01");
    await drainOutbox();
    const mail = await smtp.waitForMail(order.email);
    expect(mail.text).toContain("سيصل إليك يوم الثلاثاء، ١ ديسمبر ٢٠٢٦");
    const [text] = [...sms.messages.values()].filter((message) => message.mobile === `965${order.phone}`);
    expect(text.message).toContain(order.orderNumber);
    expect(text.message).toContain("يوم الثلاثاء، ١ ديسمبر.");
    expect(mail.text).toContain("+965 6555 4444");
    expect(mail.text).toContain("شكرًا لتسوقك من فيونكات لولو.");
    // The owner's name gives way first when the text would outgrow two parts.
    expect(text.message).toMatch(/^فيونكات( لولو|.*…): /);
    expect(fitsTwoSmsParts(text.message)).toBe(true);
  });

  it("queues nothing for an order that does not exist", async () => {
    const before = await prisma.outboxMessage.count();
    expect(await queueDelayNotice("no-such-order", "2026-12-01")).toEqual({ ok: false, reason: "notFound" });
    expect(await prisma.outboxMessage.count()).toBe(before);
  });
});

describe("the orders a delay notice is refused for (issue 42)", () => {
  // One e-mail per notice (a phone message goes beside it where the shop has a channel).
  const delayRows = (orderId: string) => prisma.outboxMessage.count({ where: { orderId, kind: "delay", channel: "email" } });

  it("refuses an unpaid, a cancelled and a delivered order, and queues nothing", async () => {
    const unpaid = await createOrder(prisma, { paymentStatus: "unpaid" });
    const cancelled = await createOrder(prisma, { status: "cancelled" });
    const cancelledUnpaid = await createOrder(prisma, { status: "cancelled", paymentStatus: "unpaid" });
    const delivered = await createOrder(prisma, { status: "delivered" });
    expect(await queueDelayNotice(unpaid.id, "2026-12-01")).toEqual({ ok: false, reason: "notPaid" });
    expect(await queueDelayNotice(cancelled.orderNumber, "2026-12-01")).toEqual({ ok: false, reason: "cancelled" });
    expect(await queueDelayNotice(cancelledUnpaid.id, "2026-12-01")).toEqual({ ok: false, reason: "cancelled" });
    expect(await queueDelayNotice(delivered.id, "2026-12-01")).toEqual({ ok: false, reason: "delivered" });
    for (const order of [unpaid, cancelled, cancelledUnpaid, delivered]) {
      expect(await delayRows(order.id)).toBe(0);
      expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).delayNoticeCount).toBe(0);
    }
  });

  it("sends at most 3 per order, for a paid order on its way", async () => {
    const order = await createOrder(prisma, { status: "outForDelivery", email: uniqueEmail("late") });
    for (let notice = 0; notice < DELAY_NOTICES_PER_ORDER; notice++) expect(await queueDelayNotice(order.id, "2026-12-01")).toEqual({ ok: true });
    expect(await queueDelayNotice(order.id, "2026-12-02")).toEqual({ ok: false, reason: "limitReached" });
    expect(await delayRows(order.id)).toBe(DELAY_NOTICES_PER_ORDER);
  });

  it("of many clicks at once for the last notice, one wins and the others queue nothing", async () => {
    const order = await createOrder(prisma, { status: "processing", email: uniqueEmail("late") });
    for (let notice = 1; notice < DELAY_NOTICES_PER_ORDER; notice++) await queueDelayNotice(order.id, "2026-12-01");
    const outcomes = await Promise.all(Array.from({ length: 6 }, () => queueDelayNotice(order.id, "2026-12-03")));
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    expect(outcomes.filter((outcome) => !outcome.ok)).toEqual(Array.from({ length: 5 }, () => ({ ok: false, reason: "limitReached" })));
    expect(await delayRows(order.id)).toBe(DELAY_NOTICES_PER_ORDER);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: order.id } })).delayNoticeCount).toBe(DELAY_NOTICES_PER_ORDER);
  });
});
