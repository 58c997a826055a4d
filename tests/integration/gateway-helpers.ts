/**
 * The two hosted-page gateways as the payment tests drive them: each local fake (tests/fakes/myfatoorah.ts,
 * tests/fakes/tap.ts) started in the test's own process, the variables that point the shop at it, and what the
 * shopper and the gateway do there. The tests of the model and the tests over HTTP use the same moves, so a
 * gateway-specific detail (MyFatoorah's `paymentId`, Tap's `tap_id`) lives here and nowhere else.
 */
import crypto from "node:crypto";
import net from "node:net";
import { vi } from "vitest";
import { startFakeMyFatoorah, type RefundHold } from "../fakes/myfatoorah";
import { startFakeTap } from "../fakes/tap";

export const GATEWAYS = ["myfatoorah", "tap"] as const;
export type GatewayName = (typeof GATEWAYS)[number];

/** Typed on the gateway's hosted page only: the shop must never see it, let alone keep or print it. */
export const CARD_NUMBER = "5123450000000008";

/**
 * How long the fakes wait for the shop to answer a webhook. A hundred requests at once on a small shared machine can
 * keep the shop busy for many seconds; the tests judge the answer, not how fast a loaded machine gives it.
 */
const WEBHOOK_TIMEOUT_MS = 60_000;

/**
 * Runs `work` with the gateway clients' time limit (AbortSignal.timeout in app/payments/http.server.ts) cut to
 * `limitMs`, so a test of a gateway that never answers waits that long instead of the shop's 10 seconds. Answers
 * what `work` gave and the limits the clients asked for, which the test checks are still the shop's own.
 */
export async function withShortGatewayTimeout<T>(limitMs: number, work: () => Promise<T>): Promise<{ result: T; askedMs: number[] }> {
  const timeout = AbortSignal.timeout.bind(AbortSignal);
  const askedMs: number[] = [];
  const spy = vi.spyOn(AbortSignal, "timeout").mockImplementation((ms) => {
    askedMs.push(ms);
    return timeout(Math.min(ms, limitMs));
  });
  try {
    return { result: await work(), askedMs };
  } finally {
    spy.mockRestore();
  }
}

export type ShopperChoice = "approve" | "decline" | "cancel";

export type TestGateway = {
  name: GatewayName;
  /** The fake's base URL (without /v2), where its hosted pages live too. */
  url: string;
  /** The variables that point the shop at this fake, its credentials included. */
  env: Record<string, string>;
  /** The credentials, which must never leave the shop's memory. */
  secrets: string[];
  /** The shopper on the hosted page: answers the address the gateway sends them back to. */
  decide(paymentPageUrl: string, choice: ShopperChoice, cardNumber?: string): Promise<URL>;
  /** A return query in this gateway's shape, naming a payment the gateway has never heard of. */
  forgedReturn(orderId: string): URLSearchParams;
  /** From now on the gateway reports this payment as taken for `fils` only. */
  reportAmount(providerPaymentId: string, fils: number): void;
  /** "drop" and "hang" let the gateway do the work, then lose its answer (cut connection; no answer until the client times out). */
  failNext(kind: "500" | "refuse" | "drop" | "hang"): void;
  setDelay(ms: number): void;
  /** The next refund request waits at the gateway until `release` (`arrived` once it has come). */
  holdNextRefund(): RefundHold;
  /** Whether the gateway posts its event to the shop by itself once the shopper decides (Tap does; the MyFatoorah fake only when asked). */
  setAutoWebhook(on: boolean): void;
  /** Posts the gateway's event about this payment to the webhook URL the shop gave it; answers the shop's HTTP status. */
  sendWebhook(providerPaymentId: string, signature?: "wrong" | "missing"): Promise<number>;
  /** Resolves once the events the gateway posted by itself have been answered by the shop. */
  webhooksSettled(): Promise<void>;
  /** What the gateway was asked to refund of this payment, in fils. */
  refundedFils(providerPaymentId: string): number;
  /** How many refund requests reached the gateway, for any payment. */
  refundRequests(): number;
  /** How many payments (MyFatoorah invoices, Tap charges) the gateway created for this order. */
  paymentsCreatedFor(orderId: string): number;
  /** How many times the gateway was asked about a payment's status, for any payment. */
  statusRequests(): number;
  /** How many requests reached the gateway's API (not its hosted pages), of any kind. */
  apiRequests(): number;
  /** How many refunds the gateway recorded for this payment. */
  refundsRecorded(providerPaymentId: string): number;
  /** Our references of the refunds the gateway recorded for this payment (MyFatoorah ExternalIdentifier, Tap reference.merchant). */
  refundReferences(providerPaymentId: string): (string | null | undefined)[];
  close(): Promise<void>;
};

function secret(bytes: number): string {
  return crypto.randomBytes(bytes).toString("hex");
}

/** The hosted page's form, posted as a browser would; the gateway answers with a redirect back to the shop. */
async function submitHostedPage(pageUrl: string, fields: Record<string, string>): Promise<URL> {
  const response = await fetch(pageUrl, { method: "POST", body: new URLSearchParams(fields), redirect: "manual" });
  const location = response.headers.get("location");
  if (response.status !== 302 || !location) throw new Error(`the hosted page answered ${response.status}: ${await response.text()}`);
  return new URL(location);
}

async function startMyFatoorah(): Promise<TestGateway> {
  const apiKey = `SK_KWT_${secret(24)}`;
  const webhookSecret = `whsec-${secret(16)}`;
  const fake = await startFakeMyFatoorah({ apiKey, webhookSecret, webhookTimeoutMs: WEBHOOK_TIMEOUT_MS });
  const invoice = (id: string) => {
    const found = fake.invoices.get(id);
    if (!found) throw new Error(`the MyFatoorah fake has no invoice ${id}`);
    return found;
  };
  return {
    name: "myfatoorah",
    url: fake.url,
    env: { MYFATOORAH_API_KEY: apiKey, MYFATOORAH_WEBHOOK_SECRET: webhookSecret, MYFATOORAH_BASE_URL: fake.url },
    secrets: [apiKey, webhookSecret],
    decide: (pageUrl, choice, cardNumber) => submitHostedPage(pageUrl, { action: choice, ...(cardNumber ? { cardNumber } : {}) }),
    forgedReturn(orderId) {
      const paymentId = `0707${crypto.randomInt(1_000_000_000, 9_999_999_999)}${crypto.randomInt(100_000, 999_999)}`;
      return new URLSearchParams({ orderId, paymentId, Id: paymentId, InvoiceStatus: "Paid" });
    },
    reportAmount(providerPaymentId, fils) {
      invoice(providerPaymentId).valueFils = fils;
    },
    failNext: (kind) => fake.failNext(kind),
    setDelay: (ms) => fake.setDelay(ms),
    holdNextRefund: () => fake.holdNextRefund(),
    setAutoWebhook() {
      // The MyFatoorah fake posts an event only when sendWebhook asks it to.
    },
    webhooksSettled: () => Promise.resolve(),
    async sendWebhook(providerPaymentId, signature) {
      return (await fake.sendWebhook(providerPaymentId, { signature })).status;
    },
    refundedFils: (providerPaymentId) => invoice(providerPaymentId).refunds.reduce((sum, refund) => sum + refund.amountFils, 0),
    refundRequests: () => fake.calls.filter((call) => call.path === "/v2/MakeRefund").length,
    refundsRecorded: (providerPaymentId) => invoice(providerPaymentId).refunds.length,
    paymentsCreatedFor: (orderId) => [...fake.invoices.values()].filter((created) => created.UserDefinedField === orderId).length,
    statusRequests: () => fake.calls.filter((call) => call.path === "/v2/GetPaymentStatus").length,
    apiRequests: () => fake.calls.filter((call) => call.path.startsWith("/v2/")).length,
    refundReferences: (providerPaymentId) => invoice(providerPaymentId).refunds.map((refund) => refund.ExternalIdentifier),
    close: () => fake.close(),
  };
}

async function startTap(): Promise<TestGateway> {
  const secretKey = `sk_test_${secret(16)}`;
  const fake = await startFakeTap({ secretKey, webhookTimeoutMs: WEBHOOK_TIMEOUT_MS });
  const charge = (id: string) => {
    const found = fake.charges.get(id);
    if (!found) throw new Error(`the Tap fake has no charge ${id}`);
    return found;
  };
  return {
    name: "tap",
    url: fake.url,
    env: { TAP_SECRET_KEY: secretKey, TAP_BASE_URL: fake.url },
    secrets: [secretKey],
    decide: (pageUrl, choice, cardNumber) => submitHostedPage(pageUrl, { action: choice, ...(cardNumber ? { card_number: cardNumber } : {}) }),
    forgedReturn(orderId) {
      return new URLSearchParams({ orderId, tap_id: `chg_TS${secret(11)}`, status: "CAPTURED" });
    },
    reportAmount(providerPaymentId, fils) {
      const record = charge(providerPaymentId);
      record.amountFils = fils;
      record.charge.amount = fils / 1000;
      record.charge.transaction.amount = fils / 1000;
    },
    failNext: (kind) => fake.failNext(kind),
    setDelay: (ms) => fake.setDelay(ms),
    holdNextRefund: () => fake.holdNextRefund(),
    setAutoWebhook: (on) => fake.setAutoWebhook(on),
    webhooksSettled: () => fake.webhooksSettled(),
    async sendWebhook(providerPaymentId, signature) {
      return (await fake.sendWebhook(providerPaymentId, { signature })).status;
    },
    refundedFils: (providerPaymentId) => charge(providerPaymentId).refundedFils,
    refundRequests: () => fake.calls.filter((call) => call.method === "POST" && (call.path === "/v2/refunds" || call.path === "/v2/refunds/")).length,
    refundsRecorded: (providerPaymentId) => charge(providerPaymentId).refunds.length,
    paymentsCreatedFor: (orderId) => [...fake.charges.values()].filter((record) => record.charge.metadata.orderId === orderId).length,
    statusRequests: () => fake.calls.filter((call) => call.method === "GET" && call.path.startsWith("/v2/charges/")).length,
    apiRequests: () => fake.calls.filter((call) => call.path.startsWith("/v2/")).length,
    refundReferences: (providerPaymentId) => charge(providerPaymentId).refunds.map((refund) => refund.reference.merchant),
    close: () => fake.close(),
  };
}

export function startGateway(name: GatewayName): Promise<TestGateway> {
  return name === "myfatoorah" ? startMyFatoorah() : startTap();
}

/** A port nobody listens on right now, for a server the test spawns. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
