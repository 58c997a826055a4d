import { expect } from "vitest";
/**
 * Orders paid through a gateway at the model level, for app/models/payments/payment.server.test.ts and
 * app/models/payments/refund.server.test.ts: the same steps as the checkout and /payment (place the order, pick a way to
 * pay, go to the gateway's page), without HTTP. Each order has its own product and e-mail address, so files running
 * side by side on the one test database never count each other's stock or mail.
 */
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { createDeliveryArea } from "../factories/delivery-area";
import { checkoutDetails } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueId } from "../factories/unique";
import { beginGatewayPayment, getPaymentSession, listPaymentMethods, placeOrderAndStartPayment, verifyOrderPayment } from "~/models/payments/index.server";
import type { PaymentMethodKind } from "~/payments/provider.server";
import type { TestGateway } from "./gateway-helpers";

/**
 * Which provider new orders use. getEnv() is read once per process, so a file that tests both gateways switches
 * it the way restarting the shop with another PAYMENT_PROVIDER would; providers already built keep their keys.
 */
export function useProviderForNewOrders(name: "test" | "myfatoorah" | "tap") {
  getEnv().paymentProvider = name;
}

export async function placeTestOrder(options: { stock: number; quantity: number; placedAt?: Date }) {
  const city = await createDeliveryArea(prisma, 1500);
  const product = await createProduct(prisma, { priceFils: 2750, stockQuantity: options.stock });
  const email = `${uniqueId("shopper")}@example.com`;
  const placed = await placeOrderAndStartPayment(
    { details: checkoutDetails(city, { email }), lines: [{ productId: product.id, quantity: options.quantity, customTags: [] }], customerId: null, language: "en" },
    options.placedAt,
  );
  return { ...placed, productId: product.id, email };
}

/**
 * The shopper picks KNET (or a card) on /payment: a new attempt at the gateway, and the hosted page to go to. `now`
 * is when the pick happens (a payment starts only while the order's hold lasts).
 */
export async function beginAttempt(orderSessionId: string, kind: PaymentMethodKind = "knet", now = new Date()) {
  const session = await getPaymentSession(orderSessionId);
  if (!session) throw new Error(`no payment session ${orderSessionId}`);
  const method = (await listPaymentMethods(session, "en")).find((candidate) => candidate.kind === kind);
  if (!method) throw new Error(`the gateway offers no ${kind}`);
  const { redirectUrl } = await beginGatewayPayment(orderSessionId, method.id, now);
  const attempt = await prisma.payment.findFirstOrThrow({
    where: { orderId: session.order.id, providerPaymentId: { not: null } },
    orderBy: { createdAt: "desc" },
  });
  return { redirectUrl, attemptId: attempt.id, providerPaymentId: attempt.providerPaymentId as string };
}

/** A whole KNET payment: placed, approved on the gateway's page, confirmed by the return. */
export async function paidOrder(gateway: TestGateway) {
  const placed = await placeTestOrder({ stock: 3, quantity: 1 });
  const attempt = await beginAttempt(placed.orderSessionId);
  const back = await gateway.decide(attempt.redirectUrl, "approve");
  const outcome = await verifyOrderPayment(placed.order.id, back.searchParams);
  if (outcome?.state !== "paid") throw new Error(`the order was not paid: ${JSON.stringify(outcome)}`);
  // Its messages go from the outbox after the commit (decision 0054): wait for them, and so for the invoice they draw.
  await expect.poll(() => prisma.outboxMessage.count({ where: { orderId: placed.order.id, status: "queued" } }), { timeout: 10_000 }).toBe(0);
  return { ...placed, ...attempt };
}

export async function stockOf(productId: string) {
  return (await prisma.product.findUniqueOrThrow({ where: { id: productId } })).stockQuantity;
}
