/**
 * Payments through a hosted-page gateway, at the model level, against the local fakes of MyFatoorah and Tap
 * (tests/fakes/*) and a real SMTP server: what the gateway says decides, never the return query, and an order is
 * paid, mailed and given back its stock exactly once.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { startModelFakes } from "../../../tests/integration/model-fakes";
import { getEnv } from "~/env.server";
import { getInvoicePdf, RESERVATION_MINUTES } from "~/models/orders/index.server";
import { PaymentGatewayError } from "~/payments/provider.server";
import { GATEWAYS, withShortGatewayTimeout } from "../../../tests/integration/gateway-helpers";
import { beginAttempt, paidOrder, placeTestOrder, stockOf, useProviderForNewOrders } from "../../../tests/integration/gateway-orders";
import { setOrderStatus } from "~/models/fulfilment/index.server";
import { createAdmin } from "../../../tests/factories/admin";
import { confirmPaymentByProviderId, verifyOrderPayment } from "./payment-confirm.server";
import { expireReservations, reconcilePayments } from "./payment-jobs.server";
import { formatKDText } from "~/shared/bidi";
import { loader as returnLoader } from "~/routes/payment_.return";
import { loader as statusLoader } from "~/routes/api.payment.status";

// getEnv() has not been read yet in this process (vitest runs each file in its own): point the shop at both fakes.
const { smtp, gateways } = await startModelFakes();

function mailsTo(email: string) {
  return smtp.received.filter((mail) => mail.to.includes(email));
}

async function orderRow(orderId: string) {
  return prisma.order.findUniqueOrThrow({ where: { id: orderId }, include: { payments: { orderBy: { createdAt: "asc" } } } });
}

async function gatewayError(promise: Promise<unknown>): Promise<PaymentGatewayError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(PaymentGatewayError);
  return error as PaymentGatewayError;
}

describe.each(GATEWAYS)("a KNET payment through %s", (name) => {
  const gateway = gateways[name];

  beforeAll(() => {
    useProviderForNewOrders(name);
    // The shop's webhook URL (APP_URL) does not exist here; webhooks are tested over HTTP.
    gateway.setAutoWebhook(false);
  });

  it("is paid once the shopper approves and comes back, however often it is confirmed, with one e-mail", async () => {
    const placed = await placeTestOrder({ stock: 5, quantity: 2 });
    const attempt = await beginAttempt(placed.orderSessionId);
    expect(new URL(attempt.redirectUrl).origin).toBe(gateway.url);
    const back = await gateway.decide(attempt.redirectUrl, "approve");
    expect(`${back.origin}${back.pathname}`).toBe("http://shop.test/payment/return");
    expect(back.searchParams.get("orderId")).toBe(placed.order.id);

    // The return, a reload, the status check and a webhook together, while the gateway takes a moment to answer:
    // all of them find the order unpaid and ask the gateway before any of them settles it.
    gateway.setDelay(200);
    const outcomes = await Promise.all([
      verifyOrderPayment(placed.order.id, back.searchParams),
      verifyOrderPayment(placed.order.id, back.searchParams),
      verifyOrderPayment(placed.order.id),
      confirmPaymentByProviderId(name, attempt.providerPaymentId),
    ]).finally(() => gateway.setDelay(0));
    expect(outcomes).toEqual(Array(4).fill({ state: "paid", orderId: placed.order.id, orderNumber: placed.order.orderNumber }));
    expect((await verifyOrderPayment(placed.order.id, back.searchParams))?.state).toBe("paid");

    const order = await orderRow(placed.order.id);
    expect(order).toMatchObject({ paymentStatus: "paid", reservedUntil: null });
    expect(order.paidAt).not.toBeNull();
    expect(order.payments.find((payment) => payment.id === attempt.attemptId)).toMatchObject({ status: "paid", method: "knet", provider: name });
    expect(await stockOf(placed.productId)).toBe(3);
    await expect.poll(() => mailsTo(placed.email).length, { timeout: 10_000 }).toBe(1);
    expect(mailsTo(placed.email)[0].subject).toContain(placed.order.orderNumber);
  });

  it("keeps the order payable after a decline while its hold lasts, then fails it, giving the stock back once", async () => {
    const placed = await placeTestOrder({ stock: 4, quantity: 4 });
    expect(await stockOf(placed.productId)).toBe(0);
    const attempt = await beginAttempt(placed.orderSessionId);
    const back = await gateway.decide(attempt.redirectUrl, "decline");

    // The shopper may pay the same order again (issue 28, point 4): the hold stays until it runs out.
    expect((await verifyOrderPayment(placed.order.id, back.searchParams))?.state).toBe("unpaid");
    expect(await stockOf(placed.productId)).toBe(0);
    await verifyOrderPayment(placed.order.id, back.searchParams);
    await confirmPaymentByProviderId(name, attempt.providerPaymentId);
    const later = new Date(Date.now() + (RESERVATION_MINUTES + 1) * 60_000);
    await expireReservations(later);
    expect(await stockOf(placed.productId)).toBe(4);
    await expireReservations(later);
    expect(await stockOf(placed.productId)).toBe(4);
    const order = await orderRow(placed.order.id);
    expect(order.paymentStatus).toBe("failed");
    expect(order.payments.find((payment) => payment.id === attempt.attemptId)?.status).toBe("declined");
    expect(mailsTo(placed.email)).toHaveLength(0);
  });

  it("pays the same order, once, when the shopper tries again after a decline", async () => {
    const placed = await placeTestOrder({ stock: 3, quantity: 3 });
    const declined = await beginAttempt(placed.orderSessionId);
    const back = await gateway.decide(declined.redirectUrl, "decline");
    expect((await verifyOrderPayment(placed.order.id, back.searchParams))?.state).toBe("unpaid");

    const retry = await beginAttempt(placed.orderSessionId);
    expect(retry.attemptId).not.toBe(declined.attemptId);
    const approved = await gateway.decide(retry.redirectUrl, "approve");
    expect(await verifyOrderPayment(placed.order.id, approved.searchParams)).toMatchObject({ state: "paid", orderNumber: placed.order.orderNumber });
    expect((await confirmPaymentByProviderId(name, declined.providerPaymentId))?.state).toBe("paid");
    await expireReservations(new Date(Date.now() + (RESERVATION_MINUTES + 1) * 60_000));
    const order = await orderRow(placed.order.id);
    expect(order.paymentStatus).toBe("paid");
    expect(await stockOf(placed.productId)).toBe(0);
    await expect.poll(() => mailsTo(placed.email).length, { timeout: 10_000 }).toBe(1);
  });

  it("fails when the shopper cancels on the gateway's page and the hold runs out", async () => {
    const placed = await placeTestOrder({ stock: 2, quantity: 2 });
    const attempt = await beginAttempt(placed.orderSessionId);
    const back = await gateway.decide(attempt.redirectUrl, "cancel");

    expect((await verifyOrderPayment(placed.order.id, back.searchParams))?.state).toBe("unpaid");
    await expireReservations(new Date(Date.now() + (RESERVATION_MINUTES + 1) * 60_000));
    const order = await orderRow(placed.order.id);
    expect(order.paymentStatus).toBe("failed");
    expect(order.payments.find((payment) => payment.id === attempt.attemptId)?.status).toBe("cancelled");
    expect(await stockOf(placed.productId)).toBe(2);
    expect(mailsTo(placed.email)).toHaveLength(0);
  });

  it("never pays an order with a return query that names another order's payment", async () => {
    const mine = await placeTestOrder({ stock: 1, quantity: 1 });
    await beginAttempt(mine.orderSessionId);
    const theirs = await placeTestOrder({ stock: 1, quantity: 1 });
    const theirAttempt = await beginAttempt(theirs.orderSessionId);
    const theirReturn = await gateway.decide(theirAttempt.redirectUrl, "approve");

    const borrowed = new URLSearchParams(theirReturn.searchParams);
    borrowed.set("orderId", mine.order.id);
    expect((await verifyOrderPayment(mine.order.id, borrowed))?.state).toBe("unpaid");
    const order = await orderRow(mine.order.id);
    expect(order.paymentStatus).toBe("unpaid");
    expect(order.reservedUntil).not.toBeNull();
    expect(await stockOf(mine.productId)).toBe(0);
    expect(mailsTo(mine.email)).toHaveLength(0);

    // The other order's own return still pays that order, and only that one.
    expect((await verifyOrderPayment(theirs.order.id, theirReturn.searchParams))?.state).toBe("paid");
    expect((await orderRow(mine.order.id)).paymentStatus).toBe("unpaid");
  });

  it("does not accept a payment the gateway reports for less than the order's total, and gives the stock back", async () => {
    const placed = await placeTestOrder({ stock: 3, quantity: 3 });
    const attempt = await beginAttempt(placed.orderSessionId);
    const back = await gateway.decide(attempt.redirectUrl, "approve");
    gateway.reportAmount(attempt.providerPaymentId, placed.order.totalFils - 1000);

    expect((await verifyOrderPayment(placed.order.id, back.searchParams))?.state).toBe("failed");
    expect((await confirmPaymentByProviderId(name, attempt.providerPaymentId))?.state).toBe("failed");
    const order = await orderRow(placed.order.id);
    expect(order.paymentStatus).toBe("failed");
    expect(order.payments.find((payment) => payment.id === attempt.attemptId)?.status).toBe("mismatch");
    expect(await stockOf(placed.productId)).toBe(3);
    expect(mailsTo(placed.email)).toHaveLength(0);
  });

  it("never pays on query parameters alone", async () => {
    const placed = await placeTestOrder({ stock: 1, quantity: 1 });
    // Nothing at the gateway yet: only the payment session exists.
    expect((await verifyOrderPayment(placed.order.id, gateway.forgedReturn(placed.order.id)))?.state).toBe("unpaid");
    // A payment at the gateway, still open, and a query naming one the gateway never made.
    await beginAttempt(placed.orderSessionId);
    expect((await verifyOrderPayment(placed.order.id, gateway.forgedReturn(placed.order.id)))?.state).toBe("unpaid");

    const order = await orderRow(placed.order.id);
    expect(order.paymentStatus).toBe("unpaid");
    expect(order.reservedUntil).not.toBeNull();
    expect(await stockOf(placed.productId)).toBe(0);
    expect(mailsTo(placed.email)).toHaveLength(0);
  });

  it("is paid by reconciliation when the shopper paid but neither came back nor was announced by a webhook", async () => {
    const placed = await placeTestOrder({ stock: 2, quantity: 1 });
    const attempt = await beginAttempt(placed.orderSessionId);
    await gateway.decide(attempt.redirectUrl, "approve");

    const fewMinutesLater = new Date(Date.now() + 3 * 60_000);
    expect(await reconcilePayments(fewMinutesLater)).toBeGreaterThanOrEqual(1);
    const order = await orderRow(placed.order.id);
    expect(order.paymentStatus).toBe("paid");
    expect(await stockOf(placed.productId)).toBe(1);
    await expect.poll(() => mailsTo(placed.email).length, { timeout: 10_000 }).toBe(1);
  });

  it("is confirmed, not released, when its hold runs out after the gateway took the money", async () => {
    const placedAt = new Date(Date.now() - (RESERVATION_MINUTES + 1) * 60_000);
    const placed = await placeTestOrder({ stock: 1, quantity: 1, placedAt });
    // The shopper picked KNET while the hold lasted, and paid on the gateway's page as it ran out.
    const attempt = await beginAttempt(placed.orderSessionId, "knet", new Date(placedAt.getTime() + 60_000));
    await gateway.decide(attempt.redirectUrl, "approve");

    await expireReservations();
    expect((await orderRow(placed.order.id)).paymentStatus).toBe("paid");
    expect(await stockOf(placed.productId)).toBe(0);
    await expect.poll(() => mailsTo(placed.email).length, { timeout: 10_000 }).toBe(1);
  });

  it("is paid when the gateway takes the money after the hold ended and released it, while its units are for sale", async () => {
    const placed = await placeTestOrder({ stock: 3, quantity: 2 });
    const attempt = await beginAttempt(placed.orderSessionId);
    const later = new Date(Date.now() + (RESERVATION_MINUTES + 1) * 60_000);
    await expireReservations(later);
    expect((await orderRow(placed.order.id)).paymentStatus).toBe("failed");
    expect(await stockOf(placed.productId)).toBe(3);

    // The shopper was still on the gateway's page, which took the money; the gateway's webhook comes.
    await gateway.decide(attempt.redirectUrl, "approve");
    expect((await confirmPaymentByProviderId(name, attempt.providerPaymentId))?.state).toBe("paid");
    const order = await orderRow(placed.order.id);
    expect(order.paymentStatus).toBe("paid");
    expect(order.payments.find((payment) => payment.id === attempt.attemptId)?.status).toBe("paid");
    expect(await stockOf(placed.productId)).toBe(1);
    await expect.poll(() => mailsTo(placed.email).length, { timeout: 10_000 }).toBe(1);
    expect((await confirmPaymentByProviderId(name, attempt.providerPaymentId))?.state).toBe("paid");
    expect(await stockOf(placed.productId)).toBe(1);
  });

  it("is paid by the shopper's return from the gateway alone, with no webhook, when it took the money after the hold ended", async () => {
    const placed = await placeTestOrder({ stock: 3, quantity: 2 });
    const attempt = await beginAttempt(placed.orderSessionId);
    await expireReservations(new Date(Date.now() + (RESERVATION_MINUTES + 1) * 60_000));
    expect((await orderRow(placed.order.id)).paymentStatus).toBe("failed");

    const back = await gateway.decide(attempt.redirectUrl, "approve");
    // A shopper's read that is not a recheck answers what the shop knows, without asking the gateway.
    expect((await verifyOrderPayment(placed.order.id, undefined, { shopper: true }))?.state).toBe("failed");
    expect((await verifyOrderPayment(placed.order.id, back.searchParams, { shopper: true, recheck: true }))?.state).toBe("paid");
    expect((await orderRow(placed.order.id)).paymentStatus).toBe("paid");
    expect(await stockOf(placed.productId)).toBe(1);
  });

  it("keeps the order failed, and the money recorded on its attempt, when it is paid after its units sold", async () => {
    const placed = await placeTestOrder({ stock: 1, quantity: 1 });
    const attempt = await beginAttempt(placed.orderSessionId);
    await expireReservations(new Date(Date.now() + (RESERVATION_MINUTES + 1) * 60_000));
    // Another shopper bought the last piece meanwhile.
    await prisma.product.update({ where: { id: placed.productId }, data: { stockQuantity: 0 } });

    await gateway.decide(attempt.redirectUrl, "approve");
    expect((await confirmPaymentByProviderId(name, attempt.providerPaymentId))?.state).toBe("failed");
    const order = await orderRow(placed.order.id);
    expect(order.paymentStatus).toBe("failed");
    // The owner sees a paid attempt on a failed order, to give back by hand; the order cannot be paid a second time.
    expect(order.payments.find((payment) => payment.id === attempt.attemptId)?.status).toBe("paid");
    expect(await stockOf(placed.productId)).toBe(0);
    expect(mailsTo(placed.email)).toHaveLength(0);
  });

  it("does not pay an order cancelled while the shopper was on the gateway's page: the money is recorded on the attempt", async () => {
    const placed = await placeTestOrder({ stock: 3, quantity: 2 });
    const attempt = await beginAttempt(placed.orderSessionId);
    // The cancel's own commit, as it lands between the gateway taking the money and the shop settling it (probe 6).
    await prisma.order.update({ where: { id: placed.order.id }, data: { status: "cancelled" } });

    await gateway.decide(attempt.redirectUrl, "approve");
    expect((await confirmPaymentByProviderId(name, attempt.providerPaymentId))?.state).toBe("failed");
    const order = await orderRow(placed.order.id);
    expect(order).toMatchObject({ status: "cancelled", paidAt: null });
    expect(order.paymentStatus).not.toBe("paid");
    expect(order.payments.find((payment) => payment.id === attempt.attemptId)?.status).toBe("paid");
    // No confirmation to the shopper: nothing was queued for her.
    expect(await prisma.outboxMessage.count({ where: { orderId: placed.order.id, recipient: placed.email } })).toBe(0);
  });

  it("gives an unpaid order's pieces back at once when the owner cancels it, and a payment finishing after does not pay it", async () => {
    const placed = await placeTestOrder({ stock: 3, quantity: 2 });
    const attempt = await beginAttempt(placed.orderSessionId);
    expect(await stockOf(placed.productId)).toBe(1);

    await setOrderStatus({ idOrNumber: placed.order.id, status: "cancelled", admin: await createAdmin(prisma) });
    expect(await stockOf(placed.productId)).toBe(3);
    expect(await prisma.payment.findUniqueOrThrow({ where: { id: attempt.attemptId } })).toMatchObject({ status: "expired" });

    // The shopper was still on the gateway's page, which took the money; the webhook comes.
    await gateway.decide(attempt.redirectUrl, "approve");
    expect((await confirmPaymentByProviderId(name, attempt.providerPaymentId))?.state).toBe("failed");
    expect(await orderRow(placed.order.id)).toMatchObject({ status: "cancelled", paymentStatus: "failed", paidAt: null });
    expect(await stockOf(placed.productId)).toBe(3);
    // The shopper heard that it was cancelled, and nothing says it was paid.
    expect(await prisma.outboxMessage.count({ where: { orderId: placed.order.id, kind: "paid" } })).toBe(0);
  });

  it("tells the owner once that a cancelled order's money was taken, and the shopper that it comes back", async () => {
    const placed = await placeTestOrder({ stock: 3, quantity: 2 });
    const attempt = await beginAttempt(placed.orderSessionId);
    await setOrderStatus({ idOrNumber: placed.order.id, status: "cancelled", admin: await createAdmin(prisma) });

    // The gateway's page took the money after the cancel; its webhook, the return page and the status poll all come.
    const back = await gateway.decide(attempt.redirectUrl, "approve");
    const outcomes = await Promise.all([
      confirmPaymentByProviderId(name, attempt.providerPaymentId),
      verifyOrderPayment(placed.order.id, back.searchParams, { recheck: true }),
      verifyOrderPayment(placed.order.id, undefined, { shopper: true, recheck: true }),
    ]);
    expect(outcomes.map((outcome) => outcome?.state)).toEqual(["failed", "failed", "failed"]);
    await confirmPaymentByProviderId(name, attempt.providerPaymentId);
    expect(await orderRow(placed.order.id)).toMatchObject({ status: "cancelled", paymentStatus: "failed", paidAt: null });

    const owner = await prisma.outboxMessage.findMany({ where: { orderId: placed.order.id, recipient: getEnv().ownerEmail, kind: "mail" } });
    expect(owner).toHaveLength(1);
    const mail = JSON.parse(owner[0].params) as { subject: string; text: string };
    const gatewayName = name === "myfatoorah" ? "MyFatoorah" : "Tap";
    expect(mail.subject).toContain(`Order ${placed.order.orderNumber} was cancelled but its payment went through`);
    expect(mail.text).toContain(`Order ${placed.order.orderNumber} was cancelled, but ${gatewayName} took ${formatKDText(placed.order.totalFils, "en")} for it afterwards.`);
    expect(mail.text).toContain(`${gatewayName}'s payment id: ${attempt.providerPaymentId}`);
    expect(mail.text).toContain(`refund this amount in the ${gatewayName} dashboard`);
    expect(mail.text).toContain(formatKDText(placed.order.totalFils, "ar"));
    expect(mail.text).toContain("ردّ هذا المبلغ من لوحة تحكم");

    // The shopper's page and the status API: cancelled before the payment came, the amount comes back.
    const outcome = await verifyOrderPayment(placed.order.id, undefined, { shopper: true, recheck: true });
    expect(outcome).toMatchObject({ state: "failed", takenAfterCancel: true });
    const context = { cspNonce: "", clientAddress: `ip-${placed.order.id}` };
    const page = (await returnLoader({ request: new Request(`http://shop.test/payment/return?orderId=${placed.order.id}`), params: {}, context })) as unknown as {
      data: { state: string; orderNumber: string };
    };
    expect(page.data).toMatchObject({ state: "refundDue", orderNumber: placed.order.orderNumber });
    const status = await statusLoader({ request: new Request(`http://shop.test/api/payment/status?orderId=${placed.order.id}`), params: {}, context });
    expect(await status.json()).toEqual({
      status: "failed",
      orderNumber: placed.order.orderNumber,
      message: `Order ${placed.order.orderNumber} was cancelled before your payment reached us. The amount taken will be refunded to you in full. / تم إلغاء الطلب ${placed.order.orderNumber} قبل وصول دفعتك إلينا. سيُردّ إليك المبلغ المخصوم كاملًا.`,
    });
    expect(await prisma.outboxMessage.count({ where: { orderId: placed.order.id, recipient: getEnv().ownerEmail, kind: "mail" } })).toBe(1);
  });

  it("tells the owner and the shopper from the return page alone, with no webhook, that a cancelled order's money was taken", async () => {
    const placed = await placeTestOrder({ stock: 3, quantity: 2 });
    const attempt = await beginAttempt(placed.orderSessionId);
    await setOrderStatus({ idOrNumber: placed.order.id, status: "cancelled", admin: await createAdmin(prisma) });
    const back = await gateway.decide(attempt.redirectUrl, "approve");

    const context = { cspNonce: "", clientAddress: `ip-${placed.order.id}` };
    const returnUrl = new URL(`http://shop.test/payment/return?orderId=${placed.order.id}`);
    for (const [key, value] of back.searchParams) if (key !== "orderId") returnUrl.searchParams.set(key, value);
    const page = (await returnLoader({ request: new Request(returnUrl), params: {}, context })) as unknown as { data: { state: string; orderNumber: string } };
    expect(page.data).toMatchObject({ state: "refundDue", orderNumber: placed.order.orderNumber });
    expect(await prisma.payment.findUniqueOrThrow({ where: { id: attempt.attemptId }, select: { status: true } })).toEqual({ status: "paid" });
    expect(await orderRow(placed.order.id)).toMatchObject({ status: "cancelled", paymentStatus: "failed", paidAt: null });
    expect(await prisma.outboxMessage.count({ where: { orderId: placed.order.id, recipient: getEnv().ownerEmail, kind: "mail" } })).toBe(1);
    // Asked again later (a reload, the status API, the webhook at last): still told once.
    await returnLoader({ request: new Request(returnUrl), params: {}, context });
    await confirmPaymentByProviderId(name, attempt.providerPaymentId);
    expect(await prisma.outboxMessage.count({ where: { orderId: placed.order.id, recipient: getEnv().ownerEmail, kind: "mail" } })).toBe(1);
  });

  it("keeps the order unpaid with its hold when the gateway fails or times out during confirmation", async () => {
    const placed = await placeTestOrder({ stock: 2, quantity: 2 });
    const attempt = await beginAttempt(placed.orderSessionId);
    const back = await gateway.decide(attempt.redirectUrl, "approve");
    const expectHeld = async () => {
      const order = await orderRow(placed.order.id);
      expect(order.paymentStatus).toBe("unpaid");
      expect(order.reservedUntil!.getTime()).toBeGreaterThan(Date.now());
      expect(order.payments.find((payment) => payment.id === attempt.attemptId)?.status).toBe("initiated");
      expect(await stockOf(placed.productId)).toBe(0);
      expect(mailsTo(placed.email)).toHaveLength(0);
    };

    gateway.failNext("500");
    expect((await gatewayError(verifyOrderPayment(placed.order.id, back.searchParams))).fault).toBe("unavailable");
    await expectHeld();

    // The clients give the gateway 10 seconds; half a second stands in for them, and the gateway answers later still.
    gateway.setDelay(2_000);
    try {
      const { result: error, askedMs } = await withShortGatewayTimeout(500, () => gatewayError(verifyOrderPayment(placed.order.id, back.searchParams)));
      expect(error.fault).toBe("timeout");
      expect(new Set(askedMs)).toEqual(new Set([10_000]));
    } finally {
      gateway.setDelay(0);
    }
    await expectHeld();

    // Once the gateway answers again, the same return confirms the payment.
    expect((await verifyOrderPayment(placed.order.id, back.searchParams))?.state).toBe("paid");
    await expect.poll(() => mailsTo(placed.email).length, { timeout: 10_000 }).toBe(1);
  });
});

describe("MyFatoorah, whose invoice is paid once any of its transactions succeeds", () => {
  const gateway = gateways.myfatoorah;
  beforeAll(() => {
    useProviderForNewOrders("myfatoorah");
    gateway.setAutoWebhook(false);
  });

  it("pays the order when a success follows a decline on the same invoice (KNET's late success), once", async () => {
    const placed = await placeTestOrder({ stock: 2, quantity: 2 });
    const attempt = await beginAttempt(placed.orderSessionId);
    const declined = await gateway.decide(attempt.redirectUrl, "decline");
    expect((await verifyOrderPayment(placed.order.id, declined.searchParams))?.state).toBe("unpaid");
    expect((await orderRow(placed.order.id)).payments.find((payment) => payment.id === attempt.attemptId)?.status).toBe("declined");

    // The success's webhook and the return page arrive together.
    const approved = await gateway.decide(attempt.redirectUrl, "approve");
    const outcomes = await Promise.all([
      confirmPaymentByProviderId("myfatoorah", attempt.providerPaymentId),
      verifyOrderPayment(placed.order.id, approved.searchParams, { recheck: true }),
    ]);
    expect(outcomes.map((outcome) => outcome?.state)).toEqual(["paid", "paid"]);
    const order = await orderRow(placed.order.id);
    expect(order.paymentStatus).toBe("paid");
    expect(order.payments.find((payment) => payment.id === attempt.attemptId)?.status).toBe("paid");
    expect(await stockOf(placed.productId)).toBe(0);
    await expect.poll(() => mailsTo(placed.email).length, { timeout: 10_000 }).toBe(1);
  });

  it("asks about a declined invoice again before ending its order's hold", async () => {
    const placed = await placeTestOrder({ stock: 1, quantity: 1 });
    const attempt = await beginAttempt(placed.orderSessionId);
    await gateway.decide(attempt.redirectUrl, "decline");
    expect((await verifyOrderPayment(placed.order.id))?.state).toBe("unpaid");
    // The success's webhook was lost; the hold's end asks MyFatoorah once more and finds the order paid.
    await gateway.decide(attempt.redirectUrl, "approve");
    await expireReservations(new Date(Date.now() + (RESERVATION_MINUTES + 1) * 60_000));
    expect((await orderRow(placed.order.id)).paymentStatus).toBe("paid");
    expect(await stockOf(placed.productId)).toBe(0);
  });
});

describe("the invoice of an order paid through a gateway", () => {
  beforeAll(() => useProviderForNewOrders("myfatoorah"));

  it("is kept once, in the database, and sent alike to simultaneous downloads", async () => {
    const paid = await paidOrder(gateways.myfatoorah);
    const kept = await prisma.storedInvoice.findUniqueOrThrow({ where: { orderNumber: paid.order.orderNumber } });
    await prisma.storedInvoice.delete({ where: { orderNumber: paid.order.orderNumber } });
    const pdfs = await Promise.all(Array.from({ length: 4 }, () => getInvoicePdf(paid.order.orderNumber)));
    for (const pdf of pdfs) expect(pdf?.subarray(0, 5).toString()).toBe("%PDF-");
    expect(new Set(pdfs.map((pdf) => pdf?.toString("base64"))).size).toBe(1);
    expect(await prisma.storedInvoice.count({ where: { orderNumber: paid.order.orderNumber } })).toBe(1);
    expect(kept.pdf.length).toBeGreaterThan(1000);
  });

  it("kept as a file by an older release is still sent, and adopted into the database", async () => {
    const paid = await paidOrder(gateways.myfatoorah);
    await prisma.storedInvoice.delete({ where: { orderNumber: paid.order.orderNumber } });
    const file = path.join(getEnv().dataDir, "invoices", `${paid.order.orderNumber}.pdf`);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const legacy = Buffer.from("%PDF-1.4 an invoice an older release made\n%%EOF\n");
    fs.writeFileSync(file, legacy);
    try {
      expect(await getInvoicePdf(paid.order.orderNumber)).toEqual(legacy);
      expect(Buffer.from((await prisma.storedInvoice.findUniqueOrThrow({ where: { orderNumber: paid.order.orderNumber } })).pdf)).toEqual(legacy);
    } finally {
      fs.rmSync(file, { force: true });
    }
    expect(await getInvoicePdf(paid.order.orderNumber)).toEqual(legacy);
  });
});
