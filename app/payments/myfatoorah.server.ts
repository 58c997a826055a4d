/**
 * MyFatoorah API v2 as a hosted-page gateway: InitiatePayment lists the ways to pay, ExecutePayment creates the
 * invoice and the payment page, GetPaymentStatus is the only source of truth about the outcome, MakeRefund asks
 * for a refund, and Webhook V2 events are checked against their MyFatoorah-Signature.
 *
 * Written against these pages of the official documentation (read February–April 2026 revisions):
 * - https://docs.myfatoorah.com/reference/initiate-payment
 * - https://docs.myfatoorah.com/reference/execute-payment      (request fields, Language EN/AR, WebhookUrl)
 * - https://docs.myfatoorah.com/docs/execute-payment
 * - https://docs.myfatoorah.com/reference/get-payment-status   (response model, TransactionStatus values)
 * - https://docs.myfatoorah.com/docs/payment-inquiry           (how InvoiceStatus follows the transactions)
 * - https://docs.myfatoorah.com/docs/update-payment-status-guidelines (PaymentId appended to CallBack/Error URL)
 * - https://docs.myfatoorah.com/reference/make-refund          (ExternalIdentifier as our refund reference)
 * - https://docs.myfatoorah.com/docs/refund                    (a refund is a request the finance team executes)
 * - https://docs.myfatoorah.com/docs/getrefundstatus           (RefundStatusResult, ExternalIdentifier echoed back)
 * - https://docs.myfatoorah.com/docs/webhook-signature         (HMAC-SHA256, UTF-8, base64, null -> "")
 * - https://docs.myfatoorah.com/docs/webhook-v2               (event codes)
 * - https://docs.myfatoorah.com/docs/webhook-v2-payment-status-data-model (and the other V2 data-model pages for
 *   the signed fields of each event)
 * The signature recipe was checked against MyFatoorah's own PHP library (MyFatoorahWebhook::getV2DataModel and
 * MyFatoorahHelper::checkSignatureValidation, library 2.2.9), which signs the same fields in the same order.
 */
import crypto from "node:crypto";
import {
  PaymentGatewayError,
  type PaymentMethod,
  type PaymentMethodKind,
  type PaymentProvider,
  type RemotePayment,
  type RemotePaymentStatus,
} from "./provider.server";
import { filsToKwd, isRecord, kwdToFils, parseJson, sendGatewayRequest, withoutSecrets, type Json } from "./http.server";

export type MyFatoorahConfig = {
  apiKey: string;
  /** Without `/v2`: https://api.myfatoorah.com (Kuwait live) or https://apitest.myfatoorah.com (test). */
  baseUrl: string;
  /** The Webhook Secret Key from the portal (Integration Settings → Webhook Settings), not the API key. */
  webhookSecret: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

/**
 * PaymentMethodCode → our kind, most preferred first. "kn", "vm" and "ap" are the codes in the InitiatePayment
 * reference's sample; "ae" (AMEX) and "md" (MADA) are the codes the gateway answers for those card schemes in its
 * published sample responses. Anything else (STC Pay, Google Pay, Benefit…) is not offered by the shop.
 */
const METHOD_CODES: Record<PaymentMethodKind, readonly string[]> = {
  knet: ["kn"],
  card: ["vm", "ae", "md"],
  applepay: ["ap"],
};
const KIND_ORDER: readonly PaymentMethodKind[] = ["knet", "card", "applepay"];

/**
 * The fields each Webhook V2 event signs, in the order its data-model page lists them ("Webhook Signature"
 * section of each page). V2 uses this fixed order; only Webhook V1 sorted the keys alphabetically.
 */
const SIGNED_FIELDS: Record<number, readonly string[]> = {
  1: ["Invoice.Id", "Invoice.Status", "Transaction.Status", "Transaction.PaymentId", "Invoice.ExternalIdentifier"],
  2: ["Refund.Id", "Refund.Status", "Amount.ValueInBaseCurrency", "ReferencedInvoice.Id"],
  3: ["Deposit.Reference", "Deposit.ValueInBaseCurrency", "Deposit.NumberOfTransactions"],
  4: ["Supplier.Code", "KycDecision.Status"],
  5: ["Recurring.Id", "Recurring.Status", "Recurring.InitialInvoiceId"],
  6: [
    "Dispute.DisputeTransactionId",
    "Dispute.Status",
    "Invoice.Id",
    "Invoice.Status",
    "Transaction.Status",
    "Transaction.PaymentId",
    "Invoice.ExternalIdentifier",
  ],
  7: ["Supplier.Code", "RequestStatus.Status"],
};
const PAYMENT_STATUS_CHANGED = 1;

/** Kuwait has no daylight saving time; MyFatoorah states invoice expiry in Kuwait time (as its PHP library reads it). */
const KUWAIT_UTC_OFFSET_MS = 3 * 60 * 60 * 1000;
const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

/** The value at a dotted path, written the way the signature needs it: null or missing is "". */
function signedValue(data: Json, path: string): string {
  let value: unknown = data;
  for (const key of path.split(".")) value = isRecord(value) ? value[key] : undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

/**
 * Checks a Webhook V2 delivery. The recipe (docs.myfatoorah.com/docs/webhook-signature and the event's data-model
 * page): take the event's documented fields from `Data` in the documented order, write each as `Path=value` with
 * null as the empty string, join them with ",", HMAC-SHA256 that UTF-8 string with the UTF-8 bytes of the webhook
 * secret key, base64 the digest, and compare it with the MyFatoorah-Signature header. The raw body is not what is
 * signed, so a re-serialised body verifies the same way.
 */
export function verifyMyFatoorahWebhook(body: string, signature: string | null, secret: string): boolean {
  if (!secret || !signature) return false;
  const event = parseJson(body);
  if (!isRecord(event) || !isRecord(event.Event) || !isRecord(event.Data)) return false;
  const fields = SIGNED_FIELDS[Number(event.Event.Code)];
  if (!fields) return false;
  const data = event.Data;
  const signed = fields.map((path) => `${path}=${signedValue(data, path)}`).join(",");
  const expected = Buffer.from(crypto.createHmac("sha256", Buffer.from(secret, "utf8")).update(signed, "utf8").digest("base64"));
  const given = Buffer.from(signature.trim(), "utf8");
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/** ExecutePayment's CustomerMobile takes at most 11 digits without the country code; we only send Kuwaiti numbers. */
function kuwaitiMobile(phone: string): string | undefined {
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00965")) digits = digits.slice(5);
  else if (digits.length === 11 && digits.startsWith("965")) digits = digits.slice(3);
  return /^\d{8}$/.test(digits) ? digits : undefined;
}

/** MyFatoorah's own library strips everything but letters, digits and spaces from CustomerName before sending it. */
function customerName(name: string): string | undefined {
  const cleaned = name.replace(/[^\p{L}\p{N}\s]/gu, "").trim();
  return cleaned || undefined;
}

/** "January 13, 2026" + "00:15:07.293", in Kuwait time, as GetPaymentStatus answers ExpiryDate and ExpiryTime. */
function expiryOf(data: Json): number | null {
  if (typeof data.ExpiryDate !== "string") return null;
  const date = /^([A-Za-z]+) (\d{1,2}), (\d{4})$/.exec(data.ExpiryDate.trim());
  const month = date ? MONTHS.indexOf(date[1].toLowerCase()) : -1;
  if (!date || month < 0) return null;
  const time = typeof data.ExpiryTime === "string" ? /^(\d{1,2}):(\d{2}):(\d{2})/.exec(data.ExpiryTime) : null;
  const [hours, minutes, seconds] = time ? [Number(time[1]), Number(time[2]), Number(time[3])] : [23, 59, 59];
  return Date.UTC(Number(date[3]), month, Number(date[2]), hours, minutes, seconds) - KUWAIT_UTC_OFFSET_MS;
}

/**
 * The invoice's currency. GetPaymentStatus gives InvoiceValue "with the actual base account currency" but names no
 * ISO code; InvoiceDisplayValue ("12,345.000 KD") names the display currency, which is what ExecutePayment set with
 * DisplayCurrencyIso. When the two amounts agree the invoice is in that currency. Otherwise (an account whose base
 * currency is not the display one) we cannot name the currency of InvoiceValue, and report "XXX" (ISO 4217: no
 * currency) so the caller's currency check fails rather than trusting a converted amount. PaidCurrency is not used:
 * it is what the shopper's card was charged in (AMEX can settle in USD), not the invoice's currency.
 */
function currencyOf(data: Json, amountFils: number): string {
  const display = typeof data.InvoiceDisplayValue === "string" ? /^([\d,]+(?:\.\d+)?)\s*([A-Za-z]{2,3})$/.exec(data.InvoiceDisplayValue.trim()) : null;
  if (!display) return "XXX";
  if (kwdToFils(Number(display[1].replace(/,/g, ""))) !== amountFils) return "XXX";
  const symbol = display[2].toUpperCase();
  if (symbol === "KD") return "KWD";
  return symbol.length === 3 ? symbol : "XXX";
}

type Transaction = Json & { TransactionStatus?: unknown; PaymentId?: unknown; TransactionDate?: unknown };

function transactionsOf(data: Json): Transaction[] {
  return Array.isArray(data.InvoiceTransactions) ? data.InvoiceTransactions.filter(isRecord) : [];
}

/** The newest attempt. TransactionDate is ISO local time without a zone, so it sorts as text; ties keep list order. */
function latestTransaction(transactions: Transaction[]): Transaction | undefined {
  let latest: Transaction | undefined;
  for (const transaction of transactions) {
    const date = typeof transaction.TransactionDate === "string" ? transaction.TransactionDate : "";
    const latestDate = latest && typeof latest.TransactionDate === "string" ? latest.TransactionDate : "";
    if (!latest || date >= latestDate) latest = transaction;
  }
  return latest;
}

function cardLast4(transaction: Transaction | undefined): string | undefined {
  if (!transaction) return undefined;
  const card = isRecord(transaction.Card) ? transaction.Card.Number : undefined;
  const masked = typeof card === "string" && card ? card : transaction.CardNumber;
  return typeof masked === "string" ? /(\d{4})$/.exec(masked)?.[1] : undefined;
}

function failureMessage(transaction: Transaction): string | undefined {
  const text = typeof transaction.Error === "string" ? transaction.Error.trim() : "";
  const code = typeof transaction.ErrorCode === "string" ? transaction.ErrorCode.trim() : "";
  return (text || code).slice(0, 200) || undefined;
}

/**
 * Payment Inquiry: an invoice is "Paid" once one transaction is "Succss" (sic), and stays "Pending" while its
 * transactions are "InProgress" or "Failed"; "Canceled" is the invoice's own end. A failed latest attempt is a
 * decline, except ErrorCode MF006 ("Transaction canceled!" in the docs' example), which is the shopper leaving the
 * payment page. GetPaymentStatus has no "Expired" status: like MyFatoorah's PHP library, a pending invoice past its
 * ExpiryDate/ExpiryTime is reported as failed because it can no longer be paid.
 */
function statusOf(data: Json, focus: Transaction | undefined, now: number): { status: RemotePaymentStatus; message?: string } {
  const invoiceStatus = data.InvoiceStatus;
  // DuplicatePayment is not in the reference's enum, but MyFatoorah's PHP library treats it as paid.
  if (invoiceStatus === "Paid" || invoiceStatus === "DuplicatePayment") return { status: "paid" };
  if (invoiceStatus === "Canceled") return { status: "cancelled", message: "The invoice was cancelled" };
  if (focus?.TransactionStatus === "Failed") {
    return { status: focus.ErrorCode === "MF006" ? "cancelled" : "declined", message: failureMessage(focus) };
  }
  const expiry = expiryOf(data);
  if (invoiceStatus === "Expired" || (expiry !== null && expiry < now)) return { status: "failed", message: "The payment link expired" };
  // Anything else, documented ("Pending") or not, is not a payment yet: the caller keeps waiting.
  return { status: "pending" };
}

function idOf(value: unknown): string | undefined {
  if (typeof value === "number" && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === "string" && /^\d+$/.test(value)) return value;
  return undefined;
}

export function createMyFatoorahProvider(config: MyFatoorahConfig): PaymentProvider {
  if (!config.apiKey) throw new Error("MyFatoorah needs an API key");
  const baseUrl = config.baseUrl.replace(/\/+$/, "").replace(/\/v2$/i, "");
  if (!/^https?:\/\//.test(baseUrl)) throw new Error("MyFatoorah needs an http(s) base URL");
  const timeoutMs = config.timeoutMs ?? 10_000;
  const fetchImpl = config.fetch ?? fetch;
  const secrets = [config.apiKey, config.webhookSecret].filter((secret) => secret.length >= 4);

  function safe(text: string): string {
    return withoutSecrets(text, secrets, "[redacted]").replace(/\s+/g, " ").trim().slice(0, 300);
  }

  function reasonOf(json: unknown): string {
    if (!isRecord(json)) return "";
    const errors = Array.isArray(json.ValidationErrors)
      ? json.ValidationErrors.filter(isRecord)
          .map((error) => [error.Name, error.Error].filter((part) => typeof part === "string" && part).join(": "))
          .filter(Boolean)
      : [];
    if (errors.length > 0) return safe(errors.join("; "));
    if (isRecord(json.Data) && typeof json.Data.ErrorMessage === "string") return safe(json.Data.ErrorMessage);
    return typeof json.Message === "string" ? safe(json.Message) : "";
  }

  async function call(endpoint: string, body: Json): Promise<Json> {
    const name = `MyFatoorah ${endpoint}`;
    const { status, text } = await sendGatewayRequest({
      url: `${baseUrl}/v2/${endpoint}`,
      method: "POST",
      headers: { Authorization: `Bearer ${config.apiKey}`, "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
      timeoutMs,
      fetch: fetchImpl,
      words: {
        timeout: `${name} gave no answer within ${timeoutMs} ms`,
        unreachable: `${name} could not be reached`,
        busy: (code) => `${name} answered HTTP ${code}`,
      },
    });
    const json = parseJson(text);
    if (status === 401 || status === 403) {
      throw new PaymentGatewayError("refused", `${name} rejected the API key (HTTP ${status})`);
    }
    if (status >= 400) {
      const reason = reasonOf(json);
      throw new PaymentGatewayError("refused", `${name} refused the request (HTTP ${status})${reason ? `: ${reason}` : ""}`);
    }
    if (!isRecord(json)) throw new PaymentGatewayError("malformed", `${name} answered something that is not a JSON object`);
    if (json.IsSuccess !== true) {
      const reason = reasonOf(json);
      throw new PaymentGatewayError("refused", `${name} refused the request${reason ? `: ${reason}` : ""}`);
    }
    return json;
  }

  function malformed(endpoint: string, what: string): PaymentGatewayError {
    return new PaymentGatewayError("malformed", `MyFatoorah ${endpoint} answered without ${what}`);
  }

  return {
    name: "myfatoorah",
    choosesMethodOnShop: true,
    declinesAreFinal: false,

    async listMethods({ amountFils }) {
      const json = await call("InitiatePayment", { InvoiceAmount: filsToKwd(amountFils), CurrencyIso: "KWD" });
      const offered = isRecord(json.Data) && Array.isArray(json.Data.PaymentMethods) ? json.Data.PaymentMethods : null;
      if (!offered) throw malformed("InitiatePayment", "Data.PaymentMethods");
      const methods: PaymentMethod[] = [];
      for (const kind of KIND_ORDER) {
        const chosen = METHOD_CODES[kind]
          .map((code) =>
            offered.find(
              (method) =>
                isRecord(method) &&
                method.PaymentMethodCode === code &&
                idOf(method.PaymentMethodId) !== undefined &&
                // A direct-payment method wants card details posted by a PCI-certified server, not a redirect.
                method.IsDirectPayment !== true,
            ),
          )
          .find((method): method is Json => isRecord(method));
        if (chosen) methods.push({ id: idOf(chosen.PaymentMethodId) as string, kind });
      }
      return methods;
    },

    async createPayment(input) {
      if (!/^\d+$/.test(input.methodId)) throw new PaymentGatewayError("refused", "MyFatoorah payment method ids are numbers");
      const mobile = kuwaitiMobile(input.customer.phone);
      const json = await call("ExecutePayment", {
        PaymentMethodId: Number(input.methodId),
        InvoiceValue: filsToKwd(input.amountFils),
        DisplayCurrencyIso: "KWD",
        CustomerName: customerName(input.customer.name),
        CustomerEmail: input.customer.email || undefined,
        ...(mobile ? { MobileCountryCode: "+965", CustomerMobile: mobile } : {}),
        Language: input.language === "ar" ? "AR" : "EN",
        CustomerReference: input.reference,
        UserDefinedField: input.orderId,
        CallBackUrl: input.returnUrl,
        ErrorUrl: input.returnUrl,
        WebhookUrl: input.webhookUrl,
      });
      const data = isRecord(json.Data) ? json.Data : {};
      const invoiceId = idOf(data.InvoiceId);
      if (!invoiceId) throw malformed("ExecutePayment", "Data.InvoiceId");
      if (typeof data.PaymentURL !== "string" || !/^https?:\/\//.test(data.PaymentURL)) throw malformed("ExecutePayment", "Data.PaymentURL");
      if (data.IsDirectPayment === true) {
        throw new PaymentGatewayError("refused", "MyFatoorah answered a direct-payment URL, which needs card details instead of a redirect");
      }
      return { providerPaymentId: invoiceId, redirectUrl: data.PaymentURL };
    },

    async getPaymentStatus(providerPaymentId, returned) {
      // The gateway appends both paymentId and Id (the same value) to CallBackUrl/ErrorUrl. Anything that is not
      // a payment id's digits is ignored rather than sent, so a mangled query falls back to the invoice we created.
      const paymentId = [returned?.get("paymentId"), returned?.get("Id")].find((value) => value && /^\d{1,40}$/.test(value));
      const json = await call("GetPaymentStatus", paymentId ? { Key: paymentId, KeyType: "PaymentId" } : { Key: providerPaymentId, KeyType: "InvoiceId" });
      const data = isRecord(json.Data) ? json.Data : null;
      const invoiceId = data ? idOf(data.InvoiceId) : undefined;
      if (!data || !invoiceId) throw malformed("GetPaymentStatus", "Data.InvoiceId");
      if (typeof data.InvoiceStatus !== "string") throw malformed("GetPaymentStatus", "Data.InvoiceStatus");
      if (typeof data.InvoiceValue !== "number" || !Number.isFinite(data.InvoiceValue) || data.InvoiceValue < 0) {
        throw malformed("GetPaymentStatus", "a numeric Data.InvoiceValue");
      }
      const transactions = transactionsOf(data);
      const asked = paymentId ? transactions.find((transaction) => transaction.PaymentId === paymentId) : undefined;
      const focus = asked ?? latestTransaction(transactions);
      const { status, message } = statusOf(data, focus, Date.now());
      const succeeded = transactions.find((transaction) => transaction.TransactionStatus === "Succss");
      const amountFils = kwdToFils(data.InvoiceValue);
      const payment: RemotePayment = {
        status,
        providerPaymentId: invoiceId,
        reference: typeof data.CustomerReference === "string" && data.CustomerReference ? data.CustomerReference : null,
        amountFils,
        currency: currencyOf(data, amountFils),
      };
      const last4 = cardLast4(status === "paid" ? (succeeded ?? focus) : focus);
      if (last4) payment.cardLast4 = last4;
      if (message && status !== "paid" && status !== "pending") payment.message = message;
      return payment;
    },

    async refund(input) {
      const json = await call("MakeRefund", {
        Key: input.providerPaymentId,
        KeyType: "InvoiceId",
        // RefundChargeOnCustomer is in the MakeRefund guide page and MyFatoorah's library, not in the newer reference.
        RefundChargeOnCustomer: false,
        ServiceChargeOnCustomer: false,
        Amount: filsToKwd(input.amountFils),
        Comment: input.reason,
        ExternalIdentifier: input.reference,
      });
      const data = isRecord(json.Data) ? json.Data : {};
      const refundId = idOf(data.RefundId) ?? (typeof data.RefundReference === "string" && data.RefundReference ? data.RefundReference : undefined);
      if (!refundId) throw malformed("MakeRefund", "Data.RefundId");
      // MakeRefund only files a request that MyFatoorah's finance team reviews and executes later.
      return { refundId, status: "pending" };
    },

    /**
     * GetRefundStatus by InvoiceId lists every refund of the invoice, each with the ExternalIdentifier we gave
     * MakeRefund: ours is the one with our reference. "Canceled" is a refund MyFatoorah will not make.
     */
    async findRefund(input) {
      const json = await call("GetRefundStatus", { Key: input.providerPaymentId, KeyType: "InvoiceId" });
      const results = isRecord(json.Data) && Array.isArray(json.Data.RefundStatusResult) ? json.Data.RefundStatusResult : null;
      if (!results) throw malformed("GetRefundStatus", "Data.RefundStatusResult");
      const found = results.filter(isRecord).find((result) => result.ExternalIdentifier === input.reference);
      if (!found) return null;
      const refundId = idOf(found.RefundId) ?? (typeof found.RefundReference === "string" && found.RefundReference ? found.RefundReference : undefined);
      if (!refundId) throw malformed("GetRefundStatus", "RefundId");
      const status = found.RefundStatus === "Refunded" ? "refunded" : found.RefundStatus === "Canceled" ? "cancelled" : "pending";
      return { refundId, status };
    },

    /**
     * A Webhook V2 delivery with a valid signature names the invoice of a PAYMENT_STATUS_CHANGED event. A validly
     * signed event about something else (refunds, deposits, suppliers, recurring, disputes) answers an empty
     * providerPaymentId: the caller acknowledges it and ignores it, so MyFatoorah does not retry it as a failure.
     */
    async parseWebhook(request) {
      let body: string;
      try {
        body = await request.text();
      } catch {
        return null;
      }
      if (!verifyMyFatoorahWebhook(body, request.headers.get("MyFatoorah-Signature"), config.webhookSecret)) return null;
      const event = parseJson(body) as { Event: Json; Data: Json };
      if (Number(event.Event.Code) !== PAYMENT_STATUS_CHANGED) return { providerPaymentId: "" };
      const invoice = isRecord(event.Data.Invoice) ? event.Data.Invoice : {};
      return { providerPaymentId: idOf(invoice.Id) ?? "" };
    },
  };
}
