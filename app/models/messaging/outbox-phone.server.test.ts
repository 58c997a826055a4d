/**
 * The outbox's phone channels (issue 30) against the local fakes of WhatsApp Cloud API and kwtSMS (tests/fakes/,
 * which name the documentation they follow): a paid order goes to WhatsApp as the `order_confirmed` template to 965
 * and the 8 digits, in the order's language; Meta's status events move the row forward only; a WhatsApp message that
 * will not arrive goes again as an SMS; without the shopper's agreement the phone gets an SMS, never WhatsApp.
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getShopSettings, saveShopSettings } from "~/models/shop/index.server";
import { getAdminOrder, setOrderStatus } from "~/models/fulfilment/index.server";
import { drainOutbox } from "~/models/jobs/index.server";
import { recordWhatsAppStatuses } from "./outbox-phone.server";
import { queueShopperMessages } from "./outbox-write.server";
import { fitsTwoSmsParts } from "~/messages/kwtsms.server";
import { reviewLinkPath } from "~/models/reviews/index.server";
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
    whatsApp.failNext(1, { code: 131026, to: `965${order.phone}` });
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
    whatsApp.failNext(1, { status: 503, to: `965${order.phone}` });
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

  it("keeps a return decision and a review invitation within two Arabic parts with the shop's whole name (probe 4, item 10)", async () => {
    await saveShopSettings({ shopName: { en: "Reem Gifts House", ar: "بيت ريم للهدايا" } });
    try {
      // An order number as the shop makes them: ORD- and 12 digits.
      const made = await orderFor({ notifyWhatsApp: false, language: "ar" });
      const order = { ...made, orderNumber: `ORD-${crypto.randomInt(100_000_000_000, 1_000_000_000_000)}` };
      await prisma.order.update({ where: { id: order.id }, data: { orderNumber: order.orderNumber, status: "delivered", deliveredAt: new Date() } });
      await queueShopperMessages(prisma, order, "returnDecision", { returnNumber: "RET-515451685596", status: "received", note: "" });
      await queueShopperMessages(prisma, order, "review_invite", { reviewPath: reviewLinkPath(order.orderNumber) });
      await drainOutbox();
      const texts = smsTo(order.phone).map((text) => text.message);
      expect(texts).toHaveLength(2);
      for (const text of texts) {
        expect(text).toMatch(/^بيت ريم للهدايا: /);
        expect(fitsTwoSmsParts(text), text).toBe(true);
      }
      // The order's number gives way first: the link names the order.
      expect(texts).toContain(`بيت ريم للهدايا: طلب الإرجاع RET-515451685596: تم استلام المنتجات. https://timsar.example/view-invoice?orderNumber=${order.orderNumber}`);
      expect(texts.find((text) => text.includes("/review/"))).toMatch(new RegExp(`^بيت ريم للهدايا: [^:]+: https://timsar\\.example/review/${order.orderNumber}\\?token=\\d+\\.[\\w-]{22}$`));
    } finally {
      await saveShopSettings({ shopName: SHOP_NAME });
    }
  });

  it("shortens a long shop name no further than its first 8 characters", async () => {
    const long = "دار الهدايا والورود والعطور الفاخرة في الكويت";
    await saveShopSettings({ shopName: { en: "Gifts", ar: long } });
    try {
      const order = await orderFor({ notifyWhatsApp: false, language: "ar" });
      await prisma.order.update({ where: { id: order.id }, data: { status: "delivered", deliveredAt: new Date() } });
      await queueShopperMessages(prisma, order, "review_invite", { reviewPath: reviewLinkPath(order.orderNumber) });
      await drainOutbox();
      const [text] = smsTo(order.phone).map((sent) => sent.message);
      const name = text.slice(0, text.indexOf(": "));
      expect(name.endsWith("…")).toBe(true);
      expect(long.startsWith(name.slice(0, -1))).toBe(true);
      expect(name.length).toBeGreaterThan(8);
      expect(fitsTwoSmsParts(text)).toBe(true);
    } finally {
      await saveShopSettings({ shopName: SHOP_NAME });
    }
  });
});
