/**
 * A local stand-in for MyFatoorah API v2, its hosted payment page and its Webhook V2 deliveries, shaped after:
 * - https://docs.myfatoorah.com/reference/initiate-payment
 * - https://docs.myfatoorah.com/reference/execute-payment
 * - https://docs.myfatoorah.com/reference/get-payment-status and https://docs.myfatoorah.com/docs/payment-inquiry
 * - https://docs.myfatoorah.com/reference/make-refund and https://docs.myfatoorah.com/docs/refund
 * - https://docs.myfatoorah.com/docs/getrefundstatus (KeyType InvoiceId, RefundReference or RefundId; RefundStatusResult)
 * - https://docs.myfatoorah.com/docs/update-payment-status-guidelines (paymentId appended to CallBack/Error URL)
 * - https://docs.myfatoorah.com/docs/webhook-v2 and https://docs.myfatoorah.com/docs/webhook-v2-payment-status-data-model
 * - https://docs.myfatoorah.com/docs/webhook-signature
 * Where the docs say nothing (the body of a 401, the wording of refusals, ids of methods beyond the reference's
 * sample), the fake picks something plausible and says so next to it.
 *
 * In-process: `await startFakeMyFatoorah({ apiKey, webhookSecret })`. As its own process (for Playwright):
 * `PORT=… MYFATOORAH_API_KEY=… MYFATOORAH_WEBHOOK_SECRET=… WEBHOOK_URL=… tsx tests/fakes/myfatoorah.ts` prints
 * `listening <url>`; `POST /__control` and `GET /__state` then drive and inspect it from another process.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

/**
 * How the next /v2 request goes wrong. "drop" and "hang" do the work first (a refund is recorded) and then lose the
 * answer: "drop" cuts the connection, "hang" never answers, so the client times out. A gateway that acted but whose
 * answer never arrived is what a retry must not repeat.
 */
export type FakeFailure = "500" | "malformed" | "refuse" | "drop" | "hang";

export type FakeTransaction = {
  PaymentId: string;
  TransactionId: string;
  TrackId: string;
  ReferenceId: string;
  AuthorizationId: string;
  TransactionDate: string;
  /** GetPaymentStatus spells success "Succss". */
  TransactionStatus: "Succss" | "Failed";
  PaymentGateway: string;
  Error: string | null;
  ErrorCode: string;
  /** Masked like the gateway's "512345xxxxxx0008"; the full number is never kept. */
  CardNumber: string | null;
};

export type FakeRefund = {
  RefundId: number;
  RefundReference: string;
  amountFils: number;
  Comment: string | null;
  ExternalIdentifier: string | null;
  /** MakeRefund files a request; MyFatoorah's finance team refunds later, so the fake never moves past Pending. */
  RefundStatus: "Pending";
};

export type FakeInvoice = {
  InvoiceId: number;
  InvoiceReference: string;
  InvoiceStatus: "Pending" | "Paid";
  valueFils: number;
  PaymentMethodId: number;
  PaymentMethodCode: string;
  CustomerName: string | null;
  CustomerEmail: string | null;
  CustomerMobile: string | null;
  MobileCountryCode: string | null;
  CustomerReference: string | null;
  UserDefinedField: string | null;
  Language: string | null;
  CallBackUrl: string | null;
  ErrorUrl: string | null;
  WebhookUrl: string | null;
  createdAt: Date;
  expiresAt: Date;
  transactions: FakeTransaction[];
  refunds: FakeRefund[];
};

export type FakeCall = { method: string; path: string; body: unknown; rawBody: string; authorized: boolean };

/** A refund request kept waiting by `holdNextRefund`. */
export type RefundHold = { arrived: Promise<void>; release(): void };

export type FakeMyFatoorah = {
  /** Base URL without /v2, like https://apitest.myfatoorah.com. */
  url: string;
  close(): Promise<void>;
  setDelay(ms: number): void;
  failNext(kind: FakeFailure): void;
  /**
   * The next refund request waits, once recorded, until the test lets it go: `arrived` resolves when it has come,
   * `release` lets the gateway go on and answer. A gateway that answers a refund slowly, at the moment a test chooses.
   */
  holdNextRefund(): RefundHold;
  invoices: Map<string, FakeInvoice>;
  /** Requests to /v2 and the payment page, without the Authorization header and without card numbers. */
  calls: FakeCall[];
  sendWebhook(invoiceId: string | number, options?: { signature?: "wrong" | "missing" }): Promise<{ status: number; body: string }>;
};

type Method = { PaymentMethodId: number; PaymentMethodCode: string; PaymentMethodEn: string; PaymentMethodAr: string; card: boolean };

/**
 * Apple Pay 11, KNET 1 and VISA/MASTER 2 are the ids and codes of the InitiatePayment reference's sample. AMEX (3,
 * "ae") and Google Pay ("gp") are here so a client has something to skip; the gateway's ids for them vary by
 * account, so 3 and 32 are placeholders.
 */
const METHODS: Method[] = [
  { PaymentMethodId: 11, PaymentMethodCode: "ap", PaymentMethodEn: "Apple Pay", PaymentMethodAr: "أبل الدفع", card: false },
  { PaymentMethodId: 1, PaymentMethodCode: "kn", PaymentMethodEn: "KNET", PaymentMethodAr: "كي نت", card: false },
  { PaymentMethodId: 2, PaymentMethodCode: "vm", PaymentMethodEn: "VISA/MASTER", PaymentMethodAr: "فيزا / ماستر", card: true },
  { PaymentMethodId: 3, PaymentMethodCode: "ae", PaymentMethodEn: "AMEX", PaymentMethodAr: "اميكس", card: true },
  { PaymentMethodId: 32, PaymentMethodCode: "gp", PaymentMethodEn: "Google Pay", PaymentMethodAr: "جوجل باي", card: false },
];
const CURRENCIES = ["KWD", "SAR", "BHD", "AED", "QAR", "OMR", "JOD", "EGP"];
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const KUWAIT_UTC_OFFSET_MS = 3 * 60 * 60 * 1000;

function kwd(fils: number): number {
  return Number((fils / 1000).toFixed(3));
}

/** "12,345.000", the way TransationValue and InvoiceDisplayValue print amounts. */
function kwdText(fils: number): string {
  return (fils / 1000).toLocaleString("en-US", { minimumFractionDigits: 3, maximumFractionDigits: 3 });
}

function digits(length: number): string {
  let out = "";
  while (out.length < length) out += crypto.randomInt(0, 10).toString();
  return out;
}

/** ISO local time without a zone and with 7 fractional digits, as GetPaymentStatus prints TransactionDate. */
function gatewayDate(date: Date): string {
  return `${new Date(date.getTime() + KUWAIT_UTC_OFFSET_MS).toISOString().slice(0, 23)}0000`;
}

function expiryParts(date: Date): { ExpiryDate: string; ExpiryTime: string } {
  const kuwait = new Date(date.getTime() + KUWAIT_UTC_OFFSET_MS);
  return {
    ExpiryDate: `${MONTHS[kuwait.getUTCMonth()]} ${kuwait.getUTCDate()}, ${kuwait.getUTCFullYear()}`,
    ExpiryTime: kuwait.toISOString().slice(11, 23),
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function stringOrNull(value: unknown): string | null {
  return typeof value === "string" && value !== "" ? value : null;
}

function refusal(errors: { Name: string; Error: string }[], message = "Invalid data") {
  return { IsSuccess: false, Message: message, ValidationErrors: errors, Data: null };
}

/** Webhook V2 PAYMENT_STATUS_CHANGED signature: the documented fields, in the documented order, joined by ",". */
function signPaymentEvent(data: { Invoice: Record<string, unknown>; Transaction: Record<string, unknown> }, secret: string): string {
  const value = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  const signed = [
    `Invoice.Id=${value(data.Invoice.Id)}`,
    `Invoice.Status=${value(data.Invoice.Status)}`,
    `Transaction.Status=${value(data.Transaction.Status)}`,
    `Transaction.PaymentId=${value(data.Transaction.PaymentId)}`,
    `Invoice.ExternalIdentifier=${value(data.Invoice.ExternalIdentifier)}`,
  ].join(",");
  return crypto.createHmac("sha256", Buffer.from(secret, "utf8")).update(signed, "utf8").digest("base64");
}

function readBody(request: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: http.ServerResponse, status: number, body: string, type = "application/json; charset=utf-8") {
  response.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}

export async function startFakeMyFatoorah(options: {
  apiKey: string;
  webhookSecret: string;
  webhookUrl?: string;
  port?: number;
  /** How long a webhook delivery waits for the shop's answer (default 10 s); a test that loads the shop heavily waits longer. */
  webhookTimeoutMs?: number;
}): Promise<FakeMyFatoorah> {
  const invoices = new Map<string, FakeInvoice>();
  const calls: FakeCall[] = [];
  let delayMs = 0;
  let pendingFailure: FakeFailure | null = null;
  let refundHold: { arrived(): void; released: Promise<void> } | null = null;
  // The shop keeps invoice ids unique (Payment.providerPaymentId), and the test files of a vitest worker share one
  // database, each with a fake of its own: a start drawn from 89,990 blocks of a thousand, not a thousand blocks of a
  // hundred, so two fakes of one worker do not hand out the same id (fc1 of 30 November met one). Eight digits, as
  // the documentation's invoice ids are seven or eight; the PaymentId made from it stays at 20 digits.
  let nextInvoiceId = 10_000_000 + crypto.randomInt(0, 89_990) * 1000;
  let nextRefundId = 275_000;
  let nextWebhook = 626_500;
  let url = "";

  function methodOf(id: unknown): Method | undefined {
    return METHODS.find((method) => method.PaymentMethodId === Number(id));
  }

  function remainingFils(invoice: FakeInvoice): number {
    return invoice.valueFils - invoice.refunds.reduce((sum, refund) => sum + refund.amountFils, 0);
  }

  function findInvoice(key: string, keyType: string): FakeInvoice | undefined {
    switch (keyType.toLowerCase()) {
      case "invoiceid":
        return invoices.get(key);
      case "paymentid":
        return [...invoices.values()].find((invoice) => invoice.transactions.some((transaction) => transaction.PaymentId === key));
      case "customerreference":
        return [...invoices.values()].reverse().find((invoice) => invoice.CustomerReference === key);
      default:
        return undefined;
    }
  }

  function statusData(invoice: FakeInvoice) {
    const method = methodOf(invoice.PaymentMethodId);
    return {
      InvoiceId: invoice.InvoiceId,
      InvoiceStatus: invoice.InvoiceStatus,
      InvoiceReference: invoice.InvoiceReference,
      CustomerReference: invoice.CustomerReference,
      CreatedDate: gatewayDate(invoice.createdAt).slice(0, 23),
      ...expiryParts(invoice.expiresAt),
      InvoiceValue: kwd(invoice.valueFils),
      Comments: null,
      CustomerName: invoice.CustomerName ?? "Anonymous",
      CustomerMobile: `${invoice.MobileCountryCode ?? "+965"}${invoice.CustomerMobile ?? ""}`,
      CustomerEmail: invoice.CustomerEmail,
      UserDefinedField: invoice.UserDefinedField,
      InvoiceDisplayValue: `${kwdText(invoice.valueFils)} KD`,
      DueDeposit: kwd(invoice.valueFils),
      DepositStatus: "Not Deposited",
      InvoiceItems: [],
      InvoiceTransactions: invoice.transactions.map((transaction) => ({
        TransactionDate: transaction.TransactionDate,
        PaymentGateway: transaction.PaymentGateway,
        ReferenceId: transaction.ReferenceId,
        TrackId: transaction.TrackId,
        TransactionId: transaction.TransactionId,
        PaymentId: transaction.PaymentId,
        AuthorizationId: transaction.AuthorizationId,
        TransactionStatus: transaction.TransactionStatus,
        TransationValue: kwdText(invoice.valueFils),
        CustomerServiceCharge: "0.000",
        TotalServiceCharge: "0.000",
        DueValue: kwdText(invoice.valueFils),
        PaidCurrency: "KD",
        PaidCurrencyValue: kwdText(invoice.valueFils),
        VatAmount: "0.000",
        IpAddress: "127.0.0.1",
        Country: "Kuwait",
        Currency: "KD",
        Error: transaction.Error,
        CardNumber: transaction.CardNumber,
        ErrorCode: transaction.ErrorCode,
        ECI: method?.card ? "02" : "",
        Card: transaction.CardNumber
          ? { NameOnCard: "", Number: transaction.CardNumber, Token: "", Brand: "Visa", Issuer: "Test Bank", IssuerCountry: "KWT", FundingMethod: "credit" }
          : null,
      })),
      Suppliers: [],
    };
  }

  function webhookEvent(invoice: FakeInvoice) {
    const transaction = invoice.transactions.at(-1);
    if (!transaction) throw new Error(`Invoice ${invoice.InvoiceId} has no transaction to report`);
    const method = methodOf(invoice.PaymentMethodId);
    return {
      Event: {
        Code: 1,
        Name: "PAYMENT_STATUS_CHANGED",
        CountryIsoCode: "KWT",
        CreationDate: new Date().toISOString(),
        Reference: `WH-${nextWebhook++}`,
      },
      Data: {
        Invoice: {
          Id: String(invoice.InvoiceId),
          Status: invoice.InvoiceStatus.toUpperCase(),
          Reference: invoice.InvoiceReference,
          CreationDate: invoice.createdAt.toISOString(),
          ExpirationDate: invoice.expiresAt.toISOString(),
          UserDefinedField: invoice.UserDefinedField ?? "",
          // The docs fill this from a CustomerIdentifier that ExecutePayment v2 does not document; the fake uses
          // CustomerReference so that a non-empty value is signed.
          ExternalIdentifier: invoice.CustomerReference ?? "",
          MetaData: null,
        },
        Transaction: {
          Id: transaction.TransactionId,
          Status: transaction.TransactionStatus === "Succss" ? "SUCCESS" : "FAILED",
          PaymentMethod: method?.PaymentMethodEn ?? "",
          PaymentId: transaction.PaymentId,
          ReferenceId: transaction.ReferenceId,
          TrackId: transaction.TrackId,
          AuthorizationId: transaction.AuthorizationId,
          TransactionDate: new Date().toISOString(),
          ECI: method?.card ? "02" : "",
          IP: { Address: "127.0.0.1", Country: "Kuwait" },
          Error: { Code: transaction.ErrorCode, Message: transaction.Error ?? "" },
          Card: transaction.CardNumber ? { NameOnCard: "", Number: transaction.CardNumber, Brand: "Visa", Issuer: "Test Bank" } : null,
        },
        Customer: { Name: invoice.CustomerName ?? "Anonymous", Mobile: `${invoice.MobileCountryCode ?? "+965"}${invoice.CustomerMobile ?? ""}`, Email: "" },
        Amount: {
          BaseCurrency: "KWD",
          ValueInBaseCurrency: String(kwd(invoice.valueFils)),
          ServiceCharge: "0",
          ServiceChargeVAT: "0",
          ReceivableAmount: String(kwd(invoice.valueFils)),
          DisplayCurrency: "KWD",
          ValueInDisplayCurrency: String(kwd(invoice.valueFils)),
          PayCurrency: "KWD",
          ValueInPayCurrency: String(kwd(invoice.valueFils)),
        },
        Suppliers: [],
      },
    };
  }

  async function sendWebhook(invoiceId: string | number, how: { signature?: "wrong" | "missing" } = {}) {
    const invoice = invoices.get(String(invoiceId));
    if (!invoice) throw new Error(`No invoice ${invoiceId}`);
    const target = options.webhookUrl ?? invoice.WebhookUrl;
    if (!target) throw new Error("The fake has no webhook URL to post to");
    const event = webhookEvent(invoice);
    const headers: Record<string, string> = { "Content-Type": "application/json", "MyFatoorah-Webhook-Version": "v2" };
    if (how.signature !== "missing") {
      headers["MyFatoorah-Signature"] = signPaymentEvent(event.Data, how.signature === "wrong" ? `${options.webhookSecret}-not` : options.webhookSecret);
    }
    const response = await fetch(target, { method: "POST", headers, body: JSON.stringify(event), signal: AbortSignal.timeout(options.webhookTimeoutMs ?? 10_000) });
    return { status: response.status, body: await response.text() };
  }

  /** ExecutePayment's documented limits, with the refusal wording of the reference's 400 example where there is one. */
  function validateExecute(body: Record<string, unknown>): { Name: string; Error: string }[] {
    const errors: { Name: string; Error: string }[] = [];
    const value = body.InvoiceValue;
    if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
      errors.push({ Name: "InvoiceValue", Error: "Invoice value must be more than 0" });
    } else if (Math.abs(value * 1000 - Math.round(value * 1000)) > 1e-6) {
      errors.push({ Name: "InvoiceValue", Error: "Invoice value accepts at most 3 decimal places" });
    }
    if (!methodOf(body.PaymentMethodId)) errors.push({ Name: "PaymentMethodId", Error: "Payment method is not enabled for this account" });
    if (body.DisplayCurrencyIso !== undefined && !CURRENCIES.includes(String(body.DisplayCurrencyIso))) {
      errors.push({ Name: "DisplayCurrencyIso", Error: "Invalid currency" });
    }
    if (body.Language !== undefined && body.Language !== "EN" && body.Language !== "AR") errors.push({ Name: "Language", Error: "Invalid language" });
    if (body.CustomerMobile !== undefined && !/^\d{0,11}$/.test(String(body.CustomerMobile))) {
      errors.push({ Name: "CustomerMobile", Error: "Mobile number must be up to 11 digits" });
    }
    for (const name of ["CallBackUrl", "ErrorUrl"]) {
      const target = body[name];
      if (target === undefined) continue;
      if (typeof target !== "string" || target.length > 254 || !URL.canParse(target)) errors.push({ Name: name, Error: "Invalid URL" });
    }
    return errors;
  }

  async function api(endpoint: string, body: Record<string, unknown>): Promise<[number, unknown]> {
    switch (endpoint) {
      case "InitiatePayment": {
        const amount = typeof body.InvoiceAmount === "number" ? body.InvoiceAmount : 0;
        if (amount <= 0) return [400, refusal([{ Name: "InvoiceAmount", Error: "Invoice amount must be more than 0" }])];
        return [
          200,
          {
            IsSuccess: true,
            Message: "Initiated Successfully!",
            ValidationErrors: null,
            Data: {
              PaymentMethods: METHODS.map((method) => ({
                PaymentMethodId: method.PaymentMethodId,
                PaymentMethodAr: method.PaymentMethodAr,
                PaymentMethodEn: method.PaymentMethodEn,
                PaymentMethodCode: method.PaymentMethodCode,
                IsDirectPayment: false,
                ServiceCharge: 0,
                TotalAmount: amount,
                CurrencyIso: body.CurrencyIso ?? "KWD",
                ImageUrl: `${url}/imgs/payment-methods/${method.PaymentMethodCode}.png`,
                IsEmbeddedSupported: method.card,
                PaymentCurrencyIso: "KWD",
              })),
            },
          },
        ];
      }
      case "ExecutePayment": {
        const errors = validateExecute(body);
        if (errors.length > 0) return [400, refusal(errors)];
        const method = methodOf(body.PaymentMethodId) as Method;
        const invoiceId = nextInvoiceId++;
        const createdAt = new Date();
        const invoice: FakeInvoice = {
          InvoiceId: invoiceId,
          InvoiceReference: `${createdAt.getUTCFullYear()}${String(invoiceId % 1_000_000).padStart(6, "0")}`,
          InvoiceStatus: "Pending",
          valueFils: Math.round((body.InvoiceValue as number) * 1000),
          PaymentMethodId: method.PaymentMethodId,
          PaymentMethodCode: method.PaymentMethodCode,
          CustomerName: stringOrNull(body.CustomerName),
          CustomerEmail: stringOrNull(body.CustomerEmail),
          CustomerMobile: stringOrNull(body.CustomerMobile),
          MobileCountryCode: stringOrNull(body.MobileCountryCode),
          CustomerReference: stringOrNull(body.CustomerReference),
          UserDefinedField: stringOrNull(body.UserDefinedField),
          Language: stringOrNull(body.Language),
          CallBackUrl: stringOrNull(body.CallBackUrl),
          ErrorUrl: stringOrNull(body.ErrorUrl),
          WebhookUrl: stringOrNull(body.WebhookUrl),
          createdAt,
          // The portal's default link lifetime applies when ExpiryDate is not sent; the docs' samples show 3 days.
          expiresAt:
            typeof body.ExpiryDate === "string" && !Number.isNaN(Date.parse(body.ExpiryDate))
              ? new Date(body.ExpiryDate)
              : new Date(createdAt.getTime() + 3 * 86_400_000),
          transactions: [],
          refunds: [],
        };
        invoices.set(String(invoiceId), invoice);
        return [
          200,
          {
            IsSuccess: true,
            Message: "Invoice Created Successfully!",
            ValidationErrors: null,
            Data: {
              InvoiceId: invoiceId,
              IsDirectPayment: false,
              PaymentURL: `${url}/pay/${invoiceId}`,
              CustomerReference: invoice.CustomerReference,
              UserDefinedField: invoice.UserDefinedField,
              RecurringId: "",
            },
          },
        ];
      }
      case "GetPaymentStatus": {
        const invoice = typeof body.Key === "string" || typeof body.Key === "number" ? findInvoice(String(body.Key), String(body.KeyType ?? "")) : undefined;
        // The docs give no example of an unknown key; this wording is the fake's.
        if (!invoice) return [400, refusal([{ Name: "Key", Error: "No data match with the provided key type and value" }])];
        return [200, { IsSuccess: true, Message: "", ValidationErrors: null, Data: statusData(invoice) }];
      }
      case "GetRefundStatus": {
        const key = typeof body.Key === "string" || typeof body.Key === "number" ? String(body.Key) : "";
        const keyType = String(body.KeyType ?? "").toLowerCase();
        const all = [...invoices.values()].flatMap((invoice) => invoice.refunds.map((refund) => ({ invoice, refund })));
        const found =
          keyType === "invoiceid"
            ? all.filter(({ invoice }) => String(invoice.InvoiceId) === key)
            : keyType === "refundid"
              ? all.filter(({ refund }) => String(refund.RefundId) === key)
              : keyType === "refundreference"
                ? all.filter(({ refund }) => refund.RefundReference === key)
                : null;
        if (found === null) return [400, refusal([{ Name: "KeyType", Error: "Supported key types are InvoiceId, RefundReference and RefundId" }])];
        // The docs show no answer for an invoice without refunds; an empty list is the fake's choice.
        if (keyType === "invoiceid" && !invoices.has(key)) return [400, refusal([{ Name: "Key", Error: "No data match with the provided key type and value" }])];
        return [
          200,
          {
            IsSuccess: true,
            Message: "",
            ValidationErrors: null,
            Data: {
              RefundStatusResult: found.map(({ invoice, refund }) => ({
                RefundId: refund.RefundId,
                RefundStatus: refund.RefundStatus,
                InvoiceId: invoice.InvoiceId,
                Amount: kwd(refund.amountFils),
                RefundReference: refund.RefundReference,
                ExternalIdentifier: refund.ExternalIdentifier,
                RRN: null,
                RefundAmount: kwd(refund.amountFils),
                BaseCurrency: "KWD",
              })),
            },
          },
        ];
      }
      case "MakeRefund": {
        const invoice = typeof body.Key === "string" || typeof body.Key === "number" ? findInvoice(String(body.Key), String(body.KeyType ?? "")) : undefined;
        if (!invoice || !["invoiceid", "paymentid"].includes(String(body.KeyType).toLowerCase())) {
          return [400, refusal([{ Name: "Key", Error: "No data match with the provided key type and value" }])];
        }
        const amount = body.Amount;
        if (typeof amount !== "number" || !Number.isFinite(amount) || amount <= 0) {
          return [400, refusal([{ Name: "Amount", Error: "Amount must be more than 0" }])];
        }
        if (invoice.InvoiceStatus !== "Paid") return [400, refusal([{ Name: "Key", Error: "The invoice is not paid" }])];
        const amountFils = Math.round(amount * 1000);
        // The refund guide: "an error when … trying to refund more money than is left on a charge".
        if (amountFils > remainingFils(invoice)) {
          return [400, refusal([{ Name: "Amount", Error: `The refund amount exceeds the remaining ${kwdText(remainingFils(invoice))} KD` }])];
        }
        const refund: FakeRefund = {
          RefundId: nextRefundId++,
          RefundReference: `${new Date().getUTCFullYear()}${String(nextRefundId).padStart(6, "0")}`,
          amountFils,
          Comment: stringOrNull(body.Comment),
          ExternalIdentifier: stringOrNull(body.ExternalIdentifier),
          RefundStatus: "Pending",
        };
        invoice.refunds.push(refund);
        return [
          200,
          {
            IsSuccess: true,
            Message: "Refund processed successfully",
            ValidationErrors: null,
            Data: {
              Key: String(body.Key),
              RefundId: refund.RefundId,
              RefundReference: refund.RefundReference,
              RefundInvoiceId: String(invoice.InvoiceId),
              Amount: kwd(amountFils),
              Comment: refund.Comment,
              ExternalIdentifier: refund.ExternalIdentifier,
            },
          },
        ];
      }
      default:
        return [404, { Message: `No HTTP resource was found that matches the request URI '${url}/v2/${endpoint}'.` }];
    }
  }

  function paymentPage(invoice: FakeInvoice, problem?: string): string {
    const method = methodOf(invoice.PaymentMethodId) as Method;
    const card = method.card
      ? `<p><label>Card number <input name="cardNumber" inputmode="numeric" autocomplete="cc-number"></label></p>`
      : "";
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>MyFatoorah (fake) – ${escapeHtml(method.PaymentMethodEn)}</title></head>
<body>
<h1>Pay ${escapeHtml(kwdText(invoice.valueFils))} KD</h1>
<p>Invoice ${invoice.InvoiceId} by ${escapeHtml(method.PaymentMethodEn)}</p>
${problem ? `<p role="alert">${escapeHtml(problem)}</p>` : ""}
<form method="post" action="/pay/${invoice.InvoiceId}">
${card}
<button type="submit" name="action" value="approve">Approve</button>
<button type="submit" name="action" value="decline">Decline</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>
</body></html>`;
  }

  async function pay(request: http.IncomingMessage, response: http.ServerResponse, invoice: FakeInvoice) {
    const form = new URLSearchParams(await readBody(request));
    const action = form.get("action");
    calls.push({ method: "POST", path: `/pay/${invoice.InvoiceId}`, body: { action }, rawBody: "", authorized: false });
    const method = methodOf(invoice.PaymentMethodId) as Method;
    if (invoice.InvoiceStatus === "Paid") return send(response, 409, paymentPage(invoice, "This invoice is already paid."), "text/html; charset=utf-8");
    if (action !== "approve" && action !== "decline" && action !== "cancel") {
      return send(response, 400, paymentPage(invoice, "Choose Approve, Decline or Cancel."), "text/html; charset=utf-8");
    }
    let masked: string | null = null;
    if (method.card && action !== "cancel") {
      const number = (form.get("cardNumber") ?? "").replace(/[\s-]/g, "");
      if (!/^\d{12,19}$/.test(number)) return send(response, 400, paymentPage(invoice, "Enter a card number."), "text/html; charset=utf-8");
      masked = `${number.slice(0, 6)}xxxxxx${number.slice(-4)}`;
    }
    const approved = action === "approve";
    const now = new Date();
    const transaction: FakeTransaction = {
      // Real PaymentIds are 18–20 digits and may start with 0 ("07076424733325055272"), so they stay strings.
      PaymentId: `0707${invoice.InvoiceId}${digits(16 - String(invoice.InvoiceId).length)}`,
      TransactionId: digits(15),
      TrackId: `${now.toISOString().slice(8, 10)}-${now.toISOString().slice(5, 7)}-${now.getUTCFullYear()}_${digits(7)}`,
      ReferenceId: digits(12),
      AuthorizationId: approved ? digits(6) : "",
      TransactionDate: gatewayDate(now),
      TransactionStatus: approved ? "Succss" : "Failed",
      PaymentGateway: method.PaymentMethodEn,
      // "Transaction canceled!" / MF006 is the failed attempt in the Payment Inquiry page's example response. The
      // decline wording is the fake's; the docs' Error Codes table was not available to copy a code from.
      Error: approved ? null : action === "cancel" ? "Transaction canceled!" : "Declined by the card issuer",
      ErrorCode: approved ? "" : action === "cancel" ? "MF006" : "",
      CardNumber: masked,
    };
    invoice.transactions.push(transaction);
    if (approved) invoice.InvoiceStatus = "Paid";
    const back = approved ? invoice.CallBackUrl : (invoice.ErrorUrl ?? invoice.CallBackUrl);
    if (!back) return send(response, 200, `<!doctype html><p>${approved ? "Paid" : "Not paid"}</p>`, "text/html; charset=utf-8");
    // The gateway appends paymentId and Id (same value) to whatever query the URL already has.
    const location = new URL(back);
    location.searchParams.append("paymentId", transaction.PaymentId);
    location.searchParams.append("Id", transaction.PaymentId);
    response.writeHead(302, { Location: location.toString() });
    response.end();
  }

  async function control(body: Record<string, unknown>) {
    if (typeof body.delayMs === "number") delayMs = body.delayMs;
    if (["500", "malformed", "refuse", "drop", "hang"].includes(String(body.failNext))) pendingFailure = body.failNext as FakeFailure;
    if (typeof body.sendWebhook === "object" && body.sendWebhook !== null) {
      const { invoiceId, signature } = body.sendWebhook as { invoiceId?: string | number; signature?: "wrong" | "missing" };
      if (invoiceId === undefined) return { ok: false, error: "sendWebhook needs an invoiceId" };
      try {
        return { ok: true, webhook: await sendWebhook(invoiceId, { signature }) };
      } catch (error) {
        return { ok: false, error: error instanceof Error ? error.message : "the webhook could not be delivered" };
      }
    }
    return { ok: true };
  }

  const server = http.createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, JSON.stringify({ Message: error instanceof Error ? error.message : "fake failure" }));
      else response.destroy();
    });
  });

  async function handle(request: http.IncomingMessage, response: http.ServerResponse) {
    const path = new URL(request.url ?? "/", "http://fake").pathname;

    if (path === "/__state" && request.method === "GET") {
      return send(response, 200, JSON.stringify({ invoices: [...invoices.values()], calls }));
    }
    if (path === "/__control" && request.method === "POST") {
      const body = JSON.parse((await readBody(request)) || "{}") as Record<string, unknown>;
      return send(response, 200, JSON.stringify(await control(body)));
    }

    const page = /^\/pay\/(\d+)$/.exec(path);
    if (page) {
      const invoice = invoices.get(page[1]);
      if (!invoice) return send(response, 404, "<!doctype html><p>Unknown invoice</p>", "text/html; charset=utf-8");
      if (request.method === "POST") return pay(request, response, invoice);
      calls.push({ method: "GET", path, body: null, rawBody: "", authorized: false });
      return send(response, 200, paymentPage(invoice), "text/html; charset=utf-8");
    }

    const endpoint = /^\/v2\/([A-Za-z]+)$/.exec(path)?.[1];
    if (!endpoint || request.method !== "POST") return send(response, 404, JSON.stringify({ Message: "Not found" }));
    const rawBody = await readBody(request);
    const authorized = request.headers.authorization === `Bearer ${options.apiKey}`;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(rawBody);
    } catch {
      parsed = null;
    }
    calls.push({ method: "POST", path, body: parsed, rawBody, authorized });
    if (refundHold && endpoint === "MakeRefund") {
      const hold = refundHold;
      refundHold = null;
      hold.arrived();
      await hold.released;
    }
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (response.destroyed) return;

    const failure = pendingFailure;
    pendingFailure = null;
    if (failure === "500") return send(response, 500, "<html><body><h1>500 Internal Server Error</h1></body></html>", "text/html");
    // The docs do not show a 401 body; an empty one is what a client must cope with anyway.
    if (!authorized) return send(response, 401, "");
    if (failure === "malformed") return send(response, 200, '{"IsSuccess":true,"Message":"","Data":{"InvoiceId":');
    if (failure === "refuse") return send(response, 400, JSON.stringify(refusal([{ Name: "Key", Error: "Refused by the fake, as asked" }])));
    if (failure === "drop" || failure === "hang") {
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) await api(endpoint, parsed as Record<string, unknown>);
      // "hang" keeps the connection open without a word until the client gives up (or the fake closes).
      if (failure === "drop") response.destroy();
      return;
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      return send(response, 400, JSON.stringify(refusal([{ Name: "request", Error: "The request is invalid." }], "The request is invalid.")));
    }
    const [status, body] = await api(endpoint, parsed as Record<string, unknown>);
    return send(response, status, JSON.stringify(body));
  }

  // Node closes an idle connection after 5 s, the very moment a client polling every 5 s reuses it (ECONNRESET on a
  // loaded machine). Gateways sit behind load balancers that keep connections far longer; so does the fake.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    invoices,
    calls,
    setDelay(ms) {
      delayMs = ms;
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
    sendWebhook,
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

const runDirectly = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;

if (runDirectly) {
  const apiKey = process.env.MYFATOORAH_API_KEY;
  const webhookSecret = process.env.MYFATOORAH_WEBHOOK_SECRET;
  if (!apiKey || !webhookSecret) {
    process.stderr.write("MYFATOORAH_API_KEY and MYFATOORAH_WEBHOOK_SECRET are required\n");
    process.exit(1);
  }
  const fake = await startFakeMyFatoorah({
    apiKey,
    webhookSecret,
    webhookUrl: process.env.WEBHOOK_URL || undefined,
    port: Number(process.env.PORT ?? 0),
  });
  process.stdout.write(`listening ${fake.url}\n`);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void fake.close().then(() => process.exit(0));
    });
  }
}
