/**
 * The Tap client against the local fake (tests/fakes/tap.ts), which was written separately from the same pages:
 * https://developers.tap.company/reference/charges, /docs/redirect, /docs/refunds and /docs/webhook.
 */
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startFakeTap, type FakeTap } from "../../tests/fakes/tap";
import { PaymentGatewayError, type CreatePaymentInput, type PaymentProvider } from "./provider.server";
import { createTapProvider } from "./tap.server";

const SECRET = "sk_test_fake_tap_0123456789";
const CARD = "4111111111111111";

type Captured = { headers: http.IncomingHttpHeaders; body: string };

let fake: FakeTap;
let tap: PaymentProvider;
let inbox: http.Server;
let inboxUrl: string;
const received: Captured[] = [];

/** The shop's webhook endpoint, reduced to a recorder: what arrives here is what parseWebhook gets. */
async function startInbox() {
  inbox = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => inbox.listen(0, "127.0.0.1", resolve));
  inboxUrl = `http://127.0.0.1:${(inbox.address() as AddressInfo).port}/api/payment/webhook/tap`;
}

function asRequest(captured: Captured): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(captured.headers)) if (typeof value === "string") headers.set(name, value);
  return new Request(inboxUrl, { method: "POST", headers, body: captured.body });
}

async function nextWebhook(from: number): Promise<Captured> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    if (received.length > from) return received[from];
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("No webhook arrived");
}

let orderCount = 0;
function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  orderCount += 1;
  return {
    reference: `ps_test${orderCount}`,
    orderId: `order-${orderCount}`,
    orderNumber: `ORD-100${orderCount}`,
    amountFils: 12_345,
    customer: { name: "Sara Al-Ali", email: "sara@example.com", phone: "+965 9123 4567" },
    language: "ar",
    methodId: "src_card",
    returnUrl: `http://shop.test/payment/return?orderId=order-${orderCount}`,
    webhookUrl: inboxUrl,
    ...overrides,
  };
}

/** The shopper's choice on the hosted page, as a browser would post the form. */
async function decide(chargeId: string, action: "approve" | "decline" | "cancel", cardNumber = CARD) {
  const response = await fetch(`${fake.url}/pay/${chargeId}`, {
    method: "POST",
    body: new URLSearchParams({ action, card_number: cardNumber }),
    redirect: "manual",
  });
  return { status: response.status, location: response.headers.get("location") ?? "" };
}

async function faultOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

beforeAll(async () => {
  fake = await startFakeTap({ secretKey: SECRET });
  await startInbox();
  tap = createTapProvider({ secretKey: SECRET, baseUrl: fake.url });
});

afterAll(async () => {
  await fake.close();
  await new Promise((resolve) => inbox.close(resolve));
});

afterEach(() => {
  fake.setDelay(0);
  fake.setAutoWebhook(true);
});

describe("Tap provider", () => {
  it("offers KNET and cards, each on Tap's hosted page", async () => {
    expect(tap.name).toBe("tap");
    expect(await tap.listMethods({ amountFils: 5_000, language: "en" })).toEqual([
      { id: "src_kw.knet", kind: "knet" },
      { id: "src_card", kind: "card" },
    ]);
  });

  it("creates a KWD charge with three decimals, our reference, the return and webhook URLs and the source", async () => {
    const input = paymentInput({ amountFils: 12_345, methodId: "src_kw.knet" });
    const created = await tap.createPayment(input);

    expect(created.providerPaymentId).toMatch(/^chg_/);
    expect(created.redirectUrl).toBe(`${fake.url}/pay/${created.providerPaymentId}`);
    const call = fake.calls.at(-1)!;
    expect(call).toMatchObject({ method: "POST", path: "/v2/charges" });
    expect(call.headers.authorization).toBeUndefined();
    expect(call.body).toMatchObject({
      amount: 12.345,
      currency: "KWD",
      customer_initiated: true,
      threeDSecure: true,
      save_card: false,
      description: input.orderNumber,
      reference: { transaction: input.reference, order: input.orderNumber },
      metadata: { orderId: input.orderId },
      receipt: { email: false, sms: false },
      customer: { first_name: "Sara Al-Ali", email: "sara@example.com", phone: { country_code: "965", number: "91234567" } },
      source: { id: "src_kw.knet" },
      post: { url: inboxUrl },
      redirect: { url: input.returnUrl },
    });
    expect(await tap.getPaymentStatus(created.providerPaymentId)).toMatchObject({ status: "pending", amountFils: 12_345 });
  });

  it("sends whole dinars and fils without binary noise", async () => {
    await tap.createPayment(paymentInput({ amountFils: 100 }));
    expect((fake.calls.at(-1)!.body as { amount: number }).amount).toBe(0.1);
    await tap.createPayment(paymentInput({ amountFils: 7_000 }));
    expect((fake.calls.at(-1)!.body as { amount: number }).amount).toBe(7);
  });

  it("reports an approved charge as paid, by its id or by the tap_id Tap adds to the return URL", async () => {
    const input = paymentInput({ amountFils: 25_500 });
    const { providerPaymentId } = await tap.createPayment(input);
    const page = await fetch(`${fake.url}/pay/${providerPaymentId}`).then((response) => response.text());
    expect(page).toContain("Approve");
    expect(page).toContain("25.500 KWD");

    const { status, location } = await decide(providerPaymentId, "approve");
    expect(status).toBe(302);
    const back = new URL(location);
    expect(`${back.origin}${back.pathname}`).toBe("http://shop.test/payment/return");
    expect(back.searchParams.get("orderId")).toBe(input.orderId);
    expect(back.searchParams.get("tap_id")).toBe(providerPaymentId);

    const expected = { status: "paid", providerPaymentId, reference: input.reference, amountFils: 25_500, currency: "KWD", cardLast4: "1111" };
    expect(await tap.getPaymentStatus(providerPaymentId)).toEqual(expected);
    expect(await tap.getPaymentStatus("chg_unrelated", back.searchParams)).toEqual(expected);
    expect(fake.calls.at(-1)).toMatchObject({ method: "GET", path: `/v2/charges/${providerPaymentId}` });
    expect(JSON.stringify([...fake.charges.values()])).not.toContain(CARD);
    expect(fake.charges.get(providerPaymentId)!.charge.card).toMatchObject({ first_six: "411111", last_four: "1111" });
  });

  it("reports a declined charge as declined and a cancelled one as cancelled, with Tap's reason", async () => {
    const declined = await tap.createPayment(paymentInput());
    expect((await decide(declined.providerPaymentId, "decline")).status).toBe(302);
    expect(await tap.getPaymentStatus(declined.providerPaymentId)).toMatchObject({ status: "declined", message: "Declined" });

    const cancelled = await tap.createPayment(paymentInput({ methodId: "src_kw.knet" }));
    expect((await decide(cancelled.providerPaymentId, "cancel")).status).toBe(302);
    expect(await tap.getPaymentStatus(cancelled.providerPaymentId)).toMatchObject({ status: "cancelled", message: "Cancelled" });
    expect((await decide(cancelled.providerPaymentId, "approve")).status).toBe(409);
  });

  it("reports the charge that tap_id names, so the caller can see it is not its own", async () => {
    const mine = await tap.createPayment(paymentInput());
    const other = paymentInput();
    const theirs = await tap.createPayment(other);
    await decide(theirs.providerPaymentId, "approve");

    const reported = await tap.getPaymentStatus(mine.providerPaymentId, new URLSearchParams({ tap_id: theirs.providerPaymentId }));
    expect(reported).toMatchObject({ providerPaymentId: theirs.providerPaymentId, reference: other.reference, status: "paid" });
    await expect(tap.getPaymentStatus(mine.providerPaymentId, new URLSearchParams({ tap_id: "../refunds" }))).rejects.toMatchObject({
      fault: "refused",
    });
  });

  it("refunds part of a charge, then refuses more than is left", async () => {
    const { providerPaymentId } = await tap.createPayment(paymentInput({ amountFils: 10_000 }));
    await decide(providerPaymentId, "approve");

    const first = await tap.refund({ providerPaymentId, amountFils: 4_250, reference: "rf_1", reason: "Out of stock" });
    expect(first).toEqual({ refundId: expect.stringMatching(/^re_/), status: "refunded" });
    expect(fake.calls.at(-1)).toMatchObject({
      method: "POST",
      path: "/v2/refunds",
      body: { charge_id: providerPaymentId, amount: 4.25, currency: "KWD", reason: "Out of stock", reference: { merchant: "rf_1" } },
    });

    const error = await faultOf(tap.refund({ providerPaymentId, amountFils: 5_751, reference: "rf_2", reason: "Out of stock" }));
    expect(error.fault).toBe("refused");
    expect(error.message).toContain("Requested refund amount exceeds");
    expect(fake.charges.get(providerPaymentId)!.refundedFils).toBe(4_250);
  });

  it("times out when Tap is slower than the timeout", async () => {
    const impatient = createTapProvider({ secretKey: SECRET, baseUrl: fake.url, timeoutMs: 200 });
    fake.setDelay(1_000);
    const error = await faultOf(impatient.getPaymentStatus("chg_slow"));
    expect(error.fault).toBe("timeout");
  });

  it("is unavailable on a 5xx or when Tap cannot be reached", async () => {
    fake.failNext("500");
    expect((await faultOf(tap.createPayment(paymentInput()))).fault).toBe("unavailable");

    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = createTapProvider({ secretKey: SECRET, baseUrl: `http://127.0.0.1:${port}` });
    expect((await faultOf(nowhere.getPaymentStatus("chg_x"))).fault).toBe("unavailable");
  });

  it("calls an unparsable answer malformed and Tap's errors refused", async () => {
    fake.failNext("malformed");
    expect((await faultOf(tap.createPayment(paymentInput()))).fault).toBe("malformed");

    fake.failNext("refuse");
    const refused = await faultOf(tap.createPayment(paymentInput()));
    expect(refused).toMatchObject({ fault: "refused", message: "1103 Required inputs are invalid" });

    expect((await faultOf(tap.getPaymentStatus("chg_doesnotexist"))).message).toContain("Charge id not found");
  });

  it("is refused with a wrong key, and never repeats a key", async () => {
    const wrongKey = "sk_test_wrong_key_987";
    const wrong = createTapProvider({ secretKey: wrongKey, baseUrl: fake.url });
    const error = await faultOf(wrong.createPayment(paymentInput()));
    expect(error.fault).toBe("refused");
    expect(error.message).toContain("Invalid API Key");
    expect(error.message).not.toContain(wrongKey);
    expect(JSON.stringify(fake.calls)).not.toContain(SECRET);
  });

  it("accepts the webhook the fake signs and rejects a missing, wrong or stale signature", async () => {
    fake.setAutoWebhook(false);
    const { providerPaymentId } = await tap.createPayment(paymentInput({ amountFils: 1_500 }));
    await decide(providerPaymentId, "approve");

    let from = received.length;
    expect(await fake.sendWebhook(providerPaymentId)).toEqual({ status: 200 });
    const signed = await nextWebhook(from);
    expect(signed.headers.hashstring).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(signed.body)).toMatchObject({ id: providerPaymentId, status: "CAPTURED", amount: 1.5 });
    expect(await tap.parseWebhook(asRequest(signed))).toEqual({ providerPaymentId });

    from = received.length;
    await fake.sendWebhook(providerPaymentId, { signature: "wrong" });
    expect(await tap.parseWebhook(asRequest(await nextWebhook(from)))).toBeNull();

    from = received.length;
    await fake.sendWebhook(providerPaymentId, { signature: "missing" });
    const unsigned = await nextWebhook(from);
    expect(unsigned.headers.hashstring).toBeUndefined();
    expect(await tap.parseWebhook(asRequest(unsigned))).toBeNull();

    const tampered = { ...signed, body: signed.body.replace('"status":"CAPTURED"', '"status":"DECLINED"') };
    expect(await tap.parseWebhook(asRequest(tampered))).toBeNull();
    expect(await tap.parseWebhook(asRequest({ ...signed, body: "not json" }))).toBeNull();
  });

  it("receives the webhook the hosted page posts by itself once the shopper pays", async () => {
    const from = received.length;
    const { providerPaymentId } = await tap.createPayment(paymentInput());
    await decide(providerPaymentId, "approve");
    expect(await tap.parseWebhook(asRequest(await nextWebhook(from)))).toEqual({ providerPaymentId });
  });

  it("names the charge of a signed refund webhook", async () => {
    fake.setAutoWebhook(false);
    const { providerPaymentId } = await tap.createPayment(paymentInput({ amountFils: 2_000 }));
    await decide(providerPaymentId, "approve");
    fake.setAutoWebhook(true);
    // The client sends no post.url with a refund, so this one is asked for directly, as another Tap client would.
    const from = received.length;
    const response = await fetch(`${fake.url}/v2/refunds`, {
      method: "POST",
      headers: { Authorization: `Bearer ${SECRET}`, "Content-Type": "application/json" },
      body: JSON.stringify({ charge_id: providerPaymentId, amount: 0.5, currency: "KWD", reason: "Damaged", post: { url: inboxUrl } }),
    });
    expect(response.status).toBe(200);
    const webhook = await nextWebhook(from);
    expect(JSON.parse(webhook.body)).toMatchObject({ object: "refund", charge_id: providerPaymentId, status: "REFUNDED" });
    expect(await tap.parseWebhook(asRequest(webhook))).toEqual({ providerPaymentId });
  });

  it("signs with the string docs/webhook spells out, amount with KWD's three decimals", async () => {
    // Written out by hand from the docs' PHP, apart from both implementations.
    const charge = {
      id: "chg_TS01A1",
      object: "charge",
      amount: 1.5,
      currency: "KWD",
      status: "CAPTURED",
      reference: { gateway: "123456789012345", payment: "2214231551089588145", transaction: "ps_1" },
      transaction: { created: "1692028310505" },
    };
    const signing =
      "x_idchg_TS01A1x_amount1.500x_currencyKWDx_gateway_reference123456789012345" +
      "x_payment_reference2214231551089588145x_statusCAPTUREDx_created1692028310505";
    const hashstring = createHmac("sha256", SECRET).update(signing).digest("hex");
    const request = (key: string) =>
      new Request(inboxUrl, { method: "POST", headers: { hashstring: key }, body: JSON.stringify(charge) });
    expect(await tap.parseWebhook(request(hashstring))).toEqual({ providerPaymentId: "chg_TS01A1" });
    expect(await tap.parseWebhook(request(hashstring.toUpperCase()))).toEqual({ providerPaymentId: "chg_TS01A1" });
    const twoDecimals = createHmac("sha256", SECRET).update(signing.replace("1.500", "1.50")).digest("hex");
    expect(await tap.parseWebhook(request(twoDecimals))).toBeNull();
  });
});
