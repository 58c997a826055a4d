import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeWhatsApp, type FakeWhatsApp } from "../../tests/fakes/whatsapp";
import { parseWhatsAppStatuses, sendWhatsAppTemplate, verificationChallenge, verifyWhatsAppSignature, whatsAppConfigured, type WhatsAppConfig } from "./whatsapp.server";

const TOKEN = "EAAG-test-token-0123456789";
const PHONE_NUMBER_ID = "106540352242922";
const APP_SECRET = "0123456789abcdef0123456789abcdef";

let fake: FakeWhatsApp;
let config: WhatsAppConfig;

beforeAll(async () => {
  fake = await startFakeWhatsApp({ token: TOKEN, phoneNumberId: PHONE_NUMBER_ID, appSecret: APP_SECRET });
  config = { token: TOKEN, phoneNumberId: PHONE_NUMBER_ID, appSecret: APP_SECRET, verifyToken: "verify-me-please", baseUrl: fake.url, apiVersion: "v25.0", timeoutMs: 2_000 };
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.calls.length = 0;
  fake.messages.clear();
});

const paid = { to: "+965 6000 1234", template: "order_confirmed" as const, language: "ar" as const, parameters: ["ORD-1234567890", "12.500 د.ك"] };

describe("sendWhatsAppTemplate", () => {
  it("sends the template to 965 and the 8 digits, in the order's language, and keeps the wamid", async () => {
    const outcome = await sendWhatsAppTemplate(config, paid);
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.providerId).toMatch(/^wamid\./);
    expect(fake.calls[0].path).toBe(`/v25.0/${PHONE_NUMBER_ID}/messages`);
    expect(fake.calls[0].body).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: "96560001234",
      type: "template",
      template: {
        name: "order_confirmed",
        language: { code: "ar" },
        components: [{ type: "body", parameters: [{ type: "text", text: "ORD-1234567890" }, { type: "text", text: "12.500 د.ك" }] }],
      },
    });
    expect(fake.messages.get(outcome.providerId)).toMatchObject({ to: "96560001234", language: "ar", template: "order_confirmed" });
  });

  it("takes the number in any form a shopper types it, and English", async () => {
    for (const to of ["60001234", "0096560001234", "٦٠٠٠١٢٣٤"]) {
      expect((await sendWhatsAppTemplate(config, { ...paid, to, language: "en" })).ok).toBe(true);
    }
    expect([...fake.messages.values()].map((message) => [message.to, message.language])).toEqual(Array.from({ length: 3 }, () => ["96560001234", "en"]));
  });

  it("refuses a number that is not Kuwaiti without calling Meta", async () => {
    expect(await sendWhatsAppTemplate(config, { ...paid, to: "+44 20 7946 0958" })).toEqual({ ok: false, retry: false, reason: "Not a Kuwaiti phone number" });
    expect(fake.calls).toHaveLength(0);
  });

  it("retries a 5xx, a rate limit and an unreachable server", async () => {
    fake.failNext(1, { status: 503 });
    expect(await sendWhatsAppTemplate(config, paid)).toMatchObject({ ok: false, retry: true });
    fake.failNext(1, { code: 130429 });
    expect(await sendWhatsAppTemplate(config, paid)).toMatchObject({ ok: false, retry: true });
    fake.failNext(1, { code: 131000 });
    expect(await sendWhatsAppTemplate(config, paid)).toMatchObject({ ok: false, retry: true, reason: expect.stringContaining("131000") });
    expect(await sendWhatsAppTemplate({ ...config, baseUrl: "http://127.0.0.1:9" }, paid)).toEqual({ ok: false, retry: true, reason: "WhatsApp: unreachable" });
    expect((await sendWhatsAppTemplate(config, paid)).ok).toBe(true);
  });

  it.each([131026, 131047, 131051, 100, 131009, 132001])("does not retry code %i: the sender falls back to SMS", async (code) => {
    fake.failNext(1, { code });
    const outcome = await sendWhatsAppTemplate(config, paid);
    expect(outcome).toMatchObject({ ok: false, retry: false, reason: expect.stringContaining(String(code)) });
  });

  it("reads Meta's own refusals: a wrong token, a wrong number id, an unknown template", async () => {
    expect(await sendWhatsAppTemplate({ ...config, token: "EAAG-wrong" }, paid)).toMatchObject({ ok: false, retry: false, reason: expect.stringContaining("190") });
    expect(await sendWhatsAppTemplate({ ...config, phoneNumberId: "999" }, paid)).toMatchObject({ ok: false, retry: false, reason: expect.stringContaining("100") });
    expect(await sendWhatsAppTemplate(config, { ...paid, template: "order_shipped" as never })).toMatchObject({ ok: false, retry: false, reason: expect.stringContaining("132001") });
  });

  it("never puts the token or the shopper's number in a reason", async () => {
    const outcome = await sendWhatsAppTemplate({ ...config, phoneNumberId: "96560001234" }, paid);
    expect(JSON.stringify(outcome)).not.toContain("96560001234");
    expect(JSON.stringify(outcome)).not.toContain(TOKEN);
  });

  it("is on only with the whole configuration", () => {
    expect(whatsAppConfigured({ whatsApp: null })).toBe(false);
    expect(whatsAppConfigured({ whatsApp: config })).toBe(true);
  });
});

describe("verifyWhatsAppSignature", () => {
  const body = JSON.stringify({ object: "whatsapp_business_account", entry: [] });
  const sign = (text: string, secret = APP_SECRET) => `sha256=${crypto.createHmac("sha256", secret).update(text).digest("hex")}`;

  it("accepts Meta's signature of the raw body, as text or bytes", () => {
    expect(verifyWhatsAppSignature(body, sign(body), APP_SECRET)).toBe(true);
    expect(verifyWhatsAppSignature(Buffer.from(body), sign(body).toUpperCase().replace("SHA256=", "sha256="), APP_SECRET)).toBe(true);
  });

  it("refuses a wrong, missing, malformed or foreign signature and a tampered body", () => {
    expect(verifyWhatsAppSignature(body, sign(body, "another-secret-0123456789"), APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, null, APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, "", APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, sign(body).replace("sha256=", "sha1="), APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, sign(body).slice(0, -2), APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(`${body} `, sign(body), APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body.replace("[]", "[{}]"), sign(body), APP_SECRET)).toBe(false);
    expect(verifyWhatsAppSignature(body, sign(body, ""), "")).toBe(false);
  });
});

describe("verificationChallenge", () => {
  const url = (query: string) => `https://shop.example/api/messages/webhook/whatsapp?${query}`;

  it("answers the challenge for subscribe with our token, else null", () => {
    expect(verificationChallenge(url("hub.mode=subscribe&hub.verify_token=verify-me-please&hub.challenge=1158201444"), "verify-me-please")).toBe("1158201444");
    expect(verificationChallenge(url("hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1"), "verify-me-please")).toBeNull();
    expect(verificationChallenge(url("hub.mode=unsubscribe&hub.verify_token=verify-me-please&hub.challenge=1"), "verify-me-please")).toBeNull();
    expect(verificationChallenge(url("hub.mode=subscribe&hub.verify_token=verify-me-please"), "verify-me-please")).toBeNull();
    expect(verificationChallenge(url("hub.mode=subscribe&hub.verify_token=&hub.challenge=1"), "")).toBeNull();
  });
});

describe("parseWhatsAppStatuses", () => {
  const webhook = (statuses: unknown[], messages: unknown[] = []) => ({
    object: "whatsapp_business_account",
    entry: [{ id: "102290129340398", changes: [{ value: { messaging_product: "whatsapp", metadata: { phone_number_id: PHONE_NUMBER_ID }, statuses, messages }, field: "messages" }] }],
  });

  it("reads each status, oldest first, when Meta posts them out of order", () => {
    const body = webhook([
      { id: "wamid.A", status: "read", timestamp: "1700000300", recipient_id: "96560001234" },
      { id: "wamid.A", status: "sent", timestamp: "1700000100", recipient_id: "96560001234" },
      { id: "wamid.A", status: "delivered", timestamp: "1700000200", recipient_id: "96560001234" },
    ]);
    expect(parseWhatsAppStatuses(body)).toEqual([
      { providerId: "wamid.A", status: "sent", at: new Date(1_700_000_100_000) },
      { providerId: "wamid.A", status: "delivered", at: new Date(1_700_000_200_000) },
      { providerId: "wamid.A", status: "read", at: new Date(1_700_000_300_000) },
    ]);
  });

  it("keeps a failure's code, title and details as its reason, without the number", () => {
    const body = webhook([
      {
        id: "wamid.B",
        status: "failed",
        timestamp: "1700000100",
        recipient_id: "96560001234",
        errors: [{ code: 131026, title: "Message undeliverable", error_data: { details: "Recipient 96560001234 cannot receive" } }],
      },
    ]);
    expect(parseWhatsAppStatuses(body)).toEqual([{ providerId: "wamid.B", status: "failed", at: new Date(1_700_000_100_000), reason: "131026 Message undeliverable: Recipient … cannot receive" }]);
  });

  it("ignores incoming messages, unknown statuses and garbage", () => {
    const body = webhook(
      [{ id: "wamid.C", status: "deleted", timestamp: "1700000100" }, { status: "sent", timestamp: "1" }, { id: "wamid.D", status: "sent", timestamp: "soon" }],
      [{ from: "96560001234", id: "wamid.IN", timestamp: "1700000100", type: "text", text: { body: "where is my order?" } }],
    );
    expect(parseWhatsAppStatuses(body)).toEqual([]);
    for (const garbage of [null, "text", 42, [], {}, { entry: "x" }, { entry: [{ changes: [null, { value: [] }] }] }]) expect(parseWhatsAppStatuses(garbage)).toEqual([]);
  });

  it("reads the fake's signed webhook, the payload Meta documents", async () => {
    const bodies: { raw: string; signature: string | null }[] = [];
    const http = await import("node:http");
    const inbox = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      req.on("end", () => {
        bodies.push({ raw, signature: req.headers["x-hub-signature-256"] as string | null });
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => inbox.listen(0, "127.0.0.1", resolve));
    try {
      fake.setWebhookUrl(`http://127.0.0.1:${(inbox.address() as { port: number }).port}/hook`);
      const sent = await sendWhatsAppTemplate(config, paid);
      if (!sent.ok) throw new Error(sent.reason);
      await fake.sendStatuses([
        { messageId: sent.providerId, status: "read", at: new Date(1_700_000_300_000) },
        { messageId: sent.providerId, status: "delivered", at: new Date(1_700_000_200_000) },
      ]);
      await fake.sendStatus(sent.providerId, "failed", { signature: "wrong", errorCode: 131047 });
      expect(verifyWhatsAppSignature(bodies[0].raw, bodies[0].signature, APP_SECRET)).toBe(true);
      expect(parseWhatsAppStatuses(JSON.parse(bodies[0].raw)).map((status) => status.status)).toEqual(["delivered", "read"]);
      expect(verifyWhatsAppSignature(bodies[1].raw, bodies[1].signature, APP_SECRET)).toBe(false);
      expect(parseWhatsAppStatuses(JSON.parse(bodies[1].raw))[0].reason).toMatch(/^131047 /);
    } finally {
      inbox.close();
    }
  });
});
