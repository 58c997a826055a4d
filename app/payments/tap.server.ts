/**
 * Tap Payments (API v2) as a hosted-page gateway: the shopper pays on Tap's page (`transaction.url`), comes back to
 * our return URL with `tap_id`, and the shop asks Tap, server to server, what became of the charge.
 *
 * Follows these pages of Tap's documentation (read from stored copies of developers.tap.company):
 * - https://developers.tap.company/reference/charges: source ids, the charge request and response, the charge statuses
 * - https://developers.tap.company/reference/create-a-charge: body params (amount in ISO decimals, customer, receipt…)
 * - https://developers.tap.company/docs/creating-a-transaction: a KWD charge request, field by field
 * - https://developers.tap.company/docs/redirect: `tap_id` on the redirect URL, then GET /v2/charges/{charge_id}
 * - https://developers.tap.company/docs/knet: `src_kw.knet`, KWD only, always a `transaction.url`
 * - https://developers.tap.company/docs/apple-pay: Apple Pay on Tap's hosted page
 * - https://developers.tap.company/docs/refunds, https://developers.tap.company/reference/refunds and
 *   https://developers.tap.company/reference/create-a-refund: the refund request, response and statuses
 * - https://developers.tap.company/reference/list-all-refunds: POST /v2/refunds/list by `charges`, `limit` (at most
 *   50) and the `starting_after` cursor, most recent first
 * - https://developers.tap.company/reference/charge-response-codes: HTTP codes and the `{ errors: [{ code, description }] }` shape
 * - https://developers.tap.company/docs/webhook: the `hashstring` header and how to compute it
 *
 * Where the documentation was unclear:
 * - The Charges API documents no field for the hosted page's language (there is no `lang_code` in v2), so
 *   `input.language` is not sent; Tap's page picks its own language.
 * - create-a-refund says `reason` takes "duplicate", "fraudulent" or "requested_by_customer", yet its default is free
 *   text and error 1157 only limits its length (under 250 characters); we send our own reason, cut to that length.
 * - The list-all-refunds page names its body params but shows no response; like Tap's other lists we read
 *   `refunds` and `has_more`, and a list without a `refunds` array is malformed (never "no refund").
 * - The webhook page gives the refund hashstring with the charge's field names, taking `refund.reference.gateway`,
 *   `refund.reference.payment` and `refund.created`, while its sample refund response has only `reference.merchant`;
 *   absent references count as empty strings, as they do in the page's PHP.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { normalizeKuwaitiPhone } from "~/shared/phone";
import {
  PaymentGatewayError,
  type PaymentMethod,
  type PaymentProvider,
  type RemotePayment,
  type RemotePaymentStatus,
} from "./provider.server";
import { filsToKwd, isRecord, kwdToFils, parseJson, sendGatewayRequest, withoutSecrets, type Json } from "./http.server";

export type TapConfig = {
  secretKey: string;
  /** Without `/v2`: https://api.tap.company in production. */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * KNET and cards, each on Tap's hosted page. Apple Pay is left out: Tap shows it on the hosted page by itself, only
 * with `src_all` (every method enabled for the merchant, so the shopper would choose again there) and only in browsers
 * that support it, which the server cannot know; an "Apple Pay" choice that lands on a page without Apple Pay would
 * mislead. The docs' `src_apple_pay` is meant for a button on our own page with Apple's token, not a redirect.
 */
const METHODS: readonly PaymentMethod[] = [
  { id: "src_kw.knet", kind: "knet" },
  { id: "src_card", kind: "card" },
];

/** The charge statuses the Charges reference lists, plus IN_PROGRESS (asynchronous methods) and the TIMED_OUT spelling. */
const CHARGE_STATUSES: Record<string, RemotePaymentStatus> = {
  CAPTURED: "paid",
  INITIATED: "pending",
  IN_PROGRESS: "pending",
  DECLINED: "declined",
  RESTRICTED: "declined",
  CANCELLED: "cancelled",
  ABANDONED: "cancelled",
  VOID: "cancelled",
  TIMEDOUT: "cancelled",
  TIMED_OUT: "cancelled",
  FAILED: "failed",
  UNKNOWN: "failed",
};

/** Refund statuses (docs/refunds and "Refund Logic V2"); any other one means the refund did not happen. */
const REFUND_STATUSES: Record<string, "pending" | "refunded"> = {
  REFUNDED: "refunded",
  PENDING: "pending",
  IN_PROGRESS: "pending",
  ACCEPTED: "pending",
};

/** ISO 4217 currencies with three decimals; the webhook page rounds the amount to "the standard decimal value" (KWD 3.000, SAR 2.00). */
const THREE_DECIMAL_CURRENCIES = new Set(["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]);

/** Tap's limit on a refund reason (error 1157). */
const MAX_REASON_LENGTH = 249;

/** Tap's amounts are JSON numbers in the currency's unit; a numeric string is accepted too rather than failing a paid order. */
function amountOf(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  if (typeof value === "string" && /^\d+(\.\d+)?$/.test(value)) return Number(value);
  return null;
}

function text(value: unknown): string {
  return typeof value === "string" || typeof value === "number" ? String(value) : "";
}

/**
 * The string Tap signs for a webhook (docs/webhook, "Validate the webhook (hashstring)"): the same recipe for a charge
 * and a refund, except that a charge's creation time is `transaction.created` and a refund's is `created`.
 */
function webhookSigningString(body: Json): string | null {
  const isRefund = body.object === "refund";
  if (!isRefund && body.object !== undefined && body.object !== "charge") return null;
  const amount = amountOf(body.amount);
  if (typeof body.id !== "string" || amount === null || typeof body.currency !== "string" || typeof body.status !== "string") return null;
  const decimals = THREE_DECIMAL_CURRENCIES.has(body.currency.toUpperCase()) ? 3 : 2;
  const reference = isRecord(body.reference) ? body.reference : {};
  const created = isRefund ? body.created : isRecord(body.transaction) ? body.transaction.created : undefined;
  return (
    `x_id${body.id}` +
    `x_amount${amount.toFixed(decimals)}` +
    `x_currency${body.currency}` +
    `x_gateway_reference${text(reference.gateway)}` +
    `x_payment_reference${text(reference.payment)}` +
    `x_status${body.status}` +
    `x_created${text(created)}`
  );
}

export function createTapProvider(config: TapConfig): PaymentProvider {
  const { secretKey } = config;
  if (!secretKey) throw new Error("Tap needs a secret key");
  const baseUrl = config.baseUrl.replace(/\/+$/, "");
  const timeoutMs = config.timeoutMs ?? 10_000;
  const doFetch = config.fetch ?? fetch;

  /** Tap's own words, trimmed, and never carrying the key even if Tap were to echo it. */
  function safe(message: string): string {
    return withoutSecrets(message, [secretKey], "[secret]").slice(0, 300);
  }

  async function call(method: "GET" | "POST", path: string, body?: Json): Promise<Json> {
    const { status, text: raw } = await sendGatewayRequest({
      url: `${baseUrl}${path}`,
      method,
      headers: {
        Authorization: `Bearer ${secretKey}`,
        Accept: "application/json",
        ...(body ? { "Content-Type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      timeoutMs,
      fetch: doFetch,
      words: {
        timeout: `Tap did not answer ${method} ${path} within ${timeoutMs} ms`,
        unreachable: `Tap could not be reached for ${method} ${path}`,
        busy: (code) => `Tap answered HTTP ${code} to ${method} ${path}`,
      },
    });

    const parsed = parseJson(raw);
    if (parsed === undefined) {
      if (status >= 400) throw new PaymentGatewayError("refused", `Tap refused ${method} ${path} (HTTP ${status})`);
      throw new PaymentGatewayError("malformed", `Tap's answer to ${method} ${path} is not JSON`);
    }
    if (isRecord(parsed) && Array.isArray(parsed.errors) && parsed.errors.length > 0) {
      const descriptions = parsed.errors
        .map((error) => (isRecord(error) ? [text(error.code), text(error.description)].filter(Boolean).join(" ") : ""))
        .filter(Boolean);
      throw new PaymentGatewayError("refused", safe(descriptions.join("; ") || `Tap refused ${method} ${path} (HTTP ${status})`));
    }
    if (status >= 400) throw new PaymentGatewayError("refused", `Tap refused ${method} ${path} (HTTP ${status})`);
    if (!isRecord(parsed)) throw new PaymentGatewayError("malformed", `Tap's answer to ${method} ${path} is not an object`);
    return parsed;
  }

  function responseMessage(object: Json): string | undefined {
    const message = isRecord(object.response) ? object.response.message : undefined;
    return typeof message === "string" && message ? safe(message) : undefined;
  }

  function toRemotePayment(charge: Json): RemotePayment {
    const amount = amountOf(charge.amount);
    if (typeof charge.id !== "string" || typeof charge.status !== "string" || amount === null || typeof charge.currency !== "string") {
      throw new PaymentGatewayError("malformed", "Tap's charge lacks its id, status, amount or currency");
    }
    const status = CHARGE_STATUSES[charge.status];
    // A status Tap has not documented may be money taken or not: reporting it as a failure could lose a paid order.
    if (!status) throw new PaymentGatewayError("malformed", `Tap reported an unknown charge status ${safe(charge.status)}`);
    const reference = isRecord(charge.reference) && typeof charge.reference.transaction === "string" ? charge.reference.transaction : null;
    const lastFour = isRecord(charge.card) && typeof charge.card.last_four === "string" ? charge.card.last_four : undefined;
    const message = status === "paid" || status === "pending" ? undefined : responseMessage(charge);
    return {
      status,
      providerPaymentId: charge.id,
      reference,
      amountFils: kwdToFils(amount),
      currency: charge.currency,
      ...(lastFour ? { cardLast4: lastFour } : {}),
      ...(message ? { message } : {}),
    };
  }

  return {
    name: "tap",
    choosesMethodOnShop: true,
    declinesAreFinal: true,

    async listMethods() {
      return METHODS.map((method) => ({ ...method }));
    },

    async createPayment(input) {
      const charge = await call("POST", "/v2/charges", {
        amount: filsToKwd(input.amountFils),
        currency: "KWD",
        customer_initiated: true,
        threeDSecure: true,
        save_card: false,
        description: input.orderNumber,
        reference: { transaction: input.reference, order: input.orderNumber },
        metadata: { orderId: input.orderId },
        receipt: { email: false, sms: false },
        customer: {
          first_name: input.customer.name.trim().slice(0, 149),
          email: input.customer.email,
          phone: { country_code: "965", number: normalizeKuwaitiPhone(input.customer.phone) },
        },
        source: { id: input.methodId },
        post: { url: input.webhookUrl },
        redirect: { url: input.returnUrl },
      });
      const url = isRecord(charge.transaction) ? charge.transaction.url : undefined;
      if (typeof charge.id !== "string" || !charge.id) throw new PaymentGatewayError("malformed", "Tap's new charge has no id");
      if (typeof url !== "string" || !URL.canParse(url)) {
        // A hosted-page source always gets a payment page; a charge that is already final without one failed at once.
        const status = typeof charge.status === "string" ? CHARGE_STATUSES[charge.status] : undefined;
        if (status && status !== "pending" && status !== "paid") {
          throw new PaymentGatewayError("refused", responseMessage(charge) ?? `Tap ${status} the charge`);
        }
        throw new PaymentGatewayError("malformed", "Tap's new charge has no payment page URL");
      }
      return { providerPaymentId: charge.id, redirectUrl: url };
    },

    async getPaymentStatus(providerPaymentId, returned) {
      const chargeId = returned?.get("tap_id") || providerPaymentId;
      // `tap_id` comes from the shopper's address bar: it must stay one path segment of /v2/charges/.
      if (!/^[A-Za-z0-9_]+$/.test(chargeId)) throw new PaymentGatewayError("refused", "Not a Tap charge id");
      return toRemotePayment(await call("GET", `/v2/charges/${chargeId}`));
    },

    async refund(input) {
      const refund = await call("POST", "/v2/refunds", {
        charge_id: input.providerPaymentId,
        amount: filsToKwd(input.amountFils),
        currency: "KWD",
        reason: input.reason.slice(0, MAX_REASON_LENGTH),
        reference: { merchant: input.reference },
        metadata: { refundReference: input.reference },
        // No `post`: RefundInput carries no webhook URL, and the shop learns a refund's outcome from this answer.
      });
      if (typeof refund.id !== "string" || typeof refund.status !== "string") {
        throw new PaymentGatewayError("malformed", "Tap's refund lacks its id or status");
      }
      const status = REFUND_STATUSES[refund.status];
      if (!status) throw new PaymentGatewayError("refused", responseMessage(refund) ?? `Tap did not refund: ${safe(refund.status)}`);
      return { refundId: refund.id, status };
    },

    /** Pages through the charge's refunds (newest first) for the one whose `reference.merchant` is ours. */
    async findRefund(input) {
      let startingAfter: string | undefined;
      for (let page = 0; page < 20; page++) {
        const list = await call("POST", "/v2/refunds/list", {
          charges: [input.providerPaymentId],
          limit: 50,
          ...(startingAfter ? { starting_after: startingAfter } : {}),
        });
        if (!Array.isArray(list.refunds)) throw new PaymentGatewayError("malformed", "Tap's refund list has no refunds array");
        const refunds = list.refunds.filter(isRecord);
        const found = refunds.find((refund) => isRecord(refund.reference) && refund.reference.merchant === input.reference);
        if (found) {
          if (typeof found.id !== "string" || typeof found.status !== "string") throw new PaymentGatewayError("malformed", "Tap's refund lacks its id or status");
          return { refundId: found.id, status: REFUND_STATUSES[found.status] ?? "cancelled" };
        }
        const last = refunds.at(-1);
        if (list.has_more !== true || typeof last?.id !== "string") return null;
        startingAfter = last.id;
      }
      throw new PaymentGatewayError("malformed", "Tap's refund list did not end");
    },

    async parseWebhook(request) {
      const received = request.headers.get("hashstring")?.trim();
      if (!received || !/^[0-9a-fA-F]{64}$/.test(received)) return null;
      let body: unknown;
      try {
        body = JSON.parse(await request.text());
      } catch {
        return null;
      }
      if (!isRecord(body)) return null;
      const signed = webhookSigningString(body);
      if (signed === null) return null;
      const expected = createHmac("sha256", secretKey).update(signed, "utf8").digest();
      const given = Buffer.from(received, "hex");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      const chargeId = body.object === "refund" ? body.charge_id : body.id;
      return typeof chargeId === "string" && chargeId ? { providerPaymentId: chargeId } : null;
    },
  };
}
