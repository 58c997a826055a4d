/**
 * The MyFatoorah client against tests/fakes/myfatoorah.ts (which follows the same documentation pages as the
 * client: docs.myfatoorah.com/reference/{initiate-payment,execute-payment,get-payment-status,make-refund} and
 * docs.myfatoorah.com/docs/{payment-inquiry,webhook-signature,webhook-v2-payment-status-data-model}), plus the
 * docs' own sample payloads, so that the fake and the client cannot agree on a mistake unnoticed.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeMyFatoorah, type FakeMyFatoorah } from "../../tests/fakes/myfatoorah";
import { createMyFatoorahProvider, verifyMyFatoorahWebhook } from "./myfatoorah.server";
import { PaymentGatewayError, type CreatePaymentInput, type PaymentProvider } from "./provider.server";

const API_KEY = "SK_KWT_test-api-key-that-must-never-leak";
const WEBHOOK_SECRET = "webhook-secret-that-must-never-leak==";
const RETURN_URL = "https://shop.example/payment/return?orderId=ord_1";

type Received = { headers: http.IncomingHttpHeaders; body: string };

/** Stands in for the shop's webhook route: keeps what the fake posted so the test can hand it to parseWebhook. */
async function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payment/webhook/myfatoorah`;
  return { url, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

function asRequest(delivery: Received): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(delivery.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request("https://shop.example/api/payment/webhook/myfatoorah", { method: "POST", headers, body: delivery.body });
}

async function faultOf(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  const fault = error as PaymentGatewayError;
  expect(fault.message).not.toContain(API_KEY);
  expect(fault.message).not.toContain(WEBHOOK_SECRET);
  return fault;
}

describe("MyFatoorah provider against the fake gateway", () => {
  let fake: FakeMyFatoorah;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let provider: PaymentProvider;
  let counter = 0;

  beforeAll(async () => {
    receiver = await startReceiver();
    fake = await startFakeMyFatoorah({ apiKey: API_KEY, webhookSecret: WEBHOOK_SECRET, webhookUrl: receiver.url });
    provider = createMyFatoorahProvider({ apiKey: API_KEY, baseUrl: fake.url, webhookSecret: WEBHOOK_SECRET, timeoutMs: 5_000 });
  });

  afterEach(() => {
    fake.setDelay(0);
  });

  afterAll(async () => {
    await fake.close();
    await receiver.close();
  });

  function input(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
    counter += 1;
    return {
      reference: `ps_test${counter}`,
      orderId: `ord_${counter}`,
      orderNumber: `10${counter}`,
      amountFils: 12_345,
      customer: { name: "Fatma Al-Sabah", email: "fatma@example.com", phone: "+965 5555 1234" },
      language: "ar",
      methodId: "2",
      returnUrl: RETURN_URL,
      webhookUrl: receiver.url,
      ...overrides,
    };
  }

  /** Submits the hosted page's form the way a browser would, and answers where the gateway sends the shopper. */
  async function submit(redirectUrl: string, action: "approve" | "decline" | "cancel", cardNumber?: string): Promise<URL> {
    const form = new URLSearchParams({ action });
    if (cardNumber) form.set("cardNumber", cardNumber);
    const response = await fetch(redirectUrl, { method: "POST", body: form, redirect: "manual" });
    expect(response.status).toBe(302);
    return new URL(response.headers.get("location") as string);
  }

  it("lists one KNET, one card and one Apple Pay method with the gateway's ids", async () => {
    const methods = await provider.listMethods({ amountFils: 12_345, language: "en" });
    expect(methods).toEqual([
      { id: "1", kind: "knet" },
      { id: "2", kind: "card" },
      { id: "11", kind: "applepay" },
    ]);
    expect(fake.calls.at(-1)?.body).toEqual({ InvoiceAmount: 12.345, CurrencyIso: "KWD" });
  });

  it("creates the invoice with the KWD amount, our reference and the return URL, and sends the shopper to the payment page", async () => {
    const payment = input({ amountFils: 12_340 });
    const created = await provider.createPayment(payment);
    expect(created.redirectUrl).toBe(`${fake.url}/pay/${created.providerPaymentId}`);
    const call = fake.calls.at(-1);
    expect(call?.path).toBe("/v2/ExecutePayment");
    expect(call?.authorized).toBe(true);
    expect(call?.rawBody).toContain('"InvoiceValue":12.34');
    expect(call?.body).toMatchObject({
      PaymentMethodId: 2,
      InvoiceValue: 12.34,
      DisplayCurrencyIso: "KWD",
      CustomerName: "Fatma AlSabah",
      CustomerEmail: "fatma@example.com",
      MobileCountryCode: "+965",
      CustomerMobile: "55551234",
      Language: "AR",
      CustomerReference: payment.reference,
      UserDefinedField: payment.orderId,
      CallBackUrl: RETURN_URL,
      ErrorUrl: RETURN_URL,
      WebhookUrl: receiver.url,
    });
    expect(JSON.stringify(fake.calls)).not.toContain(API_KEY);
  });

  it("sends fils as KWD with three decimals and no float noise", async () => {
    await provider.createPayment(input({ amountFils: 8_033 }));
    expect(fake.calls.at(-1)?.rawBody).toContain('"InvoiceValue":8.033,');
  });

  it("reports a fresh invoice as pending", async () => {
    const { providerPaymentId } = await provider.createPayment(input());
    const remote = await provider.getPaymentStatus(providerPaymentId);
    expect(remote).toMatchObject({ status: "pending", providerPaymentId, amountFils: 12_345, currency: "KWD" });
  });

  it("reports an approved card payment as paid, by invoice id and by the paymentId on the return URL", async () => {
    const payment = input();
    const { providerPaymentId, redirectUrl } = await provider.createPayment(payment);
    const page = await fetch(redirectUrl);
    expect(await page.text()).toContain("Card number");

    const back = await submit(redirectUrl, "approve", "4111 1111 1111 1111");
    expect(`${back.origin}${back.pathname}`).toBe("https://shop.example/payment/return");
    expect(back.searchParams.get("orderId")).toBe("ord_1");
    const paymentId = back.searchParams.get("paymentId") as string;
    expect(paymentId).toMatch(/^\d{18,20}$/);
    expect(back.searchParams.get("Id")).toBe(paymentId);

    const expected = { status: "paid", providerPaymentId, reference: payment.reference, amountFils: 12_345, currency: "KWD", cardLast4: "1111" };
    expect(await provider.getPaymentStatus(providerPaymentId)).toEqual(expected);
    expect(fake.calls.at(-1)?.body).toEqual({ Key: providerPaymentId, KeyType: "InvoiceId" });
    expect(await provider.getPaymentStatus(providerPaymentId, back.searchParams)).toEqual(expected);
    expect(fake.calls.at(-1)?.body).toEqual({ Key: paymentId, KeyType: "PaymentId" });

    const stored = JSON.stringify(fake.invoices.get(providerPaymentId));
    expect(stored).toContain("411111xxxxxx1111");
    expect(stored).not.toContain("4111111111111111");
  });

  it("pays by KNET without a card number", async () => {
    const { providerPaymentId, redirectUrl } = await provider.createPayment(input({ methodId: "1" }));
    expect(await (await fetch(redirectUrl)).text()).not.toContain("Card number");
    const back = await submit(redirectUrl, "approve");
    const remote = await provider.getPaymentStatus(providerPaymentId, back.searchParams);
    expect(remote.status).toBe("paid");
    expect(remote.cardLast4).toBeUndefined();
  });

  it("reports a declined card as declined, with the gateway's reason", async () => {
    const { providerPaymentId, redirectUrl } = await provider.createPayment(input());
    const back = await submit(redirectUrl, "decline", "4000000000000002");
    expect(back.searchParams.get("orderId")).toBe("ord_1");
    const remote = await provider.getPaymentStatus(providerPaymentId, back.searchParams);
    expect(remote).toMatchObject({ status: "declined", providerPaymentId, message: "Declined by the card issuer", cardLast4: "0002" });
  });

  it("reports a payment the shopper cancelled on the payment page as cancelled, never paid", async () => {
    const { providerPaymentId, redirectUrl } = await provider.createPayment(input());
    const back = await submit(redirectUrl, "cancel");
    const remote = await provider.getPaymentStatus(providerPaymentId, back.searchParams);
    expect(remote.status).toBe("cancelled");
    expect(remote.message).toBe("Transaction canceled!");
    expect((await provider.getPaymentStatus(providerPaymentId)).status).toBe("cancelled");
  });

  it("lets a later approval win over an earlier decline on the same invoice", async () => {
    const { providerPaymentId, redirectUrl } = await provider.createPayment(input());
    await submit(redirectUrl, "decline", "4000000000000002");
    const back = await submit(redirectUrl, "approve", "5123450000000008");
    expect((await provider.getPaymentStatus(providerPaymentId)).status).toBe("paid");
    expect(await provider.getPaymentStatus(providerPaymentId, back.searchParams)).toMatchObject({ status: "paid", cardLast4: "0008" });
  });

  it("reports the other invoice's id when the return URL carries another invoice's paymentId", async () => {
    const mine = await provider.createPayment(input());
    const other = await provider.createPayment(input());
    const otherBack = await submit(other.redirectUrl, "approve", "4111111111111111");
    const remote = await provider.getPaymentStatus(mine.providerPaymentId, otherBack.searchParams);
    expect(remote.providerPaymentId).toBe(other.providerPaymentId);
    expect(remote.providerPaymentId).not.toBe(mine.providerPaymentId);
  });

  it("ignores a paymentId that is not a payment id and asks by invoice instead", async () => {
    const { providerPaymentId } = await provider.createPayment(input());
    const remote = await provider.getPaymentStatus(providerPaymentId, new URLSearchParams({ paymentId: "1 OR 1=1" }));
    expect(remote).toMatchObject({ status: "pending", providerPaymentId });
    expect(fake.calls.at(-1)?.body).toEqual({ Key: providerPaymentId, KeyType: "InvoiceId" });
  });

  it("files a partial refund with our reference, then refuses one above what is left", async () => {
    const { providerPaymentId, redirectUrl } = await provider.createPayment(input({ amountFils: 10_000 }));
    await submit(redirectUrl, "approve", "4111111111111111");

    const refund = await provider.refund({ providerPaymentId, amountFils: 4_000, reference: "rf_1", reason: "Damaged item" });
    expect(refund).toEqual({ refundId: expect.stringMatching(/^\d+$/), status: "pending" });
    expect(fake.calls.at(-1)?.body).toEqual({
      Key: providerPaymentId,
      KeyType: "InvoiceId",
      RefundChargeOnCustomer: false,
      ServiceChargeOnCustomer: false,
      Amount: 4,
      Comment: "Damaged item",
      ExternalIdentifier: "rf_1",
    });
    expect(fake.invoices.get(providerPaymentId)?.refunds).toEqual([
      expect.objectContaining({ RefundId: Number(refund.refundId), amountFils: 4_000, ExternalIdentifier: "rf_1", Comment: "Damaged item" }),
    ]);

    const fault = await faultOf(provider.refund({ providerPaymentId, amountFils: 6_001, reference: "rf_2", reason: "Too much" }));
    expect(fault.fault).toBe("refused");
    expect(fault.message).toContain("exceeds the remaining 6.000 KD");
    expect(fake.invoices.get(providerPaymentId)?.refunds).toHaveLength(1);

    await provider.refund({ providerPaymentId, amountFils: 6_000, reference: "rf_3", reason: "The rest" });
    expect(fake.invoices.get(providerPaymentId)?.refunds).toHaveLength(2);
  });

  it("refuses to refund an unpaid invoice", async () => {
    const { providerPaymentId } = await provider.createPayment(input());
    expect((await faultOf(provider.refund({ providerPaymentId, amountFils: 1_000, reference: "rf_x", reason: "x" }))).fault).toBe("refused");
  });

  it("gives up after timeoutMs with a timeout fault", async () => {
    const impatient = createMyFatoorahProvider({ apiKey: API_KEY, baseUrl: fake.url, webhookSecret: WEBHOOK_SECRET, timeoutMs: 200 });
    fake.setDelay(1_500);
    const started = Date.now();
    expect((await faultOf(impatient.listMethods({ amountFils: 1_000, language: "en" }))).fault).toBe("timeout");
    // The fake answers after 1.5 s: anything well under that means the client stopped waiting, even on a loaded machine.
    expect(Date.now() - started).toBeLessThan(1_300);
    expect((await faultOf(impatient.getPaymentStatus("1"))).fault).toBe("timeout");
  });

  it("turns an HTTP 500 into unavailable", async () => {
    fake.failNext("500");
    expect((await faultOf(provider.getPaymentStatus("1"))).fault).toBe("unavailable");
  });

  it("turns a body that is not JSON into malformed", async () => {
    fake.failNext("malformed");
    expect((await faultOf(provider.createPayment(input()))).fault).toBe("malformed");
  });

  it("turns a refusal into refused, with the gateway's validation message", async () => {
    fake.failNext("refuse");
    const fault = await faultOf(provider.listMethods({ amountFils: 1_000, language: "en" }));
    expect(fault.fault).toBe("refused");
    expect(fault.message).toContain("Refused by the fake, as asked");
  });

  it("turns a network failure into unavailable", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = createMyFatoorahProvider({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${port}`, webhookSecret: WEBHOOK_SECRET });
    expect((await faultOf(unreachable.listMethods({ amountFils: 1_000, language: "en" }))).fault).toBe("unavailable");
  });

  it("refuses a wrong API key without repeating any key", async () => {
    const wrongKey = "SK_KWT_wrong-key-also-secret";
    const wrong = createMyFatoorahProvider({ apiKey: wrongKey, baseUrl: fake.url, webhookSecret: WEBHOOK_SECRET });
    const fault = await faultOf(wrong.createPayment(input()));
    expect(fault.fault).toBe("refused");
    expect(fault.message).toContain("401");
    expect(fault.message).not.toContain(wrongKey);
    expect(fake.calls.at(-1)?.authorized).toBe(false);
  });

  it("refuses a payment method the account does not have", async () => {
    const fault = await faultOf(provider.createPayment(input({ methodId: "999" })));
    expect(fault.fault).toBe("refused");
    expect(fault.message).toContain("PaymentMethodId");
  });

  describe("Webhook V2", () => {
    async function deliver(signature?: "wrong" | "missing"): Promise<{ invoiceId: string; delivery: Received }> {
      const { providerPaymentId, redirectUrl } = await provider.createPayment(input());
      await submit(redirectUrl, "approve", "4111111111111111");
      const before = receiver.received.length;
      const answer = await fake.sendWebhook(providerPaymentId, { signature });
      expect(answer.status).toBe(200);
      expect(receiver.received).toHaveLength(before + 1);
      return { invoiceId: providerPaymentId, delivery: receiver.received[before] };
    }

    it("names the invoice of a correctly signed payment event", async () => {
      const { invoiceId, delivery } = await deliver();
      expect(await provider.parseWebhook(asRequest(delivery))).toEqual({ providerPaymentId: invoiceId });
    });

    it("answers null for a wrong or a missing signature", async () => {
      expect(await provider.parseWebhook(asRequest((await deliver("wrong")).delivery))).toBeNull();
      expect(await provider.parseWebhook(asRequest((await deliver("missing")).delivery))).toBeNull();
    });

    it("answers null when a signed field was changed after signing", async () => {
      const { delivery } = await deliver();
      const tampered = { ...delivery, body: delivery.body.replace('"Status":"SUCCESS"', '"Status":"FAILED"') };
      expect(tampered.body).not.toBe(delivery.body);
      expect(await provider.parseWebhook(asRequest(tampered))).toBeNull();
    });

    it("answers null for a body that is not an event, and an empty id for a signed event that is not about a payment", async () => {
      const junk = new Request("https://shop.example/hook", { method: "POST", headers: { "MyFatoorah-Signature": "abc" }, body: "not json" });
      expect(await provider.parseWebhook(junk)).toBeNull();

      const refundEvent = {
        Event: { Code: 2, Name: "REFUND_STATUS_CHANGED", CountryIsoCode: "KWT", CreationDate: "2025-05-13T06:06:20.4000000Z", Reference: "WH-128044" },
        Data: { Refund: { Id: "111147", Status: "REFUNDED" }, Amount: { BaseCurrency: "KWD", ValueInBaseCurrency: "30" }, ReferencedInvoice: { Id: "5620277" } },
      };
      const signed = "Refund.Id=111147,Refund.Status=REFUNDED,Amount.ValueInBaseCurrency=30,ReferencedInvoice.Id=5620277";
      const signature = crypto.createHmac("sha256", WEBHOOK_SECRET).update(signed).digest("base64");
      const request = new Request("https://shop.example/hook", { method: "POST", headers: { "MyFatoorah-Signature": signature }, body: JSON.stringify(refundEvent) });
      expect(await provider.parseWebhook(request)).toEqual({ providerPaymentId: "" });
    });
  });
});

describe("verifyMyFatoorahWebhook", () => {
  // The sample event and signing string of docs.myfatoorah.com/docs/webhook-v2-payment-status-data-model. The
  // expected signature was computed outside this code: printf '%s' '<signing string>' |
  // openssl dgst -sha256 -hmac 'test-secret-key' -binary | base64
  const documentedEvent = {
    Event: { Code: 1, Name: "PAYMENT_STATUS_CHANGED", CountryIsoCode: "KWT", CreationDate: "2026-01-04T08:15:00.9500000Z", Reference: "WH-626519" },
    Data: {
      Invoice: { Id: "6409988", Status: "PAID", Reference: "2026000073", UserDefinedField: "", ExternalIdentifier: "asdqwd-f13sdf-fasjkz" },
      Transaction: { Id: "86781", Status: "SUCCESS", PaymentMethod: "VISA/MASTER", PaymentId: "07076409988323998875" },
      Amount: { BaseCurrency: "KWD", ValueInBaseCurrency: "1" },
    },
  };
  const documentedSignature = "z0PP7PwjRfpiIU0XLFIp7vv1zx4ENLwSoh3oA9QcNJY=";

  it("accepts the documented example", () => {
    expect(verifyMyFatoorahWebhook(JSON.stringify(documentedEvent), documentedSignature, "test-secret-key")).toBe(true);
  });

  it("rejects another secret, another invoice, a missing signature and an unknown event code", () => {
    const body = JSON.stringify(documentedEvent);
    expect(verifyMyFatoorahWebhook(body, documentedSignature, "another-secret")).toBe(false);
    const otherInvoice = { ...documentedEvent, Data: { ...documentedEvent.Data, Invoice: { ...documentedEvent.Data.Invoice, Id: "6409989" } } };
    expect(verifyMyFatoorahWebhook(JSON.stringify(otherInvoice), documentedSignature, "test-secret-key")).toBe(false);
    expect(verifyMyFatoorahWebhook(body, null, "test-secret-key")).toBe(false);
    expect(verifyMyFatoorahWebhook(body, documentedSignature, "")).toBe(false);
    const unknown = { ...documentedEvent, Event: { ...documentedEvent.Event, Code: 99 } };
    expect(verifyMyFatoorahWebhook(JSON.stringify(unknown), documentedSignature, "test-secret-key")).toBe(false);
  });

  it("signs a null field as the empty string", () => {
    const event = { ...documentedEvent, Data: { ...documentedEvent.Data, Invoice: { ...documentedEvent.Data.Invoice, ExternalIdentifier: null } } };
    const signed = "Invoice.Id=6409988,Invoice.Status=PAID,Transaction.Status=SUCCESS,Transaction.PaymentId=07076409988323998875,Invoice.ExternalIdentifier=";
    const signature = crypto.createHmac("sha256", "test-secret-key").update(signed).digest("base64");
    expect(verifyMyFatoorahWebhook(JSON.stringify(event), signature, "test-secret-key")).toBe(true);
  });
});

describe("MyFatoorah provider reading the docs' own sample responses", () => {
  /** A fetch that answers one canned GetPaymentStatus body, for shapes the fake does not produce. */
  function answering(body: unknown, status = 200): typeof fetch {
    return async () => new Response(typeof body === "string" ? body : JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
  }
  const provider = (body: unknown, status?: number) =>
    createMyFatoorahProvider({ apiKey: API_KEY, baseUrl: "https://apitest.myfatoorah.com", webhookSecret: WEBHOOK_SECRET, fetch: answering(body, status) });

  // From https://docs.myfatoorah.com/reference/get-payment-status ("Payment Enquiry Response"), trimmed.
  const paidSample = {
    IsSuccess: true,
    Message: "",
    ValidationErrors: null,
    Data: {
      InvoiceId: 6424733,
      InvoiceStatus: "Paid",
      InvoiceReference: "2026007518",
      CustomerReference: "noshipping-nosupplier",
      CreatedDate: "2026-01-10T00:15:07.293",
      ExpiryDate: "January 13, 2026",
      ExpiryTime: "00:15:07.293",
      InvoiceValue: 1,
      InvoiceDisplayValue: "1.000 KD",
      InvoiceTransactions: [
        {
          TransactionDate: "2026-01-10T00:15:33.3533333",
          PaymentGateway: "VISA/MASTER",
          PaymentId: "07076424733325055272",
          TransactionStatus: "Succss",
          TransationValue: "1.000",
          PaidCurrency: "KD",
          Currency: "KD",
          Error: null,
          CardNumber: "512345xxxxxx0008",
          ErrorCode: "",
        },
      ],
    },
  };

  it("reads the documented paid invoice", async () => {
    expect(await provider(paidSample).getPaymentStatus("6424733")).toEqual({
      status: "paid",
      providerPaymentId: "6424733",
      reference: "noshipping-nosupplier",
      amountFils: 1_000,
      currency: "KWD",
      cardLast4: "0008",
    });
  });

  it("reads amounts with thousands separators and calls a cancelled attempt (MF006) cancelled", async () => {
    // The failed KNET attempt of https://docs.myfatoorah.com/docs/payment-inquiry's example response.
    const failed = {
      ...paidSample,
      Data: {
        ...paidSample.Data,
        InvoiceStatus: "Pending",
        ExpiryDate: "July 31, 2999",
        InvoiceValue: 12345,
        InvoiceDisplayValue: "12,345.000 KD",
        InvoiceTransactions: [
          {
            TransactionDate: "2021-07-28T13:25:20.1",
            PaymentGateway: "KNET",
            PaymentId: "100202120933974848",
            TransactionStatus: "Failed",
            TransationValue: "12,345.000",
            Error: "Transaction canceled!",
            CardNumber: null,
            ErrorCode: "MF006",
          },
        ],
      },
    };
    expect(await provider(failed).getPaymentStatus("6424733")).toEqual({
      status: "cancelled",
      providerPaymentId: "6424733",
      reference: "noshipping-nosupplier",
      amountFils: 12_345_000,
      currency: "KWD",
      message: "Transaction canceled!",
    });
  });

  it("reports a pending invoice past its expiry as failed", async () => {
    const expired = { ...paidSample, Data: { ...paidSample.Data, InvoiceStatus: "Pending", ExpiryDate: "January 13, 2020", InvoiceTransactions: [] } };
    expect(await provider(expired).getPaymentStatus("6424733")).toMatchObject({ status: "failed" });
  });

  it("reports a currency it cannot vouch for as XXX", async () => {
    const converted = { ...paidSample, Data: { ...paidSample.Data, InvoiceValue: 12.351, InvoiceDisplayValue: "1.000 KD" } };
    expect((await provider(converted).getPaymentStatus("6424733")).currency).toBe("XXX");
  });

  it("calls a success answer without the documented fields malformed", async () => {
    expect((await faultOf(provider({ IsSuccess: true, Data: { InvoiceStatus: "Paid" } }).getPaymentStatus("1"))).fault).toBe("malformed");
    const payment: CreatePaymentInput = {
      reference: "ps_1",
      orderId: "ord_1",
      orderNumber: "1001",
      amountFils: 1_000,
      customer: { name: "A", email: "a@example.com", phone: "55551234" },
      language: "en",
      methodId: "1",
      returnUrl: RETURN_URL,
      webhookUrl: "https://shop.example/hook",
    };
    expect((await faultOf(provider({ IsSuccess: true, Data: { InvoiceId: 5 } }).createPayment(payment))).fault).toBe("malformed");
    expect((await faultOf(provider({ IsSuccess: true, Data: {} }).listMethods({ amountFils: 1, language: "en" }))).fault).toBe("malformed");
  });

  it("calls IsSuccess false refused even on HTTP 200, without echoing a credential", async () => {
    const fault = await faultOf(provider({ IsSuccess: false, Message: `Invalid token ${API_KEY}`, ValidationErrors: null }).getPaymentStatus("1"));
    expect(fault.fault).toBe("refused");
    expect(fault.message).toContain("[redacted]");
  });

  it("calls an HTTP 429 unavailable", async () => {
    expect((await faultOf(provider("", 429).getPaymentStatus("1"))).fault).toBe("unavailable");
  });
});
