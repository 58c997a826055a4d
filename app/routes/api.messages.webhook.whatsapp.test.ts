import crypto from "node:crypto";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { WhatsAppStatus } from "~/messages/whatsapp.server";
import { runChecked } from "../../tests/support/openapi-conformance";

const APP_SECRET = "0123456789abcdef0123456789abcdef";
const URL_BASE = "https://shop.example/api/messages/webhook/whatsapp";

// getEnv() reads process.env once per module graph: the variables are in place before the route is imported.
process.env.WHATSAPP_TOKEN = "EAAG-test-token-0123456789";
process.env.WHATSAPP_PHONE_NUMBER_ID = "106540352242922";
process.env.WHATSAPP_APP_SECRET = APP_SECRET;
process.env.WHATSAPP_VERIFY_TOKEN = "verify-me-please";

const recorded: WhatsAppStatus[][] = [];
vi.mock("~/messages/whatsapp-status.server", () => ({
  recordWhatsAppStatuses: (statuses: WhatsAppStatus[]) => {
    recorded.push(statuses);
    return Promise.resolve();
  },
}));

let route: typeof import("./api.messages.webhook.whatsapp");
beforeAll(async () => {
  route = await import("./api.messages.webhook.whatsapp");
});
afterEach(() => {
  recorded.length = 0;
});

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
              { id: "wamid.X", status: "read", timestamp: "1700000300", recipient_id: "96560001234" },
              { id: "wamid.X", status: "delivered", timestamp: "1700000200", recipient_id: "96560001234" },
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
  it("hands a signed body's statuses to the outbox, oldest first", async () => {
    const response = await post(body, signature(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: 2 });
    expect(recorded).toHaveLength(1);
    expect(recorded[0].map((status) => [status.providerId, status.status])).toEqual([
      ["wamid.X", "delivered"],
      ["wamid.X", "read"],
    ]);
  });

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
    expect(recorded).toEqual([]);
  });

  it("acknowledges a signed body without statuses (an incoming message) and refuses signed garbage", async () => {
    const incoming = JSON.stringify({ object: "whatsapp_business_account", entry: [{ changes: [{ value: { messages: [{ id: "wamid.IN", type: "text" }] } }] }] });
    const response = await post(incoming, signature(incoming));
    expect(await response.json()).toEqual({ received: 0 });
    expect((await post("not json", signature("not json"))).status).toBe(400);
    expect(recorded).toEqual([]);
  });
});
