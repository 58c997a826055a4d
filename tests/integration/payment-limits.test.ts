/**
 * The gateway cannot be driven by someone holding an unpaid order (issue 27, item 8; docs/decisions/0040): a way to
 * pay picked again gives the same payment page instead of a new invoice or charge, however many requests arrive
 * together; payment starts and status reads are limited per order and per client (429 with Retry-After); a
 * shopper's status reads within seconds reuse the gateway's last answer; reconciliation sees every open attempt.
 * Each is counted where it costs: at the fake gateway.
 */
import crypto from "node:crypto";
import type { AppLoadContext } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader as statusLoader } from "~/routes/api.payment.status";
import { action as paymentAction, loader as paymentLoader } from "~/routes/payment";
import { startModelFakes } from "./model-fakes";
import { GATEWAYS } from "./gateway-helpers";
import { beginAttempt, placeTestOrder, useProviderForNewOrders } from "./gateway-orders";
import { ATTEMPT_REUSE_MINUTES, beginGatewayPayment, getPaymentSession, listPaymentMethods, METHOD_LIST_MINUTES, reconcilePayments, STATUS_CACHE_MS, verifyOrderPayment, PAYMENT_LIMITS } from "~/models/payments/index.server";

const { gateways } = await startModelFakes();

function client(): AppLoadContext {
  return { clientAddress: `203.0.113.${crypto.randomInt(1, 255)}-${crypto.randomUUID()}` } as AppLoadContext;
}

async function methodIdOf(orderSessionId: string, kind: "knet" | "card") {
  const session = await getPaymentSession(orderSessionId);
  const method = (await listPaymentMethods(session!, "en")).find((candidate) => candidate.kind === kind);
  return method!.id;
}

/** POST /payment with a way to pay, as the page's button sends it: the answer's status and Retry-After. */
async function pick(orderSessionId: string, methodId: string, context: AppLoadContext): Promise<{ status: number; retryAfter: string | null }> {
  const request = new Request("http://shop.test/payment", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "lang=en" },
    body: new URLSearchParams({ orderSessionId, methodId }),
  });
  try {
    const answer = (await paymentAction({ request, context, params: {} })) as unknown as { init?: { status?: number; headers?: HeadersInit } | null };
    return { status: answer.init?.status ?? 200, retryAfter: new Headers(answer.init?.headers).get("Retry-After") };
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, retryAfter: thrown.headers.get("Retry-After") };
    throw thrown;
  }
}

/** GET /payment of the order session, as the shopper's browser asks for it: the answer's status, Retry-After and what the page shows. */
async function loadPage(orderSessionId: string, context: AppLoadContext, language: "en" | "ar" = "en") {
  const request = new Request(`http://shop.test/payment?orderSessionId=${encodeURIComponent(orderSessionId)}`, { headers: { Cookie: `lang=${language}` } });
  const answer = (await paymentLoader({ request, context, params: {} })) as unknown as
    | { init?: { status?: number; headers?: HeadersInit } | null; data: { state: string; message?: string; gateway: { methods: unknown[] } | null } }
    | { state: string; message?: string; gateway: { methods: unknown[] } | null };
  const page = "data" in answer ? answer.data : answer;
  const init = "data" in answer ? answer.init : null;
  return { status: init?.status ?? 200, retryAfter: new Headers(init?.headers).get("Retry-After"), page };
}

function statusRead(orderId: string, context: AppLoadContext) {
  return statusLoader({ request: new Request(`http://shop.test/api/payment/status?orderId=${encodeURIComponent(orderId)}`), context, params: {} });
}

describe.each(GATEWAYS)("payment attempts through %s", (name) => {
  const gateway = gateways[name];

  beforeAll(() => {
    useProviderForNewOrders(name);
    gateway.setAutoWebhook(false);
  });

  it("gives the same payment page again for the same way to pay, and a new one for another way", async () => {
    const placed = await placeTestOrder({ stock: 2, quantity: 1 });
    const first = await beginAttempt(placed.orderSessionId, "knet");
    const again = await beginGatewayPayment(placed.orderSessionId, await methodIdOf(placed.orderSessionId, "knet"));
    expect(again.redirectUrl).toBe(first.redirectUrl);
    expect(gateway.paymentsCreatedFor(placed.order.id)).toBe(1);

    const card = await beginGatewayPayment(placed.orderSessionId, await methodIdOf(placed.orderSessionId, "card"));
    expect(card.redirectUrl).not.toBe(first.redirectUrl);
    expect(gateway.paymentsCreatedFor(placed.order.id)).toBe(2);

    // Once the page is older than the reuse window, a pick starts a fresh payment at the gateway.
    const later = new Date(Date.now() + (ATTEMPT_REUSE_MINUTES + 1) * 60_000);
    const fresh = await beginGatewayPayment(placed.orderSessionId, await methodIdOf(placed.orderSessionId, "knet"), later);
    expect(fresh.redirectUrl).not.toBe(first.redirectUrl);
    expect(gateway.paymentsCreatedFor(placed.order.id)).toBe(3);
  });

  it("creates one payment at the gateway when ten picks of the same way to pay arrive together", async () => {
    const placed = await placeTestOrder({ stock: 1, quantity: 1 });
    const methodId = await methodIdOf(placed.orderSessionId, "knet");
    gateway.setDelay(300);
    const pages = await Promise.all(Array.from({ length: 10 }, () => beginGatewayPayment(placed.orderSessionId, methodId))).finally(() =>
      gateway.setDelay(0),
    );
    expect(new Set(pages.map((page) => page.redirectUrl)).size).toBe(1);
    expect(gateway.paymentsCreatedFor(placed.order.id)).toBe(1);
    expect(await prisma.payment.count({ where: { orderId: placed.order.id, method: "knet" } })).toBe(1);
  });

  it("limits payment starts per order, answering 429 with Retry-After", async () => {
    const placed = await placeTestOrder({ stock: 1, quantity: 1 });
    const methodId = await methodIdOf(placed.orderSessionId, "knet");
    const { limit } = PAYMENT_LIMITS.start.perOrder;
    for (let i = 0; i < limit; i++) expect((await pick(placed.orderSessionId, methodId, client())).status).toBe(303);
    const refused = await pick(placed.orderSessionId, methodId, client());
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(gateway.paymentsCreatedFor(placed.order.id)).toBe(1);
  });

  it("asks the gateway for its ways to pay a handful of times over 30 loads of the payment page, then answers 429 with Retry-After", { timeout: 60_000 }, async () => {
    const placed = await placeTestOrder({ stock: 1, quantity: 1 });
    const asked = gateway.apiRequests();
    const { limit } = PAYMENT_LIMITS.page.perOrder;
    expect(limit).toBeGreaterThanOrEqual(30);
    for (let i = 0; i < 30; i++) {
      const loaded = await loadPage(placed.orderSessionId, client());
      expect(loaded.status).toBe(200);
      expect(loaded.page.state).toBe("ready");
      expect(loaded.page.gateway?.methods.length).toBeGreaterThan(0);
    }
    expect(gateway.apiRequests() - asked).toBeLessThanOrEqual(1);
    for (let i = 30; i < limit; i++) expect((await loadPage(placed.orderSessionId, client())).status).toBe(200);

    const refused = await loadPage(placed.orderSessionId, client());
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.page.message).toMatch(/too many times/);
    const refusedInArabic = await loadPage(placed.orderSessionId, client(), "ar");
    expect(refusedInArabic.status).toBe(429);
    expect(refusedInArabic.page.message).toMatch(/صفحة الدفع/);
    expect(refusedInArabic.page.message).not.toMatch(/[A-Za-z]/);
    expect(gateway.apiRequests() - asked).toBeLessThanOrEqual(1);
    // The flood spent the page's budget only: the shopper can still pick a way to pay.
    expect((await pick(placed.orderSessionId, await methodIdOf(placed.orderSessionId, "knet"), client())).status).toBe(303);
  });

  it("asks the gateway for its ways to pay again once the kept list is older than a few minutes", async () => {
    const placed = await placeTestOrder({ stock: 1, quantity: 1 });
    const session = (await getPaymentSession(placed.orderSessionId))!;
    const first = await listPaymentMethods(session, "en");
    const asked = gateway.apiRequests();
    expect(await listPaymentMethods(session, "en")).toEqual(first);
    expect(gateway.apiRequests()).toBe(asked);
    expect(await listPaymentMethods(session, "en", Date.now() + METHOD_LIST_MINUTES * 60_000 + 1000)).toEqual(first);
    expect(gateway.apiRequests()).toBe(asked + (name === "myfatoorah" ? 1 : 0));
  });

  it("limits a shopper's status reads per order and per client, and asks the gateway once within seconds", { timeout: 120_000 }, async () => {
    const placed = await placeTestOrder({ stock: 1, quantity: 1 });
    await beginAttempt(placed.orderSessionId);
    const asked = gateway.statusRequests();
    const started = Date.now();
    const { limit } = PAYMENT_LIMITS.status.perOrder;
    for (let i = 0; i < limit; i++) {
      const response = await statusRead(placed.order.id, client());
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: "unpaid" });
    }
    // Each "not paid yet" answers the reads of the next few seconds: once per STATUS_CACHE_MS, not once per read.
    expect(gateway.statusRequests() - asked).toBeLessThanOrEqual(1 + Math.floor((Date.now() - started) / STATUS_CACHE_MS));
    const refused = await statusRead(placed.order.id, client());
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);

    const one = client();
    const perClient = PAYMENT_LIMITS.status.perClient.limit;
    for (let i = 0; i < perClient; i++) expect((await statusRead(`unknown-${i}`, one)).status).toBe(404);
    const tooMany = await statusRead(`unknown-${perClient}`, one);
    expect(tooMany.status).toBe(429);
    expect(tooMany.headers.get("Retry-After")).toMatch(/^\d+$/);
  });

  it("asks the gateway again once the cached answer is older than a few seconds", async () => {
    const placed = await placeTestOrder({ stock: 1, quantity: 1 });
    const attempt = await beginAttempt(placed.orderSessionId);
    const asked = gateway.statusRequests();
    expect((await verifyOrderPayment(placed.order.id, undefined, { shopper: true }))?.state).toBe("unpaid");
    await gateway.decide(attempt.redirectUrl, "approve");
    expect((await verifyOrderPayment(placed.order.id, undefined, { shopper: true }))?.state).toBe("unpaid");
    expect(gateway.statusRequests()).toBe(asked + 1);
    const later = new Date(Date.now() + STATUS_CACHE_MS + 1000);
    expect((await verifyOrderPayment(placed.order.id, undefined, { shopper: true, now: later }))?.state).toBe("paid");
    expect(gateway.statusRequests()).toBe(asked + 2);
  });

  it("reconciles every open attempt, not only the hundred oldest", { timeout: 60_000 }, async () => {
    // A hundred old attempts the gateway cannot find stay open whatever the job does...
    const stuck = await placeTestOrder({ stock: 1, quantity: 1 });
    const old = new Date(Date.now() - 5 * 60_000);
    await prisma.payment.createMany({
      data: Array.from({ length: 100 }, (_, i) => ({
        id: `ps_stuck_${name}_${i}_${crypto.randomUUID()}`,
        orderId: stuck.order.id,
        provider: name,
        amountFils: stuck.order.totalFils,
        method: "knet",
        providerPaymentId: name === "tap" ? `chg_TSstuck${crypto.randomBytes(8).toString("hex")}` : String(crypto.randomInt(900_000_000, 999_999_999)),
        createdAt: old,
      })),
    });
    try {
      // ...and a shopper paid after them, then closed the tab.
      const placed = await placeTestOrder({ stock: 1, quantity: 1 });
      const attempt = await beginAttempt(placed.orderSessionId);
      await gateway.decide(attempt.redirectUrl, "approve");
      await reconcilePayments(new Date(Date.now() + 3 * 60_000));
      expect((await prisma.order.findUniqueOrThrow({ where: { id: placed.order.id } })).paymentStatus).toBe("paid");
    } finally {
      await prisma.payment.deleteMany({ where: { orderId: stuck.order.id, id: { startsWith: "ps_stuck_" } } });
    }
  });
});
