/**
 * Refunds of orders paid through MyFatoorah and Tap (their local fakes, tests/fakes/*) and through the test
 * provider: what the gateway is asked, what the order then shows, and that the amount refunded never goes past
 * what was paid, whether a gateway refuses or ten refunds race.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { startModelFakes } from "../../../tests/integration/model-fakes";
import { testProvider } from "~/payments/test-provider.server";
import { GATEWAYS, withShortGatewayTimeout } from "../../../tests/integration/gateway-helpers";
import { paidOrder, placeTestOrder, useProviderForNewOrders } from "../../../tests/integration/gateway-orders";
import { getAdminOrder } from "~/models/fulfilment/index.server";
import { confirmPayment } from "./payment-confirm.server";
import { refundOrder, RefundError } from "./refund.server";
import { orderDetailJson } from "~/api/answers/orders.server";
import { bilingual } from "~/i18n/bilingual.server";
import { createOrder } from "../../../tests/factories/order";

// getEnv() has not been read yet in this process (vitest runs each file in its own): point the shop at both fakes.
const { gateways } = await startModelFakes();

const admin = { email: "owner@example.com" };

/** The order as GET /api/admin/orders/{id} shows it. */
async function shown(orderId: string) {
  const order = await getAdminOrder(orderId);
  if (!order) throw new Error(`no order ${orderId}`);
  return orderDetailJson(order);
}

async function refusal(promise: Promise<unknown>): Promise<RefundError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(RefundError);
  return error as RefundError;
}

async function refundedFils(orderId: string) {
  return (await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).refundedFils;
}

describe.each(GATEWAYS)("refunds through %s", (name) => {
  const gateway = gateways[name];
  // MyFatoorah files a refund request that its finance team carries out later; Tap refunds at once.
  const refundStatus = name === "myfatoorah" ? "pending" : "refunded";

  beforeAll(() => {
    useProviderForNewOrders(name);
    gateway.setAutoWebhook(false);
  });

  it("refunds the whole amount by default, and the order shows refunded", async () => {
    const paid = await paidOrder(gateway);
    expect((await shown(paid.order.id)).paymentStatus).toBe("paid");

    await refundOrder({ orderId: paid.order.id, admin });
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(paid.order.totalFils);
    const order = await shown(paid.order.id);
    expect(order.paymentStatus).toBe("refunded");
    expect(order.refundedAmount).toBe(paid.order.totalFils / 1000);
    expect(order.refunds).toEqual([expect.objectContaining({ amount: paid.order.totalFils / 1000, status: refundStatus, requestedBy: admin.email })]);
  });

  it("refunds part, then the rest, and refuses more than what is left with 409", async () => {
    const paid = await paidOrder(gateway);
    await refundOrder({ orderId: paid.order.id, amountFils: 1250, admin });
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(1250);
    expect(await shown(paid.order.id)).toMatchObject({ paymentStatus: "partially_refunded", refundedAmount: 1.25 });

    const requests = gateway.refundRequests();
    const tooMuch = await refusal(refundOrder({ orderId: paid.order.id, amountFils: paid.order.totalFils, admin }));
    expect({ reason: tooMuch.reason, status: tooMuch.status }).toEqual({ reason: "overRefund", status: 409 });
    expect(gateway.refundRequests()).toBe(requests);
    expect(await refundedFils(paid.order.id)).toBe(1250);

    await refundOrder({ orderId: paid.order.id, admin });
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(paid.order.totalFils);
    expect((await shown(paid.order.id)).paymentStatus).toBe("refunded");
    const nothingLeft = await refusal(refundOrder({ orderId: paid.order.id, amountFils: 1, admin }));
    expect(nothingLeft.status).toBe(409);
  });

  it("refuses to refund an unpaid order with 409", async () => {
    const placed = await placeTestOrder({ stock: 1, quantity: 1 });
    const requests = gateway.refundRequests();
    const error = await refusal(refundOrder({ orderId: placed.order.id, admin }));
    expect({ reason: error.reason, status: error.status }).toEqual({ reason: "notPaid", status: 409 });
    expect(gateway.refundRequests()).toBe(requests);
  });

  it("answers 502 and counts nothing when the gateway refuses, so a retry works", async () => {
    const paid = await paidOrder(gateway);
    gateway.failNext("refuse");
    const refused = await refusal(refundOrder({ orderId: paid.order.id, admin }));
    expect({ reason: refused.reason, status: refused.status }).toEqual({ reason: "gatewayRefused", status: 502 });
    expect(await refundedFils(paid.order.id)).toBe(0);
    expect((await shown(paid.order.id)).paymentStatus).toBe("paid");

    await refundOrder({ orderId: paid.order.id, admin });
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(paid.order.totalFils);
    const order = await shown(paid.order.id);
    expect(order.paymentStatus).toBe("refunded");
    expect(order.refunds.map((refund) => refund.status)).toEqual(["failed", refundStatus]);
  });

  it("after the gateway made the refund but its answer was lost, a retry asks the gateway and refunds once", async () => {
    const paid = await paidOrder(gateway);
    gateway.failNext("drop");
    const lost = await refusal(refundOrder({ orderId: paid.order.id, admin }));
    expect({ reason: lost.reason, status: lost.status }).toEqual({ reason: "gatewayUnavailable", status: 502 });
    expect(gateway.refundsRecorded(paid.providerPaymentId)).toBe(1);
    // The gateway may have refunded: the amount stays counted, so nobody can refund it again meanwhile.
    expect(await refundedFils(paid.order.id)).toBe(paid.order.totalFils);

    const sent = gateway.refundRequests();
    expect(await refundOrder({ orderId: paid.order.id, admin })).toEqual({ amountFils: paid.order.totalFils, refundId: lost.refundId });
    expect(gateway.refundRequests()).toBe(sent);
    expect(gateway.refundsRecorded(paid.providerPaymentId)).toBe(1);
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(paid.order.totalFils);
    const order = await shown(paid.order.id);
    expect(order.paymentStatus).toBe("refunded");
    expect(order.refundedAmount).toBe(paid.order.totalFils / 1000);
    expect(order.refunds.map((refund) => refund.status)).toEqual([refundStatus]);
    expect(await prisma.creditNote.count({ where: { orderId: paid.order.id } })).toBe(1);

    const again = await refusal(refundOrder({ orderId: paid.order.id, admin }));
    expect(again.status).toBe(409);
    expect(gateway.refundsRecorded(paid.providerPaymentId)).toBe(1);
  });

  it("after a refund timed out at the gateway, a retry finds it there and sends nothing more", async () => {
    const paid = await paidOrder(gateway);
    gateway.failNext("hang");
    // The gateway records the refund as the request arrives, then never answers: 2 seconds stand in for the 10.
    const { result: timedOut, askedMs } = await withShortGatewayTimeout(2_000, () => refusal(refundOrder({ orderId: paid.order.id, amountFils: 1000, admin })));
    expect(new Set(askedMs)).toEqual(new Set([10_000]));
    expect({ reason: timedOut.reason, status: timedOut.status }).toEqual({ reason: "gatewayUnavailable", status: 502 });
    expect(gateway.refundsRecorded(paid.providerPaymentId)).toBe(1);

    const sent = gateway.refundRequests();
    expect(await refundOrder({ orderId: paid.order.id, amountFils: 1000, admin })).toEqual({ amountFils: 1000, refundId: timedOut.refundId });
    expect(gateway.refundRequests()).toBe(sent);
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(1000);
    expect(await shown(paid.order.id)).toMatchObject({ paymentStatus: "partially_refunded", refundedAmount: 1 });
  });

  it("when the gateway never got the refund, the retry sends it again under the same reference", async () => {
    const paid = await paidOrder(gateway);
    gateway.failNext("500");
    const failed = await refusal(refundOrder({ orderId: paid.order.id, admin }));
    expect({ reason: failed.reason, status: failed.status }).toEqual({ reason: "gatewayUnavailable", status: 502 });
    expect(gateway.refundsRecorded(paid.providerPaymentId)).toBe(0);

    await refundOrder({ orderId: paid.order.id, admin });
    expect(gateway.refundsRecorded(paid.providerPaymentId)).toBe(1);
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(paid.order.totalFils);
    const rows = await prisma.refund.findMany({ where: { orderId: paid.order.id } });
    expect(rows).toHaveLength(1);
    expect(gateway.refundReferences(paid.providerPaymentId)).toEqual([rows[0].id]);
    expect((await shown(paid.order.id)).paymentStatus).toBe("refunded");
  });

  it("refunds once when five retries of a lost refund arrive together", async () => {
    const paid = await paidOrder(gateway);
    gateway.failNext("drop");
    await refusal(refundOrder({ orderId: paid.order.id, admin }));
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => refundOrder({ orderId: paid.order.id, admin })));
    expect(results.filter((result) => result.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    expect(gateway.refundsRecorded(paid.providerPaymentId)).toBe(1);
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(paid.order.totalFils);
    expect(await refundedFils(paid.order.id)).toBe(paid.order.totalFils);
    expect((await shown(paid.order.id)).refunds).toHaveLength(1);
  });

  it("lets exactly one of 10 simultaneous full refunds through", async () => {
    const paid = await paidOrder(gateway);
    const requests = gateway.refundRequests();
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => refundOrder({ orderId: paid.order.id, admin })));

    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    for (const result of results) {
      if (result.status === "rejected") expect(result.reason).toMatchObject({ reason: "overRefund", status: 409 });
    }
    expect(gateway.refundRequests()).toBe(requests + 1);
    expect(gateway.refundedFils(paid.providerPaymentId)).toBe(paid.order.totalFils);
    expect(await refundedFils(paid.order.id)).toBe(paid.order.totalFils);
    expect((await shown(paid.order.id)).paymentStatus).toBe("refunded");
  });
});

describe("refunds with the test provider", () => {
  beforeAll(() => useProviderForNewOrders("test"));

  it("are only recorded: no gateway is asked", async () => {
    const placed = await placeTestOrder({ stock: 1, quantity: 1 });
    const session = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
    await testProvider.submitCard(session.providerPaymentId!, { cardNumber: "4111111111111111" });
    expect((await confirmPayment(placed.orderSessionId))?.state).toBe("paid");
    const before = GATEWAYS.map((name) => gateways[name].refundRequests());

    await refundOrder({ orderId: placed.order.id, amountFils: 500, admin });
    await refundOrder({ orderId: placed.order.id, admin });
    expect(GATEWAYS.map((name) => gateways[name].refundRequests())).toEqual(before);
    const refunds = await prisma.refund.findMany({ where: { orderId: placed.order.id }, orderBy: { createdAt: "asc" } });
    expect(refunds.map((refund) => [refund.amountFils, refund.status])).toEqual([
      [500, "refunded"],
      [placed.order.totalFils - 500, "refunded"],
    ]);
    expect(refunds.every((refund) => refund.providerRefundId?.startsWith("tr_"))).toBe(true);
    expect((await shown(placed.order.id)).paymentStatus).toBe("refunded");
  });
});

describe("a refund of a paid order of 0 (a free exchange's order; probe 6, item 7)", () => {
  it("is refused as nothing left to refund, in both languages, not as an unpaid order, and changes nothing", async () => {
    const order = await createOrder(prisma, { subtotalFils: 5000, discountFils: 5000, deliveryFeeFils: 0, items: [{ nameEn: "Dress", nameAr: "فستان", priceFils: 5000, quantity: 1 }] });
    await prisma.order.update({ where: { id: order.id }, data: { exchangeForOrderNumber: "ORD-000000000001" } });
    const error = await refusal(refundOrder({ orderId: order.id, admin }));
    expect({ reason: error.reason, status: error.status }).toEqual({ reason: "overRefund", status: 409 });
    const message = bilingual("admin.refund.overRefund");
    expect(message).toContain("more than what is left to refund");
    expect(message).not.toContain("not paid");
    expect(message).toMatch(/[\u0600-\u06FF]/);
    expect(await refundedFils(order.id)).toBe(0);
    expect(await prisma.refund.count({ where: { orderId: order.id } })).toBe(0);
  });
});
