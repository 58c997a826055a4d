/**
 * A local stand-in for the WhatsApp Cloud API (Graph API) and its status webhooks, for the WhatsApp client's tests
 * and for Playwright. Written from Meta's documentation, separately from app/messages/whatsapp.server.ts (its
 * signature above all), so that a misreading in one shows up as a failure against the other.
 *
 * Follows these pages of Meta's documentation:
 * - https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages: POST /{version}/{phone-number-id}/messages
 *   with a Bearer token; `messaging_product: "whatsapp"`, `recipient_type`, `to`, `type: "template"`, `template.name`,
 *   `template.language.code`, `template.components[{ type: "body", parameters: [{ type: "text", text }] }]`; the
 *   answer `{ messaging_product, contacts: [{ input, wa_id }], messages: [{ id: "wamid.…", message_status }] }`
 * - https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes and
 *   https://developers.facebook.com/docs/graph-api/guides/error-handling: `{ error: { message, type, code,
 *   error_data: { messaging_product, details }, fbtrace_id } }`; 190 bad token, 100 invalid parameter, 131008 missing
 *   parameter, 131009 bad value, 132000 parameter count, 132001 no such template, 131026 undeliverable, 130429 rate
 * - https://developers.facebook.com/docs/graph-api/webhooks/getting-started: the signed POST (`X-Hub-Signature-256:
 *   sha256=` and the hex HMAC-SHA256 of the body with the app secret) and the GET handshake (`hub.mode`,
 *   `hub.verify_token`, `hub.challenge`)
 * - https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/messages/status:
 *   `object: "whatsapp_business_account"`, `entry[].changes[].value.statuses[]` with `id`, `status`, `timestamp`
 *   (seconds, as a string), `recipient_id`, `conversation`, `pricing`, and `errors[]` on a failed one; `field: "messages"`
 * - https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/message_template_status_update:
 *   `entry[].changes[]` with `field: "message_template_status_update"` and `value { event, message_template_id (a
 *   number), message_template_name, message_template_language, reason, message_template_category }`, plus
 *   `disable_info { disable_date }` when a template is disabled
 * - https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/template_category_update:
 *   `field: "template_category_update"`, `value { message_template_id, message_template_name, message_template_language }`
 *   and either `previous_category` + `new_category` (a change done) or `correct_category` + `new_category` (the current
 *   one) + `category_update_timestamp` (a change announced)
 *
 * Not documented, so chosen here: the HTTP status of each error (400, 401 for a token), the fake's wamid shape, that
 * a bad phone number id is code 100, and that a template's parameter count is only checked when the test names it.
 *
 * Run alone (`tsx tests/fakes/whatsapp.ts`) it reads PORT, WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and
 * WHATSAPP_APP_SECRET (WHATSAPP_WEBHOOK_URL optionally), prints `listening <url>`, and adds `POST /__control` and
 * `GET /__state` for tests that drive it from another process.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

export type StatusName = "sent" | "delivered" | "read" | "failed";

export type FakeWhatsAppMessage = {
  id: string;
  to: string;
  template: string;
  language: string;
  parameters: string[];
  /** The statuses the fake has posted for it, in order. */
  statuses: StatusName[];
};

export type FakeCall = { method: string; path: string; body: unknown; status: number };

export type WebhookDelivery = { messageId: string; status: StatusName; signature: "good" | "wrong" | "missing"; answer?: number; error?: string };

/**
 * How the next sends fail: an HTTP 5xx, or a Graph error code (131026, 130429, …) answered with HTTP 400. With `to`
 * (digits with the country code) only a send to that number takes the failure: a test's worker database may hold
 * other files' messages, which a drain sends first.
 */
export type Failure = ({ status: number } | { code: number }) & { to?: string };

export type FakeWhatsApp = {
  url: string;
  close(): Promise<void>;
  /** The next `count` sends fail this way (nothing is recorded as sent). */
  failNext(count: number, failure: Failure): void;
  /** Numbers (965…) that are not on WhatsApp: accepted, then reported `failed` with 131026, as Meta does. */
  undeliverable: Set<string>;
  /** Where status webhooks go; set before auto statuses or sendStatus. */
  setWebhookUrl(url: string): void;
  /** Statuses posted by themselves after each accepted send, in this order (default none). */
  setAutoStatuses(statuses: StatusName[]): void;
  setDelay(ms: number): void;
  /** Posts one status event for a message, signed (or not) like Meta. */
  sendStatus(messageId: string, status: StatusName, options?: { signature?: "wrong" | "missing"; at?: Date; errorCode?: number }): Promise<{ status: number }>;
  /** Posts a body of several status events at once (as Meta batches them), in the order given. */
  sendStatuses(events: Array<{ messageId: string; status: StatusName; at?: Date; errorCode?: number }>): Promise<{ status: number }>;
  /** Meta's GET handshake against `url` with the given token; answers the shop's status and body. */
  verify(url: string, verifyToken: string): Promise<{ status: number; body: string; challenge: string }>;
  messages: Map<string, FakeWhatsAppMessage>;
  calls: FakeCall[];
  webhooks: WebhookDelivery[];
  webhooksSettled(): Promise<void>;
};

type StartOptions = {
  token: string;
  phoneNumberId: string;
  appSecret: string;
  /** Templates and how many body parameters each takes; unnamed templates are refused with 132001. */
  templates?: Record<string, number | null>;
  webhookUrl?: string;
  port?: number;
  host?: string;
  controlRoutes?: boolean;
};

const DEFAULT_TEMPLATES: Record<string, number | null> = { order_confirmed: null, order_status: null, refund_issued: null, return_update: null, owner_new_order: 4, review_invite: 2 };
const LANGUAGES = new Set(["ar", "en"]);
const WABA_ID = "102290129340398";
const DISPLAY_NUMBER = "96522200000";
const MAX_BODY_BYTES = 1_000_000;

const ERROR_TITLES: Record<number, string> = {
  100: "Invalid parameter",
  190: "Invalid OAuth access token - Cannot parse access token",
  130429: "Rate limit hit",
  131000: "Something went wrong",
  131008: "Required parameter is missing",
  131009: "Parameter value is not valid",
  131026: "Message undeliverable",
  131047: "Re-engagement message",
  131051: "Unsupported message type",
  132000: "Number of parameters does not match the expected number of params",
  132001: "Template name does not exist in the translation",
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function graphError(code: number, details: string) {
  const title = ERROR_TITLES[code] ?? "Error";
  return {
    error: {
      message: `(#${code}) ${title}`,
      type: "OAuthException",
      code,
      error_data: { messaging_product: "whatsapp", details },
      fbtrace_id: crypto.randomBytes(9).toString("base64url"),
    },
  };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

export function signWhatsApp(body: string, appSecret: string): string {
  return `sha256=${crypto.createHmac("sha256", appSecret).update(body).digest("hex")}`;
}

function wamid(): string {
  return `wamid.${Buffer.from(`HBgLOTY1${crypto.randomBytes(18).toString("hex").toUpperCase()}`).toString("base64")}`;
}

/** One change of a template webhook body, in the envelope Meta wraps every WhatsApp Business Account event in. */
function templateChangeBody(field: string, value: Record<string, unknown>): string {
  return JSON.stringify({
    object: "whatsapp_business_account",
    entry: [{ id: WABA_ID, time: Math.floor(Date.now() / 1000), changes: [{ field, value }] }],
  });
}

let templateIds = 1_000_000_000_000;

/** A `message_template_status_update` body: Meta's `event` (APPROVED, PAUSED, DISABLED, …) for one template. */
export function templateStatusBody(template: { name: string; language: string; event: string; reason?: string; category?: string }): string {
  templateIds += 1;
  return templateChangeBody("message_template_status_update", {
    event: template.event,
    message_template_id: templateIds,
    message_template_name: template.name,
    message_template_language: template.language,
    reason: template.reason ?? "NONE",
    message_template_category: template.category ?? "UTILITY",
    ...(template.event === "DISABLED" ? { disable_info: { disable_date: String(Math.floor(Date.now() / 1000)) } } : {}),
  });
}

/** A `template_category_update` body: a change done (`previous`), or one announced for later (`impending`). */
export function templateCategoryBody(template: { name: string; language: string; newCategory: string; previous?: string; impending?: { correctCategory: string; at: Date } }): string {
  templateIds += 1;
  const common = { message_template_id: templateIds, message_template_name: template.name, message_template_language: template.language };
  if (template.impending) {
    return templateChangeBody("template_category_update", {
      ...common,
      correct_category: template.impending.correctCategory,
      new_category: template.newCategory,
      category_update_timestamp: Math.floor(template.impending.at.getTime() / 1000),
    });
  }
  return templateChangeBody("template_category_update", { ...common, previous_category: template.previous ?? "UTILITY", new_category: template.newCategory });
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, graphError(100, "Request too large"));
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

export async function startFakeWhatsApp(options: StartOptions): Promise<FakeWhatsApp> {
  const templates = options.templates ?? DEFAULT_TEMPLATES;
  const messages = new Map<string, FakeWhatsAppMessage>();
  const calls: FakeCall[] = [];
  const webhooks: WebhookDelivery[] = [];
  const undeliverable = new Set<string>();
  const deliveries = new Set<Promise<void>>();
  let failures: Failure[] = [];
  let autoStatuses: StatusName[] = [];
  let webhookUrl = options.webhookUrl ?? "";
  let delayMs = 0;

  function statusEvent(messageId: string, status: StatusName, at: Date, errorCode?: number) {
    const message = messages.get(messageId);
    const recipient = message?.to ?? "96500000000";
    const event: Record<string, unknown> = { id: messageId, status, timestamp: String(Math.floor(at.getTime() / 1000)), recipient_id: recipient };
    if (status === "failed") {
      const code = errorCode ?? 131026;
      event.errors = [{ code, title: ERROR_TITLES[code] ?? "Error", message: ERROR_TITLES[code] ?? "Error", error_data: { details: "Message failed to send because the recipient cannot receive it." }, href: "https://developers.facebook.com/docs/whatsapp/cloud-api/support/error-codes/" }];
    } else {
      event.conversation = { id: crypto.randomBytes(16).toString("hex"), ...(status === "sent" ? { expiration_timestamp: String(Math.floor(at.getTime() / 1000) + 86_400) } : {}), origin: { type: "utility" } };
      event.pricing = { billable: true, pricing_model: "PMP", category: "utility" };
    }
    return event;
  }

  async function postStatuses(events: Array<{ messageId: string; status: StatusName; at?: Date; errorCode?: number }>, signature?: "wrong" | "missing"): Promise<{ status: number }> {
    if (!webhookUrl) throw new Error("No webhook URL: call setWebhookUrl first");
    const body = JSON.stringify({
      object: "whatsapp_business_account",
      entry: [
        {
          id: WABA_ID,
          changes: [
            {
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: DISPLAY_NUMBER, phone_number_id: options.phoneNumberId },
                statuses: events.map((event) => statusEvent(event.messageId, event.status, event.at ?? new Date(), event.errorCode)),
              },
              field: "messages",
            },
          ],
        },
      ],
    });
    const headers: Record<string, string> = { "Content-Type": "application/json", "User-Agent": "facebookexternalua" };
    if (signature !== "missing") headers["X-Hub-Signature-256"] = signWhatsApp(body, signature === "wrong" ? `${options.appSecret}-not-it` : options.appSecret);
    const response = await fetch(webhookUrl, { method: "POST", headers, body, signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    for (const event of events) {
      webhooks.push({ messageId: event.messageId, status: event.status, signature: signature ?? "good", answer: response.status });
      if (response.ok && !signature) messages.get(event.messageId)?.statuses.push(event.status);
    }
    return { status: response.status };
  }

  function inBackground(messageId: string, statuses: StatusName[]) {
    const sending = (async () => {
      for (const status of statuses) {
        try {
          await postStatuses([{ messageId, status }]);
        } catch (error) {
          webhooks.push({ messageId, status, signature: "good", error: error instanceof Error ? error.message : String(error) });
          return;
        }
      }
    })();
    deliveries.add(sending);
    void sending.finally(() => deliveries.delete(sending));
  }

  function checkMessage(json: Record<string, unknown>): { to: string; template: string; language: string; parameters: string[] } {
    if (json.messaging_product !== "whatsapp") throw new HttpError(400, graphError(100, "The parameter messaging_product is required."));
    if (json.recipient_type !== undefined && json.recipient_type !== "individual") throw new HttpError(400, graphError(100, "recipient_type must be individual"));
    if (typeof json.to !== "string" || !json.to) throw new HttpError(400, graphError(131008, "The parameter to is required."));
    if (!/^\d{8,15}$/.test(json.to)) throw new HttpError(400, graphError(100, "Invalid parameter: to must be a phone number with its country code"));
    if (json.type !== "template") throw new HttpError(400, graphError(131051, "Only template messages may start a conversation in this fake"));
    const template = isRecord(json.template) ? json.template : null;
    if (!template) throw new HttpError(400, graphError(131008, "The parameter template is required."));
    if (typeof template.name !== "string" || !Object.hasOwn(templates, template.name)) {
      throw new HttpError(400, graphError(132001, `template name (${String(template.name)}) does not exist in the translation`));
    }
    const code = isRecord(template.language) ? template.language.code : undefined;
    if (typeof code !== "string" || !LANGUAGES.has(code)) throw new HttpError(400, graphError(132001, `template name (${template.name}) does not exist in ${String(code)}`));
    const components = Array.isArray(template.components) ? (template.components as unknown[]) : [];
    const parameters: string[] = [];
    for (const component of components) {
      if (!isRecord(component) || component.type !== "body") throw new HttpError(400, graphError(100, "Only a body component is expected"));
      const list = Array.isArray(component.parameters) ? (component.parameters as unknown[]) : null;
      if (!list) throw new HttpError(400, graphError(131008, "The parameter components[0].parameters is required."));
      for (const parameter of list) {
        if (!isRecord(parameter) || parameter.type !== "text") throw new HttpError(400, graphError(131009, "parameters[].type must be text"));
        if (typeof parameter.text !== "string" || !parameter.text.trim()) throw new HttpError(400, graphError(131008, "parameters[].text is required"));
        if (/[\n\t]| {5,}/.test(parameter.text)) throw new HttpError(400, graphError(131009, "Param text cannot have new-line/tab characters or more than 4 consecutive spaces"));
        parameters.push(parameter.text);
      }
    }
    const expected = templates[template.name];
    if (typeof expected === "number" && expected !== parameters.length) {
      throw new HttpError(400, graphError(132000, `body: number of localizable_params (${parameters.length}) does not match the expected number of params (${expected})`));
    }
    return { to: json.to, template: template.name, language: code, parameters };
  }

  async function handleSend(req: http.IncomingMessage, res: http.ServerResponse, phoneNumberId: string, path: string): Promise<void> {
    const raw = await readBody(req);
    let parsed: unknown = raw;
    try {
      parsed = JSON.parse(raw) as unknown;
    } catch {
      // kept as text: answered below with code 100
    }
    let status = 500;
    try {
      status = await answerSend(req, res, phoneNumberId, raw);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      status = reply(res, error.status, error.body);
    }
    calls.push({ method: "POST", path, body: parsed, status });
  }

  /** The first failure waiting for this send: one for any number, or one for the number the body names. */
  function takeFailure(raw: string): Failure | undefined {
    let to = "";
    try {
      const body: unknown = JSON.parse(raw);
      if (isRecord(body) && typeof body.to === "string") to = body.to;
    } catch {
      // A body that is not JSON takes only a failure for any number; the send itself answers the bad body.
    }
    const at = failures.findIndex((failure) => failure.to === undefined || failure.to === to);
    return at === -1 ? undefined : failures.splice(at, 1)[0];
  }

  async function answerSend(req: http.IncomingMessage, res: http.ServerResponse, phoneNumberId: string, raw: string): Promise<number> {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (req.headers.authorization !== `Bearer ${options.token}`) return reply(res, 401, graphError(190, "Invalid OAuth access token"));
    if (phoneNumberId !== options.phoneNumberId) {
      return reply(res, 400, graphError(100, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`));
    }
    const failure = takeFailure(raw);
    if (failure && "status" in failure) return reply(res, failure.status, graphError(131000, "Something went wrong"));
    if (failure) return reply(res, failure.code === 130429 ? 429 : 400, graphError(failure.code, ERROR_TITLES[failure.code] ?? "Error"));
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return reply(res, 400, graphError(100, "The request body is not valid JSON"));
    }
    if (!isRecord(json)) return reply(res, 400, graphError(100, "The request body must be an object"));
    const checked = checkMessage(json);
    const id = wamid();
    messages.set(id, { id, ...checked, statuses: [] });
    if (undeliverable.has(checked.to) && webhookUrl) inBackground(id, ["failed"]);
    else if (autoStatuses.length > 0 && webhookUrl) inBackground(id, autoStatuses);
    return reply(res, 200, { messaging_product: "whatsapp", contacts: [{ input: checked.to, wa_id: checked.to }], messages: [{ id, message_status: "accepted" }] });
  }

  function reply(res: http.ServerResponse, status: number, body: unknown): number {
    sendJson(res, status, body);
    return status;
  }

  async function verify(url: string, verifyToken: string) {
    const challenge = String(crypto.randomInt(1_000_000_000));
    const target = new URL(url);
    target.searchParams.set("hub.mode", "subscribe");
    target.searchParams.set("hub.verify_token", verifyToken);
    target.searchParams.set("hub.challenge", challenge);
    const response = await fetch(target);
    return { status: response.status, body: await response.text(), challenge };
  }

  async function handleControl(req: http.IncomingMessage, res: http.ServerResponse) {
    const control = JSON.parse((await readBody(req)) || "{}") as Record<string, unknown>;
    if (isRecord(control.failNext)) {
      const count = Number(control.failNext.count ?? 1);
      const failure: Failure = typeof control.failNext.code === "number" ? { code: control.failNext.code } : { status: Number(control.failNext.status ?? 500) };
      api.failNext(count, failure);
    }
    if (typeof control.webhookUrl === "string") webhookUrl = control.webhookUrl;
    if (Array.isArray(control.autoStatuses)) autoStatuses = control.autoStatuses as StatusName[];
    if (Array.isArray(control.undeliverable)) for (const number of control.undeliverable) undeliverable.add(String(number));
    if (typeof control.delayMs === "number") delayMs = Math.max(0, control.delayMs);
    if (isRecord(control.sendStatus) && typeof control.sendStatus.messageId === "string") {
      const { messageId, status, signature, errorCode } = control.sendStatus;
      const sent = await api.sendStatus(messageId, status as StatusName, {
        signature: signature === "wrong" || signature === "missing" ? signature : undefined,
        errorCode: typeof errorCode === "number" ? errorCode : undefined,
      });
      return sendJson(res, 200, { ok: true, webhookStatus: sent.status });
    }
    return sendJson(res, 200, { ok: true });
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fake.invalid").pathname;
    const send = /^\/v\d+\.\d+\/([^/]+)\/messages\/?$/.exec(path);
    let handling: Promise<unknown>;
    if (req.method === "POST" && send) {
      handling = handleSend(req, res, decodeURIComponent(send[1]), path);
    } else if (options.controlRoutes && req.method === "POST" && path === "/__control") handling = handleControl(req, res);
    else if (options.controlRoutes && req.method === "GET" && path === "/__state") {
      handling = Promise.resolve(sendJson(res, 200, { messages: [...messages.values()], calls, webhooks }));
    } else handling = Promise.resolve(sendJson(res, 400, graphError(100, `Unknown path components: ${path}`)));
    handling.catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      sendJson(res, 500, graphError(1, error instanceof Error ? error.message : "An unknown error occurred"));
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;

  const api: FakeWhatsApp = {
    url: `http://${address.address}:${address.port}`,
    messages,
    calls,
    webhooks,
    undeliverable,
    failNext(count, failure) {
      failures = [...failures, ...Array.from({ length: Math.max(0, count) }, () => failure)];
    },
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    setAutoStatuses(statuses) {
      autoStatuses = [...statuses];
    },
    setDelay(ms) {
      delayMs = Math.max(0, ms);
    },
    sendStatus(messageId, status, opts = {}) {
      return postStatuses([{ messageId, status, at: opts.at, errorCode: opts.errorCode }], opts.signature);
    },
    sendStatuses(events) {
      return postStatuses(events);
    },
    verify,
    async webhooksSettled() {
      while (deliveries.size > 0) await Promise.all(deliveries);
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
  return api;
}

async function main() {
  const { WHATSAPP_TOKEN: token, WHATSAPP_PHONE_NUMBER_ID: phoneNumberId, WHATSAPP_APP_SECRET: appSecret } = process.env;
  if (!token || !phoneNumberId || !appSecret) throw new Error("WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_APP_SECRET are required");
  const port = Number(process.env.PORT ?? 0);
  if (!Number.isInteger(port) || port < 0) throw new Error("PORT must be a port number");
  const fake = await startFakeWhatsApp({ token, phoneNumberId, appSecret, port, controlRoutes: true, webhookUrl: process.env.WHATSAPP_WEBHOOK_URL });
  process.stdout.write(`listening ${fake.url}\n`);
  const stop = () => {
    fake.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
