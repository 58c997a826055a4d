/**
 * The template state on both engines: Meta's template events (bodies from tests/fakes/whatsapp.ts, which names the
 * webhook reference pages) hold a paused template or one moved to MARKETING, its message goes by SMS (kwtSMS fake),
 * and APPROVED with UTILITY releases it.
 */
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { parseWhatsAppTemplateEvents } from "~/messages/whatsapp.server";
import { drainOutbox } from "~/models/jobs/index.server";
import { queueShopperMessages } from "./outbox-write.server";
import { heldWhatsAppTemplates, recordWhatsAppTemplateEvents } from "./whatsapp-template.server";
import { createOrder } from "../../../tests/factories/order";
import { startFakePhoneChannels } from "../../../tests/support/phone-channels";
import { templateCategoryBody, templateStatusBody } from "../../../tests/fakes/whatsapp";

const { whatsApp, sms } = await startFakePhoneChannels("template");
Object.assign(process.env, {
  APP_URL: "https://timsar.example",
});
afterAll(async () => {
  await prisma.whatsAppTemplateState.deleteMany();
  await Promise.all([whatsApp.close(), sms.close()]);
});

let phoneSerial = 0;
async function paidOrderGoesBy(): Promise<{ whatsApp: number; sms: number }> {
  phoneSerial += 1;
  const phone = `9${String(process.pid % 1000).padStart(3, "0")}${String(phoneSerial).padStart(4, "0")}`;
  const order = await createOrder(prisma, { phone, email: "" });
  await prisma.order.update({ where: { id: order.id }, data: { language: "en", notifyWhatsApp: true } });
  await queueShopperMessages(prisma, { ...order, language: "en", notifyWhatsApp: true }, "paid");
  await drainOutbox();
  await drainOutbox();
  return {
    whatsApp: [...whatsApp.messages.values()].filter((message) => message.to === `965${phone}`).length,
    sms: [...sms.messages.values()].filter((message) => message.mobile === `965${phone}`).length,
  };
}
const record = (body: string) => recordWhatsAppTemplateEvents(parseWhatsAppTemplateEvents(JSON.parse(body)));

describe("WhatsApp template state", () => {
  it("holds a paused template and sends its messages by SMS until APPROVED", async () => {
    await record(templateStatusBody({ name: "order_confirmed", language: "en", event: "PAUSED", reason: "LOW_QUALITY" }));
    expect(await heldWhatsAppTemplates()).toMatchObject([{ name: "order_confirmed", language: "en", status: "PAUSED", reason: "LOW_QUALITY" }]);
    expect(await paidOrderGoesBy()).toEqual({ whatsApp: 0, sms: 1 });
    await record(templateStatusBody({ name: "order_confirmed", language: "en", event: "APPROVED" }));
    expect(await heldWhatsAppTemplates()).toEqual([]);
    expect(await paidOrderGoesBy()).toEqual({ whatsApp: 1, sms: 0 });
  });

  it("keeps sending a template Meta flags or locks, and sends it again once Meta reinstates or unarchives it", async () => {
    await record(templateStatusBody({ name: "order_confirmed", language: "en", event: "PAUSED", reason: "LOW_QUALITY" }));
    expect(await paidOrderGoesBy()).toEqual({ whatsApp: 0, sms: 1 });
    await record(templateStatusBody({ name: "order_confirmed", language: "en", event: "REINSTATED" }));
    expect(await heldWhatsAppTemplates()).toEqual([]);
    expect(await paidOrderGoesBy()).toEqual({ whatsApp: 1, sms: 0 });
    for (const event of ["FLAGGED", "LOCKED"]) {
      await record(templateStatusBody({ name: "order_confirmed", language: "en", event }));
      expect(await heldWhatsAppTemplates(), event).toEqual([]);
      expect(await paidOrderGoesBy(), event).toEqual({ whatsApp: 1, sms: 0 });
    }
    await record(templateStatusBody({ name: "order_confirmed", language: "en", event: "ARCHIVED" }));
    expect(await paidOrderGoesBy()).toEqual({ whatsApp: 0, sms: 1 });
    await record(templateStatusBody({ name: "order_confirmed", language: "en", event: "UNARCHIVED" }));
    expect(await heldWhatsAppTemplates()).toEqual([]);
    expect(await paidOrderGoesBy()).toEqual({ whatsApp: 1, sms: 0 });
  });

  it("holds a template Meta disables, rejects, archives or deletes, and one still flagged once moved to MARKETING", async () => {
    for (const event of ["DISABLED", "REJECTED", "ARCHIVED", "PENDING_DELETION", "DELETED"]) {
      await record(templateStatusBody({ name: "order_confirmed", language: "en", event }));
      expect(await heldWhatsAppTemplates(), event).toMatchObject([{ name: "order_confirmed", status: event, heldFor: "status" }]);
      expect(await paidOrderGoesBy(), event).toEqual({ whatsApp: 0, sms: 1 });
    }
    await record(templateStatusBody({ name: "order_confirmed", language: "en", event: "FLAGGED", category: "MARKETING" }));
    expect(await heldWhatsAppTemplates()).toMatchObject([{ name: "order_confirmed", status: "FLAGGED", category: "MARKETING", heldFor: "marketing" }]);
    expect(await paidOrderGoesBy()).toEqual({ whatsApp: 0, sms: 1 });
    await record(templateStatusBody({ name: "order_confirmed", language: "en", event: "APPROVED" }));
    await record(templateCategoryBody({ name: "order_confirmed", language: "en", previous: "MARKETING", newCategory: "UTILITY" }));
    expect(await paidOrderGoesBy()).toEqual({ whatsApp: 1, sms: 0 });
  });

  it("holds a template moved to MARKETING until UTILITY, and keeps an announced move to the log", async () => {
    await record(templateCategoryBody({ name: "order_confirmed", language: "en", newCategory: "UTILITY", impending: { correctCategory: "MARKETING", at: new Date("2026-12-01T00:00:00Z") } }));
    expect(await heldWhatsAppTemplates()).toEqual([]);
    await record(templateCategoryBody({ name: "order_confirmed", language: "en", previous: "UTILITY", newCategory: "MARKETING" }));
    expect(await heldWhatsAppTemplates()).toMatchObject([{ name: "order_confirmed", category: "MARKETING" }]);
    expect(await paidOrderGoesBy()).toEqual({ whatsApp: 0, sms: 1 });
    await record(templateCategoryBody({ name: "order_confirmed", language: "en", previous: "MARKETING", newCategory: "UTILITY" }));
    expect(await paidOrderGoesBy()).toEqual({ whatsApp: 1, sms: 0 });
  });
});
