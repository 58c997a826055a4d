/**
 * The outbox's phone channels (issue 30) against the local fakes of WhatsApp Cloud API and kwtSMS (tests/fakes/,
 * which name the documentation they follow): a paid order goes to WhatsApp as the `order_confirmed` template to 965
 * and the 8 digits, in the order's language; Meta's status events move the row forward only; a WhatsApp message that
 * will not arrive goes again as an SMS; without the shopper's agreement the phone gets an SMS, never WhatsApp.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getShopSettings, saveShopSettings } from "~/models/shop/index.server";
import { getAdminOrder, setOrderStatus } from "~/models/fulfilment/index.server";
import { drainOutbox } from "~/models/jobs/index.server";
import { recordWhatsAppStatuses } from "./outbox-phone.server";
import { queueShopperMessages } from "./outbox-write.server";
import { fitsTwoSmsParts } from "~/messages/kwtsms.server";
import { createAdmin } from "../../../tests/factories/admin";
import { createOrder } from "../../../tests/factories/order";
import { startFakePhoneChannels } from "../../../tests/support/phone-channels";
import { orderDetailJson } from "~/api/answers/orders.server";

const { whatsApp, sms } = await startFakePhoneChannels("outbox");
// Before the first getEnv() of this file's module graph: the channels read the validated variables once.
Object.assign(process.env, {
  APP_URL: "https://timsar.example",
});
afterAll(async () => {
  await Promise.all([whatsApp.close(), sms.close()]);
});

// Every text opens with the shop's name as the owner set it in the settings (issue 43), put back afterwards.
const SHOP_NAME = { en: "Lulu Bows", ar: "فيونكات لولو" };
const before = await getShopSettings();
beforeAll(() => saveShopSettings({ shopName: SHOP_NAME }));
afterAll(() => saveShopSettings({ shopName: before.shopName }));

let phoneSerial = 0;
/** A Kuwaiti mobile number of this test run's own, so the fakes' records of one test never meet another's. */
function uniquePhone(): string {
  phoneSerial += 1;
  return `6${String(process.pid % 1000).padStart(3, "0")}${String(phoneSerial).padStart(4, "0")}`;
}

async function orderFor(options: { notifyWhatsApp: boolean; language: "ar" | "en" }) {
  const phone = uniquePhone();
  const order = await createOrder(prisma, { phone, email: "" });
  await prisma.order.update({ where: { id: order.id }, data: { language: options.language, notifyWhatsApp: options.notifyWhatsApp } });
  return { ...order, phone, language: options.language, notifyWhatsApp: options.notifyWhatsApp };
}

const messagesTo = (phone: string) => [...whatsApp.messages.values()].filter((message) => message.to === `965${phone}`);
const smsTo = (phone: string) => [...sms.messages.values()].filter((message) => message.mobile === `965${phone}`);

describe("WhatsApp", () => {
  it("sends a paid order as order_confirmed to 965 and the 8 digits, in the order's language, and keeps the wamid", async () => {
    const order = await orderFor({ notifyWhatsApp: true, language: "ar" });
    await queueShopperMessages(prisma, order, "paid");
    await drainOutbox();

    const [message] = messagesTo(order.phone);
    expect(message).toMatchObject({ template: "order_confirmed", language: "ar" });
    expect(message.parameters).toEqual([order.orderNumber, `https://timsar.example/view-invoice?orderNumber=${order.orderNumber}`]);
    const row = await prisma.outboxMessage.findFirstOrThrow({ where: { orderId: order.id, channel: "whatsapp" } });
    expect(row).toMatchObject({ status: "sent", providerMessageId: message.id, recipient: `965${order.phone}` });
    expect(smsTo(order.phone)).toHaveLength(0);
  });

  it("sends a status change as order_status with the status in the order's language", async () => {
    const admin = await createAdmin(prisma);
    const order = await orderFor({ notifyWhatsApp: true, language: "en" });
    await setOrderStatus({ idOrNumber: order.id, status: "outForDelivery", admin });
    await drainOutbox();
    expect(messagesTo(order.phone).map((message) => [message.template, message.language, message.parameters[1]])).toEqual([["order_status", "en", "on its way"]]);
  });

  it("moves a message forward only, whatever order Meta's events come in, and the owner reads it in the order's JSON", async () => {
    const order = await orderFor({ notifyWhatsApp: true, language: "en" });
    await queueShopperMessages(prisma, order, "paid");
    await drainOutbox();
    const [message] = messagesTo(order.phone);
    const at = new Date();
    await recordWhatsAppStatuses([
      { providerId: message.id, status: "read", at },
      { providerId: message.id, status: "delivered", at },
      { providerId: "wamid.unknown", status: "read", at },
    ]);
    const detail = orderDetailJson((await getAdminOrder(order.id))!);
    expect(detail.messages.filter((entry) => entry.channel === "whatsapp").map((entry) => [entry.kind, entry.status])).toEqual([["paid", "read"]]);
    expect(smsTo(order.phone)).toHaveLength(0);
  });

  it("sends an SMS instead when WhatsApp refuses the number for good, once", async () => {
    const order = await orderFor({ notifyWhatsApp: true, language: "ar" });
    whatsApp.failNext(1, { code: 131026 });
    await queueShopperMessages(prisma, order, "paid");
    await drainOutbox();
    await drainOutbox();

    const row = await prisma.outboxMessage.findFirstOrThrow({ where: { orderId: order.id, channel: "whatsapp" } });
    expect(row.status).toBe("failed");
    expect(row.lastError).toMatch(/131026/);
    const texts = smsTo(order.phone);
    expect(texts).toHaveLength(1);
    expect(texts[0].message).toContain(order.orderNumber);
    expect(texts[0].message).toMatch(/^فيونكات لولو: /);
  });

  it("sends an SMS instead when Meta reports the message failed, and a second report changes nothing", async () => {
    const order = await orderFor({ notifyWhatsApp: true, language: "en" });
    await queueShopperMessages(prisma, order, "paid");
    await drainOutbox();
    const [message] = messagesTo(order.phone);
    await recordWhatsAppStatuses([{ providerId: message.id, status: "failed", at: new Date(), reason: "131026 Message undeliverable" }]);
    await recordWhatsAppStatuses([{ providerId: message.id, status: "failed", at: new Date(), reason: "131026 Message undeliverable" }]);
    await drainOutbox();
    expect(smsTo(order.phone).map((text) => text.message)).toEqual([`Lulu Bows: thank you! Order ${order.orderNumber} is paid. https://timsar.example/view-invoice?orderNumber=${order.orderNumber}`]);
  });

  it("retries a WhatsApp outage instead of falling back", async () => {
    const order = await orderFor({ notifyWhatsApp: true, language: "en" });
    whatsApp.failNext(1, { status: 503 });
    await queueShopperMessages(prisma, order, "paid");
    await drainOutbox();
    const row = await prisma.outboxMessage.findFirstOrThrow({ where: { orderId: order.id, channel: "whatsapp" } });
    expect(row).toMatchObject({ status: "queued", attempts: 1 });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(smsTo(order.phone)).toHaveLength(0);
  });
});

describe("SMS", () => {
  it("goes to a shopper who did not choose WhatsApp, in the order's language, within two parts", async () => {
    const order = await orderFor({ notifyWhatsApp: false, language: "ar" });
    await queueShopperMessages(prisma, order, "paid");
    await drainOutbox();
    expect(messagesTo(order.phone)).toHaveLength(0);
    const [text] = smsTo(order.phone);
    expect(text.sender).toBe("TIMSAR");
    expect(text.message).toContain(order.orderNumber);
    expect(fitsTwoSmsParts(text.message)).toBe(true);
  });
});
