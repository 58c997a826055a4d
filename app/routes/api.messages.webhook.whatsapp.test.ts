/**
 * Meta's webhook: message status events, and template events (pages named in tests/fakes/whatsapp.ts, whose builders
 * make the bodies here: message_template_status_update and template_category_update of Meta's webhook reference).
 */
import crypto from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { drainOutbox } from "~/models/jobs/index.server";
import { queueShopperMessages } from "~/models/messaging/index.server";
import { logger } from "~/utils/logger.server";
import { createOrder } from "../../tests/factories/order";
import { startFakeKwtSms } from "../../tests/fakes/kwtsms";
import { startFakeWhatsApp, templateCategoryBody, templateStatusBody } from "../../tests/fakes/whatsapp";
import { adminCookie, request } from "../../tests/support/admin-requests";
import { runChecked } from "../../tests/support/openapi-conformance";

const APP_SECRET = "0123456789abcdef0123456789abcdef";
const URL_BASE = "https://shop.example/api/messages/webhook/whatsapp";

// getEnv() reads process.env once per module graph: the variables are in place before the route is imported.
process.env.WHATSAPP_TOKEN = "EAAG-test-token-0123456789";
process.env.WHATSAPP_PHONE_NUMBER_ID = "106540352242922";
process.env.WHATSAPP_APP_SECRET = APP_SECRET;
process.env.WHATSAPP_VERIFY_TOKEN = "verify-me-please";
const whatsApp = await startFakeWhatsApp({ token: "EAAG-test-token-0123456789", phoneNumberId: "106540352242922", appSecret: APP_SECRET });
const sms = await startFakeKwtSms({ username: "timsar", password: "sms-password", senders: ["TIMSAR"], repeatWaitMs: 0 });
Object.assign(process.env, {
  APP_URL: "https://timsar.example",
  WHATSAPP_BASE_URL: whatsApp.url,
  KWTSMS_USERNAME: "timsar",
  KWTSMS_PASSWORD: "sms-password",
  KWTSMS_SENDER: "TIMSAR",
  KWTSMS_BASE_URL: sms.url,
});
afterAll(async () => {
  // Other files of this worker share the database: no template stays held after this one.
  await prisma.whatsAppTemplateState.deleteMany();
  await Promise.all([whatsApp.close(), sms.close()]);
});

let route: typeof import("./api.messages.webhook.whatsapp");
// A WhatsApp message of this run's own, as the outbox kept it when Meta accepted it.
const WAMID = `wamid.${crypto.randomBytes(12).toString("base64url")}`;
beforeAll(async () => {
  route = await import("./api.messages.webhook.whatsapp");
  const order = await createOrder(prisma);
  await prisma.outboxMessage.create({
    data: { orderId: order.id, channel: "whatsapp", kind: "paid", language: "ar", recipient: "96560001234", status: "sent", providerMessageId: WAMID },
  });
});
const messageStatus = async () => (await prisma.outboxMessage.findFirstOrThrow({ where: { providerMessageId: WAMID } })).status;

// The read event first: Meta's batches need not be in order.
const body = JSON.stringify({
  object: "whatsapp_business_account",
  entry: [
    {
      id: "102290129340398",
      changes: [
        {
          value: {
            messaging_product: "whatsapp",
            metadata: { display_phone_number: "96522200000", phone_number_id: "106540352242922" },
            statuses: [
              { id: WAMID, status: "read", timestamp: "1700000300", recipient_id: "96560001234" },
              { id: WAMID, status: "delivered", timestamp: "1700000200", recipient_id: "96560001234" },
            ],
          },
          field: "messages",
        },
      ],
    },
  ],
});
const signature = (text: string, secret = APP_SECRET) => `sha256=${crypto.createHmac("sha256", secret).update(text).digest("hex")}`;
const post = (text: string, header?: string) =>
  runChecked(route.action, new Request(URL_BASE, { method: "POST", headers: { "Content-Type": "application/json", ...(header ? { "X-Hub-Signature-256": header } : {}) }, body: text }));

describe("GET /api/messages/webhook/whatsapp", () => {
  it("answers Meta's challenge as text for our verify token", async () => {
    const response = await runChecked(route.loader, new Request(`${URL_BASE}?hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444`));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await response.text()).toBe("1158201444");
  });

  it("refuses a wrong token or mode with 403", async () => {
    for (const query of ["hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1", "hub.mode=unsubscribe&hub.verify_token=verify-me-please&hub.challenge=1", ""]) {
      const response = await runChecked(route.loader, new Request(`${URL_BASE}?${query}`));
      expect(response.status).toBe(403);
      expect(((await response.json()) as { message: string }).message).toMatch(/^Webhook verification refused.* \/ /);
    }
  });
});

describe("POST /api/messages/webhook/whatsapp", () => {
  it("answers 401 and changes nothing for a missing, wrong or stale signature or a tampered body", async () => {
    for (const [text, header] of [
      [body, undefined],
      [body, signature(body, "another-secret-0123456789")],
      [body.replace("read", "sent"), signature(body)],
      [body, "sha256=zz"],
    ] as const) {
      const response = await post(text, header);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { message: string }).message).toMatch(/^Invalid webhook signature/);
    }
    expect(await messageStatus()).toBe("sent");
  });

  it("moves the outbox row to a signed body's latest status, read after delivered", async () => {
    const response = await post(body, signature(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 2 });
    expect(await messageStatus()).toBe("read");
  });

  it("acknowledges a signed body without statuses (an incoming message) and refuses signed garbage", async () => {
    const incoming = JSON.stringify({ object: "whatsapp_business_account", entry: [{ changes: [{ value: { messages: [{ id: "wamid.IN", type: "text" }] } }] }] });
    const response = await post(incoming, signature(incoming));
    expect(await response.json()).toEqual({ received: 0 });
    expect((await post("not json", signature("not json"))).status).toBe(400);
    expect(await messageStatus()).toBe("read");
  });
});

let phoneSerial = 0;
/** A paid order of this run's own phone, whose shopper chose WhatsApp, queued and sent: where did its message go? */
async function paidOrderGoesBy(language: "ar" | "en"): Promise<{ whatsApp: string[]; sms: number }> {
  phoneSerial += 1;
  const phone = `5${String(process.pid % 1000).padStart(3, "0")}${String(phoneSerial).padStart(4, "0")}`;
  const order = await createOrder(prisma, { phone, email: "" });
  await prisma.order.update({ where: { id: order.id }, data: { language, notifyWhatsApp: true } });
  await queueShopperMessages(prisma, { ...order, language, notifyWhatsApp: true }, "paid");
  await drainOutbox();
  await drainOutbox();
  return {
    whatsApp: [...whatsApp.messages.values()].filter((message) => message.to === `965${phone}`).map((message) => `${message.template}/${message.language}`),
    sms: [...sms.messages.values()].filter((message) => message.mobile === `965${phone}`).length,
  };
}
const templateState = (name: string, language: string) => prisma.whatsAppTemplateState.findUnique({ where: { name_language: { name, language } } });
const signedPost = async (text: string) => {
  const response = await post(text, signature(text));
  expect(response.status).toBe(200);
  return (await response.json()) as { received: number };
};
const dashboardNotices = async (cookie: string) => {
  const route = await import("./admin.timsar.dashboard");
  const data = await route.loader({ request: request("/admin/timsar/dashboard", { cookie }), params: {}, context: { cspNonce: "" } });
  return data.templateNotices;
};

describe("WhatsApp template events", () => {
  it("changes nothing for an unsigned or wrongly signed pause", async () => {
    const paused = templateStatusBody({ name: "order_confirmed", language: "en", event: "PAUSED", reason: "LOW_QUALITY" });
    expect((await post(paused)).status).toBe(401);
    expect((await post(paused, signature(paused, "another-secret-0123456789"))).status).toBe(401);
    expect(await templateState("order_confirmed", "en")).toBeNull();
    expect(await paidOrderGoesBy("en")).toEqual({ whatsApp: ["order_confirmed/en"], sms: 0 });
  });

  it("records and logs a paused template, sends its messages by SMS, tells the owner in both languages, until APPROVED", async () => {
    const warn = vi.spyOn(logger, "warn");
    expect(await signedPost(templateStatusBody({ name: "order_confirmed", language: "en", event: "PAUSED", reason: "LOW_QUALITY" }))).toEqual({ received: 1 });
    expect(await templateState("order_confirmed", "en")).toMatchObject({ status: "PAUSED", reason: "LOW_QUALITY", category: "UTILITY" });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/order_confirmed \(en\).*PAUSED.*SMS or e-mail/));
    warn.mockRestore();

    expect(await paidOrderGoesBy("en")).toEqual({ whatsApp: [], sms: 1 });
    // The Arabic template is another template at Meta: it still goes by WhatsApp.
    expect(await paidOrderGoesBy("ar")).toEqual({ whatsApp: ["order_confirmed/ar"], sms: 0 });

    const owner = (await adminCookie("owner")).cookie;
    expect(await dashboardNotices(`${owner}; lang=en`)).toEqual(["WhatsApp template order_confirmed (English) is paused: its messages go by SMS or e-mail."]);
    expect(await dashboardNotices(`${owner}; lang=ar`)).toEqual(["قالب واتساب order_confirmed (الإنجليزية) موقوف مؤقتًا: رسائله تُرسل برسالة نصية أو بالبريد الإلكتروني."]);
    expect(await dashboardNotices((await adminCookie("orders")).cookie)).toEqual([]);

    await signedPost(templateStatusBody({ name: "order_confirmed", language: "en", event: "DISABLED", reason: "NONE" }));
    expect(await paidOrderGoesBy("en")).toEqual({ whatsApp: [], sms: 1 });
    expect(await dashboardNotices(`${owner}; lang=en`)).toEqual(["WhatsApp template order_confirmed (English) is disabled: its messages go by SMS or e-mail."]);

    await signedPost(templateStatusBody({ name: "order_confirmed", language: "en", event: "APPROVED" }));
    expect(await paidOrderGoesBy("en")).toEqual({ whatsApp: ["order_confirmed/en"], sms: 0 });
    expect(await dashboardNotices(`${owner}; lang=en`)).toEqual([]);
  });

  it("holds a template moved to MARKETING until it is UTILITY again, and only logs an announced move", async () => {
    const info = vi.spyOn(logger, "info");
    expect(await signedPost(templateCategoryBody({ name: "order_confirmed", language: "ar", newCategory: "UTILITY", impending: { correctCategory: "MARKETING", at: new Date("2026-12-01T00:00:00Z") } }))).toEqual({ received: 1 });
    expect(info).toHaveBeenCalledWith(expect.stringMatching(/order_confirmed \(ar\).*MARKETING on 2026-12-01/));
    info.mockRestore();
    expect(await templateState("order_confirmed", "ar")).toBeNull();
    expect(await paidOrderGoesBy("ar")).toEqual({ whatsApp: ["order_confirmed/ar"], sms: 0 });

    const warn = vi.spyOn(logger, "warn");
    await signedPost(templateCategoryBody({ name: "order_confirmed", language: "ar", previous: "UTILITY", newCategory: "MARKETING" }));
    expect(await templateState("order_confirmed", "ar")).toMatchObject({ status: "APPROVED", category: "MARKETING" });
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/order_confirmed \(ar\).*UTILITY -> MARKETING/));
    warn.mockRestore();
    expect(await paidOrderGoesBy("ar")).toEqual({ whatsApp: [], sms: 1 });
    const owner = (await adminCookie("owner")).cookie;
    expect(await dashboardNotices(`${owner}; lang=en`)).toEqual(["WhatsApp template order_confirmed (Arabic) is moved to the Marketing category: its messages go by SMS or e-mail."]);
    expect(await dashboardNotices(`${owner}; lang=ar`)).toEqual(["قالب واتساب order_confirmed (العربية) نُقل إلى فئة التسويق: رسائله تُرسل برسالة نصية أو بالبريد الإلكتروني."]);

    // APPROVED alone does not undo the move: the category must be UTILITY again.
    await signedPost(templateStatusBody({ name: "order_confirmed", language: "ar", event: "APPROVED", category: "MARKETING" }));
    expect(await paidOrderGoesBy("ar")).toEqual({ whatsApp: [], sms: 1 });
    await signedPost(templateCategoryBody({ name: "order_confirmed", language: "ar", previous: "MARKETING", newCategory: "UTILITY" }));
    expect(await paidOrderGoesBy("ar")).toEqual({ whatsApp: ["order_confirmed/ar"], sms: 0 });
  });
});
