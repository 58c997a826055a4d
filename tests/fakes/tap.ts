/**
 * A local stand-in for Tap's API v2 and its hosted payment page, for the Tap client's tests and for Playwright.
 * It is written from the documentation, separately from app/payments/tap.server.ts (its webhook signature above
 * all), so that a misreading in one shows up as a failure against the other.
 *
 * Follows these pages of Tap's documentation:
 * - https://developers.tap.company/reference/charges: the charge request and response, statuses, source ids
 * - https://developers.tap.company/docs/redirect: the redirect back with `tap_id`
 * - https://developers.tap.company/docs/refunds and https://developers.tap.company/reference/create-a-refund
 * - https://developers.tap.company/reference/list-all-refunds: POST /v2/refunds/list with `charges`, `refunds`,
 *   `limit` (default 25, at most 50) and `starting_after`, most recent first. The page shows no response; the fake
 *   answers a list object with `refunds` and `has_more`, the shape of Tap's other lists.
 * - https://developers.tap.company/reference/charge-response-codes: error codes and `{ errors: [{ code, description }] }`
 * - https://developers.tap.company/docs/webhook: the posted charge and its `hashstring` header
 *
 * Not documented, so chosen here: the HTTP status of each error (the codes page lists codes, not which status
 * carries them), the shape of the hosted page (Tap's is its own), and that a refund is REFUNDED at once.
 *
 * Run alone (`tsx tests/fakes/tap.ts`) it reads PORT and TAP_SECRET_KEY, prints `listening <url>`, and adds
 * `POST /__control` and `GET /__state` for tests that drive it from another process.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

/**
 * How the next /v2 request goes wrong. "drop" and "hang" do the work first (a refund is made) and then lose the
 * answer: "drop" cuts the connection, "hang" never answers, so the client times out.
 */
export type FailKind = "500" | "malformed" | "refuse" | "drop" | "hang";

export type FakeCall = { method: string; path: string; headers: Record<string, string>; body: unknown };

export type FakeRefund = {
  id: string;
  object: "refund";
  api_version: "V2";
  live_mode: false;
  amount: number;
  currency: string;
  charge_id: string;
  created: string;
  status: "REFUNDED";
  reason: string;
  reference: { merchant?: string; gateway: string; payment: string };
  response: { code: string; message: string };
  metadata: Record<string, unknown>;
  post?: { url: string };
};

export type FakeCharge = {
  id: string;
  object: "charge";
  live_mode: false;
  api_version: "V2";
  customer_initiated: boolean;
  status: "INITIATED" | "CAPTURED" | "DECLINED" | "CANCELLED";
  amount: number;
  currency: string;
  threeDSecure: boolean;
  save_card: boolean;
  description: string;
  metadata: Record<string, unknown>;
  transaction: { timezone: string; created: string; url: string; expiry: { period: number; type: string }; asynchronous: false; amount: number; currency: string };
  reference: { track: string; transaction?: string; order?: string; gateway?: string; payment?: string };
  response: { code: string; message: string };
  receipt: { email: boolean; sms: boolean };
  customer: Record<string, unknown>;
  source: { object: "source"; id: string; payment_method?: string };
  redirect: { status: string; url: string };
  post?: { status: string; url: string };
  /** Only what Tap itself shows of a card: never the whole number. */
  card?: { object: "card"; first_six: string; last_four: string; brand: string; scheme: string };
};

export type FakeChargeRecord = {
  charge: FakeCharge;
  /** The amount in fils, so that refunds add up without floating point. */
  amountFils: number;
  refunds: FakeRefund[];
  refundedFils: number;
};

export type WebhookDelivery = { objectId: string; url: string; status?: number; error?: string };

/** A refund request kept waiting by `holdNextRefund`. */
export type RefundHold = { arrived: Promise<void>; release(): void };

export type FakeTap = {
  /** The base URL, without /v2, as the client's `baseUrl`. */
  url: string;
  close(): Promise<void>;
  setDelay(ms: number): void;
  /** The next /v2 request fails this way, whatever it asks. */
  failNext(kind: FailKind): void;
  /**
   * The next refund request waits, once recorded, until the test lets it go: `arrived` resolves when it has come,
   * `release` lets the gateway go on and answer. A gateway that answers a refund slowly, at the moment a test chooses.
   */
  holdNextRefund(): RefundHold;
  /** Whether the hosted page posts the charge to its post.url once the shopper decides (default true). */
  setAutoWebhook(on: boolean): void;
  /** Posts a charge (or, given a refund id, a refund) to its post.url, as Tap does, signed or not. */
  sendWebhook(id: string, options?: { signature?: "wrong" | "missing" }): Promise<{ status: number }>;
  /** Charges by id, each with its refunds. */
  charges: Map<string, FakeChargeRecord>;
  /** /v2 requests in the order they came, without the Authorization header. */
  calls: FakeCall[];
  /** Webhooks the fake sent by itself, with how each went. */
  webhooks: WebhookDelivery[];
  /** Resolves once every webhook the fake sent by itself has had its answer (or failed). */
  webhooksSettled(): Promise<void>;
};

type StartOptions = {
  secretKey: string;
  port?: number;
  host?: string;
  controlRoutes?: boolean;
  /** How long a webhook delivery waits for the shop's answer (default 5 s); a test that loads the shop heavily waits longer. */
  webhookTimeoutMs?: number;
};

const KWD_FILS = 1000;
const MAX_BODY_BYTES = 1_000_000;
const CHARGE_SOURCES = new Set(["src_kw.knet", "src_card", "src_all"]);

function tapId(prefix: string): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let id = "";
  for (const byte of crypto.randomBytes(22)) id += alphabet[byte % alphabet.length];
  return `${prefix}${id}`;
}

function digits(count: number): string {
  let out = "";
  while (out.length < count) out += crypto.randomInt(0, 10).toString();
  return out;
}

/** "12.340" from 12340 fils: from integers, not toFixed, so it cannot share a rounding slip with the client. */
function kwdText(fils: number): string {
  return `${Math.floor(fils / KWD_FILS)}.${String(fils % KWD_FILS).padStart(3, "0")}`;
}

/**
 * The `hashstring` header, as docs/webhook computes it in PHP: HMAC-SHA256 keyed with the secret key, hex, over
 * x_id, x_amount (KWD with three decimals), x_currency, x_gateway_reference, x_payment_reference, x_status and
 * x_created, each name followed by its value. A charge's x_created is transaction.created, a refund's is created.
 */
function hashstring(secretKey: string, fields: { id: string; fils: number; currency: string; gateway?: string; payment?: string; status: string; created: string }): string {
  const parts: [string, string][] = [
    ["x_id", fields.id],
    ["x_amount", kwdText(fields.fils)],
    ["x_currency", fields.currency],
    ["x_gateway_reference", fields.gateway ?? ""],
    ["x_payment_reference", fields.payment ?? ""],
    ["x_status", fields.status],
    ["x_created", fields.created],
  ];
  const hmac = crypto.createHmac("sha256", secretKey);
  for (const [name, value] of parts) hmac.update(name + value);
  return hmac.digest("hex");
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function tapError(code: string, description: string) {
  return { errors: [{ code, description }] };
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`HTTP ${status}`);
  }
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, tapError("2100", "Request too large"));
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

function sendHtml(res: http.ServerResponse, status: number, html: string) {
  res.writeHead(status, { "Content-Type": "text/html; charset=utf-8" });
  res.end(html);
}

/** Fils from a KWD amount, or null when it is not positive or has more than three decimals (Tap error 1117). */
function filsOf(amount: unknown): number | null {
  if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0) return null;
  const fils = Math.round(amount * KWD_FILS);
  return Math.abs(fils - amount * KWD_FILS) < 1e-6 ? fils : null;
}

function cardBrand(number: string): string {
  if (number.startsWith("4")) return "VISA";
  if (/^5[1-5]/.test(number) || /^2[2-7]/.test(number)) return "MASTERCARD";
  if (/^3[47]/.test(number)) return "AMERICAN_EXPRESS";
  return "UNKNOWN";
}

export async function startFakeTap(options: StartOptions): Promise<FakeTap> {
  const { secretKey } = options;
  const charges = new Map<string, FakeChargeRecord>();
  const calls: FakeCall[] = [];
  const webhooks: WebhookDelivery[] = [];
  const deliveries = new Set<Promise<void>>();
  const timers = new Set<NodeJS.Timeout>();
  let delayMs = 0;
  let refundHold: { arrived(): void; released: Promise<void> } | null = null;
  let pendingFailure: FailKind | null = null;
  let autoWebhook = true;
  let baseUrl = "";

  function sleep(ms: number) {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  }

  function findRefund(id: string): { record: FakeChargeRecord; refund: FakeRefund } | null {
    for (const record of charges.values()) {
      const refund = record.refunds.find((candidate) => candidate.id === id);
      if (refund) return { record, refund };
    }
    return null;
  }

  async function postWebhook(url: string, body: unknown, signature: string | null): Promise<number> {
    const headers: Record<string, string> = { "Content-Type": "application/json" };
    if (signature !== null) headers.hashstring = signature;
    const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(options.webhookTimeoutMs ?? 5_000) });
    await response.arrayBuffer();
    return response.status;
  }

  async function sendWebhook(id: string, opts: { signature?: "wrong" | "missing" } = {}): Promise<{ status: number }> {
    const signWith = opts.signature === "wrong" ? `${secretKey}-not-it` : secretKey;
    const record = charges.get(id);
    if (record) {
      const { charge } = record;
      if (!charge.post) throw new Error(`Charge ${id} has no post.url`);
      const signature = hashstring(signWith, {
        id: charge.id,
        fils: record.amountFils,
        currency: charge.currency,
        gateway: charge.reference.gateway,
        payment: charge.reference.payment,
        status: charge.status,
        created: charge.transaction.created,
      });
      return { status: await postWebhook(charge.post.url, charge, opts.signature === "missing" ? null : signature) };
    }
    const found = findRefund(id);
    if (!found) throw new Error(`No charge or refund ${id}`);
    const { refund } = found;
    if (!refund.post) throw new Error(`Refund ${id} has no post.url`);
    const signature = hashstring(signWith, {
      id: refund.id,
      fils: Math.round(refund.amount * KWD_FILS),
      currency: refund.currency,
      gateway: refund.reference.gateway,
      payment: refund.reference.payment,
      status: refund.status,
      created: refund.created,
    });
    return { status: await postWebhook(refund.post.url, refund, opts.signature === "missing" ? null : signature) };
  }

  /** Tap posts in the background; a shop that is down must not break the shopper's redirect, so failures are only recorded. */
  function deliverInBackground(id: string, url: string) {
    const delivery: WebhookDelivery = { objectId: id, url };
    webhooks.push(delivery);
    const sending = sendWebhook(id).then(
      ({ status }) => {
        delivery.status = status;
      },
      (error: unknown) => {
        delivery.error = error instanceof Error ? error.message : String(error);
      },
    );
    deliveries.add(sending);
    void sending.finally(() => deliveries.delete(sending));
  }

  function createCharge(body: Record<string, unknown>): FakeCharge {
    const amountFils = filsOf(body.amount);
    if (amountFils === null) throw new HttpError(400, tapError("1117", "Amount is invalid"));
    if (typeof body.currency !== "string" || !body.currency) throw new HttpError(400, tapError("1118", "Currency code is invalid"));
    if (body.currency !== "KWD") throw new HttpError(400, tapError("1119", "Currency code not supported"));
    const redirect = isRecord(body.redirect) ? body.redirect.url : undefined;
    if (typeof redirect !== "string" || !redirect) throw new HttpError(400, tapError("1110", "Redirect URL is missing"));
    if (!URL.canParse(redirect)) throw new HttpError(400, tapError("1111", "Redirect URL is invalid"));
    const source = isRecord(body.source) ? body.source.id : undefined;
    if (typeof source !== "string" || !source) throw new HttpError(400, tapError("1124", "Source id is missing"));
    if (!CHARGE_SOURCES.has(source)) throw new HttpError(400, tapError("1125", "Source id is invalid"));
    const customer = isRecord(body.customer) ? body.customer : null;
    if (!customer) throw new HttpError(400, tapError("1129", "Customer id or Customer information is required"));
    if (typeof customer.first_name !== "string" || !customer.first_name) throw new HttpError(400, tapError("1130", "Customer's first name is required"));
    const postUrl = isRecord(body.post) ? body.post.url : undefined;
    if (postUrl !== undefined && (typeof postUrl !== "string" || !URL.canParse(postUrl))) throw new HttpError(400, tapError("1103", "Required inputs are invalid"));
    const reference = isRecord(body.reference) ? body.reference : {};
    if ([reference.transaction, reference.order].some((value) => typeof value === "string" && value.length >= 100)) {
      throw new HttpError(400, tapError("1123", "Merchant transaction reference length should be less than 100 characters"));
    }

    const id = tapId("chg_TS");
    const amount = amountFils / KWD_FILS;
    const charge: FakeCharge = {
      id,
      object: "charge",
      live_mode: false,
      api_version: "V2",
      customer_initiated: body.customer_initiated !== false,
      status: "INITIATED",
      amount,
      currency: "KWD",
      threeDSecure: body.threeDSecure !== false,
      save_card: body.save_card === true,
      description: typeof body.description === "string" ? body.description : "",
      metadata: isRecord(body.metadata) ? body.metadata : {},
      transaction: {
        timezone: "UTC+03:00",
        created: String(Date.now()),
        url: `${baseUrl}/pay/${id}`,
        expiry: { period: 30, type: "MINUTE" },
        asynchronous: false,
        amount,
        currency: "KWD",
      },
      reference: {
        track: tapId("tck_TS"),
        ...(typeof reference.transaction === "string" ? { transaction: reference.transaction } : {}),
        ...(typeof reference.order === "string" ? { order: reference.order } : {}),
      },
      response: { code: "100", message: "Initiated" },
      receipt: { email: isRecord(body.receipt) && body.receipt.email === true, sms: isRecord(body.receipt) && body.receipt.sms === true },
      customer: { id: tapId("cus_TS"), ...customer },
      source: { object: "source", id: source },
      redirect: { status: "PENDING", url: redirect },
      ...(typeof postUrl === "string" ? { post: { status: "PENDING", url: postUrl } } : {}),
    };
    charges.set(id, { charge, amountFils, refunds: [], refundedFils: 0 });
    return charge;
  }

  function createRefund(body: Record<string, unknown>): FakeRefund {
    if (typeof body.charge_id !== "string" || !body.charge_id) throw new HttpError(400, tapError("1142", "Charge id is missing"));
    const record = charges.get(body.charge_id);
    if (!record) throw new HttpError(404, tapError("1144", "Charge id not found"));
    if (record.charge.status !== "CAPTURED") throw new HttpError(400, tapError("1143", "Charge id is invalid"));
    const fils = filsOf(body.amount);
    if (fils === null) throw new HttpError(400, tapError("1117", "Amount is invalid"));
    if (body.currency !== record.charge.currency) throw new HttpError(400, tapError("1149", "Currency code is not matching with existing currency code"));
    if (typeof body.reason !== "string" || !body.reason) throw new HttpError(400, tapError("1156", "Refund reason is missing"));
    if (body.reason.length >= 250) throw new HttpError(400, tapError("1157", "Refund reason length should be less than 250 characters"));
    if (record.refundedFils + fils > record.amountFils) throw new HttpError(400, tapError("1161", "Requested refund amount exceeds"));
    const postUrl = isRecord(body.post) ? body.post.url : undefined;
    const reference = isRecord(body.reference) ? body.reference : {};
    const refund: FakeRefund = {
      id: tapId("re_TS"),
      object: "refund",
      api_version: "V2",
      live_mode: false,
      amount: fils / KWD_FILS,
      currency: record.charge.currency,
      charge_id: record.charge.id,
      created: String(Date.now()),
      status: "REFUNDED",
      reason: body.reason,
      reference: { ...(typeof reference.merchant === "string" ? { merchant: reference.merchant } : {}), gateway: digits(12), payment: digits(19) },
      response: { code: "000", message: "Refunded" },
      metadata: isRecord(body.metadata) ? body.metadata : {},
      ...(typeof postUrl === "string" && URL.canParse(postUrl) ? { post: { url: postUrl } } : {}),
    };
    record.refunds.push(refund);
    record.refundedFils += fils;
    if (refund.post && autoWebhook) deliverInBackground(refund.id, refund.post.url);
    return refund;
  }

  /** list-all-refunds: filtered by `charges` and `refunds` ids, newest first, `limit` at most 50, after `starting_after`. */
  function listRefunds(body: Record<string, unknown>) {
    const ids = (value: unknown) => (Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : null);
    const chargeIds = ids(body.charges);
    const refundIds = ids(body.refunds);
    const limit = typeof body.limit === "number" && Number.isInteger(body.limit) ? Math.min(Math.max(body.limit, 1), 50) : 25;
    let all = [...charges.values()]
      .filter((record) => !chargeIds || chargeIds.length === 0 || chargeIds.includes(record.charge.id))
      .flatMap((record) => record.refunds)
      .filter((refund) => !refundIds || refundIds.length === 0 || refundIds.includes(refund.id))
      .reverse();
    if (typeof body.starting_after === "string") {
      const at = all.findIndex((refund) => refund.id === body.starting_after);
      all = at >= 0 ? all.slice(at + 1) : all;
    }
    return { object: "list", live_mode: false, api_version: "V2", has_more: all.length > limit, refunds: all.slice(0, limit) };
  }

  async function handleApi(req: http.IncomingMessage, res: http.ServerResponse, path: string) {
    const raw = await readBody(req);
    let body: unknown = raw;
    try {
      body = raw ? JSON.parse(raw) : undefined;
    } catch {
      body = raw;
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name !== "authorization" && typeof value === "string") headers[name] = value;
    }
    calls.push({ method: req.method ?? "", path, headers, body });
    if (refundHold && req.method === "POST" && (path === "/v2/refunds" || path === "/v2/refunds/")) {
      const hold = refundHold;
      refundHold = null;
      hold.arrived();
      await hold.released;
    }

    if (delayMs > 0) await sleep(delayMs);
    const failure = pendingFailure;
    pendingFailure = null;
    if (failure === "500") return sendJson(res, 500, tapError("9999", "Internal server error"));
    if (failure === "malformed") {
      res.writeHead(200, { "Content-Type": "application/json" });
      return res.end('{"id":"chg_TS');
    }
    if (failure === "refuse") return sendJson(res, 400, tapError("1103", "Required inputs are invalid"));
    if (failure === "drop" || failure === "hang") {
      // The answer is written nowhere: Tap did the work, the shop never hears of it.
      const lost = { writeHead: () => lost, end: () => lost } as unknown as http.ServerResponse;
      await route(req, lost, path, body).catch(() => undefined);
      if (failure === "drop") res.destroy();
      return;
    }

    return route(req, res, path, body);
  }

  async function route(req: http.IncomingMessage, res: http.ServerResponse, path: string, body: unknown) {
    const auth = req.headers.authorization;
    if (!auth) return sendJson(res, 401, tapError("2107", "Authorization Required"));
    if (auth !== `Bearer ${secretKey}`) return sendJson(res, 401, tapError("2104", "Invalid API Key"));

    if (typeof body === "string" && body) return sendJson(res, 400, tapError("2100", "Invalid JSON request"));
    const json = isRecord(body) ? body : {};
    const chargeMatch = /^\/v2\/charges\/([^/]+)$/.exec(path);
    if (req.method === "POST" && (path === "/v2/charges" || path === "/v2/charges/")) return sendJson(res, 200, createCharge(json));
    if (req.method === "GET" && chargeMatch) {
      const record = charges.get(decodeURIComponent(chargeMatch[1]));
      return record ? sendJson(res, 200, record.charge) : sendJson(res, 404, tapError("1144", "Charge id not found"));
    }
    if (req.method === "POST" && (path === "/v2/refunds" || path === "/v2/refunds/")) return sendJson(res, 200, createRefund(json));
    if (req.method === "POST" && path === "/v2/refunds/list") return sendJson(res, 200, listRefunds(json));
    const refundMatch = /^\/v2\/refunds\/([^/]+)$/.exec(path);
    if (req.method === "GET" && refundMatch) {
      const found = findRefund(decodeURIComponent(refundMatch[1]));
      return found ? sendJson(res, 200, found.refund) : sendJson(res, 404, tapError("1146", "Refund id not found"));
    }
    return sendJson(res, 404, tapError("2102", "Request not found"));
  }

  function hostedPage(record: FakeChargeRecord, notice?: string): string {
    const { charge } = record;
    const takesCard = charge.source.id === "src_card" || charge.source.id === "src_all";
    const title = charge.source.id === "src_kw.knet" ? "KNET" : "Tap";
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title} payment (fake)</title></head>
<body>
<h1>${title} payment (fake)</h1>
<p>Pay <strong id="amount">${kwdText(record.amountFils)} ${escapeHtml(charge.currency)}</strong> for ${escapeHtml(charge.description)}</p>
${notice ? `<p role="alert">${escapeHtml(notice)}</p>` : ""}
<form method="post" action="/pay/${escapeHtml(charge.id)}">
${takesCard ? `<label>Card number <input name="card_number" inputmode="numeric" autocomplete="off" placeholder="4111 1111 1111 1111"></label>` : ""}
<button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="decline">Decline</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>
</body></html>`;
  }

  async function handleHostedPage(req: http.IncomingMessage, res: http.ServerResponse, chargeId: string) {
    const record = charges.get(chargeId);
    if (!record) return sendHtml(res, 404, "<!doctype html><p>No such payment</p>");
    if (req.method === "GET") return sendHtml(res, 200, hostedPage(record));
    if (req.method !== "POST") return sendHtml(res, 405, "<!doctype html><p>Method not allowed</p>");

    const form = new URLSearchParams(await readBody(req));
    const { charge } = record;
    if (charge.status !== "INITIATED") return sendHtml(res, 409, "<!doctype html><p>This payment is already complete</p>");
    const action = form.get("action");
    if (action !== "approve" && action !== "decline" && action !== "cancel") {
      return sendHtml(res, 400, hostedPage(record, "Choose Approve, Decline or Cancel"));
    }
    // Read, reduced to what Tap keeps (first six, last four), and dropped: the number is never stored or logged.
    const cardNumber = (form.get("card_number") ?? "").replace(/[\s-]/g, "");
    const hasCard = /^\d{12,19}$/.test(cardNumber);
    if (action === "approve" && charge.source.id === "src_card" && !hasCard) return sendHtml(res, 400, hostedPage(record, "Enter a card number"));
    if (hasCard && charge.source.id !== "src_kw.knet") {
      const brand = cardBrand(cardNumber);
      charge.card = { object: "card", first_six: cardNumber.slice(0, 6), last_four: cardNumber.slice(-4), brand, scheme: brand };
      charge.source.payment_method = brand;
    } else if (charge.source.id !== "src_card") {
      charge.source.payment_method = "KNET";
    }

    if (action === "approve") {
      charge.status = "CAPTURED";
      charge.response = { code: "000", message: "Captured" };
      charge.reference.gateway = digits(15);
      charge.reference.payment = digits(19);
    } else if (action === "decline") {
      charge.status = "DECLINED";
      charge.response = { code: "501", message: "Declined" };
      charge.reference.payment = digits(19);
    } else {
      charge.status = "CANCELLED";
      charge.response = { code: "302", message: "Cancelled" };
    }
    charge.redirect.status = "SUCCESS";
    // docs/webhook: Tap posts captured and failed charges (never INITIATED or ABANDONED ones).
    if (charge.post && autoWebhook) deliverInBackground(charge.id, charge.post.url);

    const location = new URL(charge.redirect.url);
    location.searchParams.append("tap_id", charge.id);
    res.writeHead(302, { Location: location.toString() });
    res.end();
  }

  async function handleControl(req: http.IncomingMessage, res: http.ServerResponse) {
    let control: unknown;
    try {
      control = JSON.parse((await readBody(req)) || "{}");
    } catch {
      return sendJson(res, 400, { error: "Invalid JSON" });
    }
    if (!isRecord(control)) return sendJson(res, 400, { error: "Expected an object" });
    if (typeof control.delayMs === "number") delayMs = Math.max(0, control.delayMs);
    if (["500", "malformed", "refuse", "drop", "hang"].includes(String(control.failNext))) pendingFailure = control.failNext as FailKind;
    if (typeof control.autoWebhook === "boolean") autoWebhook = control.autoWebhook;
    if (isRecord(control.sendWebhook) && typeof control.sendWebhook.chargeId === "string") {
      const signature = control.sendWebhook.signature;
      const sent = await sendWebhook(control.sendWebhook.chargeId, {
        signature: signature === "wrong" || signature === "missing" ? signature : undefined,
      });
      return sendJson(res, 200, { ok: true, webhookStatus: sent.status });
    }
    return sendJson(res, 200, { ok: true });
  }

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://fake.invalid").pathname;
    const hosted = /^\/pay\/([^/]+)$/.exec(path);
    let handling: Promise<unknown>;
    if (path.startsWith("/v2/")) handling = handleApi(req, res, path);
    else if (hosted) handling = handleHostedPage(req, res, decodeURIComponent(hosted[1]));
    else if (options.controlRoutes && req.method === "POST" && path === "/__control") handling = handleControl(req, res);
    else if (options.controlRoutes && req.method === "GET" && path === "/__state") {
      handling = Promise.resolve(sendJson(res, 200, { charges: [...charges.values()], webhooks }));
    } else handling = Promise.resolve(sendJson(res, 404, tapError("2102", "Request not found")));
    handling.catch((error: unknown) => {
      if (res.headersSent) return res.destroy();
      if (error instanceof HttpError) return sendJson(res, error.status, error.body);
      sendJson(res, 500, tapError("9999", error instanceof Error ? error.message : "Internal server error"));
    });
  });

  // Node closes an idle connection after 5 s, the very moment a client polling every 5 s reuses it (ECONNRESET on a
  // loaded machine). Gateways sit behind load balancers that keep connections far longer; so does the fake.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", () => resolve());
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${address.address}:${address.port}`;

  return {
    url: baseUrl,
    charges,
    calls,
    webhooks,
    async webhooksSettled() {
      while (deliveries.size > 0) await Promise.all(deliveries);
    },
    setDelay(ms) {
      delayMs = Math.max(0, ms);
    },
    failNext(kind) {
      pendingFailure = kind;
    },
    holdNextRefund() {
      let arrived!: () => void;
      let release!: () => void;
      const hold = { arrived: new Promise<void>((resolve) => (arrived = resolve)), release: () => release() };
      refundHold = { arrived: () => arrived(), released: new Promise<void>((resolve) => (release = resolve)) };
      return hold;
    },
    setAutoWebhook(on) {
      autoWebhook = on;
    },
    sendWebhook,
    close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

async function main() {
  const secretKey = process.env.TAP_SECRET_KEY;
  if (!secretKey) throw new Error("TAP_SECRET_KEY is required");
  const port = Number(process.env.PORT ?? 0);
  if (!Number.isInteger(port) || port < 0) throw new Error("PORT must be a port number");
  const fake = await startFakeTap({ secretKey, port, controlRoutes: true });
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
