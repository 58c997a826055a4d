import crypto from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createOrder } from "../../tests/factories/order";
import { runChecked } from "../../tests/support/openapi-conformance";

const APP_SECRET = "0123456789abcdef0123456789abcdef";
const URL_BASE = "https://shop.example/api/messages/webhook/whatsapp";

// getEnv() reads process.env once per module graph: the variables are in place before the route is imported.
process.env.WHATSAPP_TOKEN = "EAAG-test-token-0123456789";
process.env.WHATSAPP_PHONE_NUMBER_ID = "106540352242922";
process.env.WHATSAPP_APP_SECRET = APP_SECRET;
process.env.WHATSAPP_VERIFY_TOKEN = "verify-me-please";

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
