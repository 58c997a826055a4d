/**
 * Issue 28, point 4: a declined card keeps the order. While its hold lasts the shopper pays the same order again
 * (same number, address and held stock); once the hold has run out the order is released once, as before, and its
 * details fill the checkout again; paying it late then takes its units again (issue 45). Uses the built-in test provider (CONTRACT.md's cards).
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { testProvider } from "~/payments/test-provider.server";
import { createDeliveryArea } from "../../../tests/factories/delivery-area";
import { checkoutDetails } from "../../../tests/factories/order";
import { createProduct } from "../../../tests/factories/product";
import { checkoutDetailsOf, RESERVATION_MINUTES } from "~/models/orders/index.server";
import { confirmPayment } from "./payment-confirm.server";
import { expireReservations } from "./payment-jobs.server";
import { payAgainSessionOf, placeOrderAndStartPayment, testAttemptToPay } from "./payment-start.server";

const DECLINED = "4000000000000002";
const APPROVED = "4111111111111111";

async function productRow(productId: string) {
  return prisma.product.findUniqueOrThrow({ where: { id: productId }, select: { stockQuantity: true, heldQuantity: true } });
}

async function placeAndDecline(stock: number, placedAt = new Date()) {
  const city = await createDeliveryArea(prisma);
  const product = await createProduct(prisma, { stockQuantity: stock });
  const details = checkoutDetails(city);
  const placed = await placeOrderAndStartPayment(
    { details, lines: [{ productId: product.id, quantity: stock, customTags: [] }], customerId: null, language: "en" },
    placedAt,
  );
  const session = await prisma.payment.findUniqueOrThrow({ where: { id: placed.orderSessionId } });
  await testProvider.submitCard(session.providerPaymentId!, { cardNumber: DECLINED });
  const declined = await confirmPayment(placed.orderSessionId);
  return { placed, productId: product.id, details, declined };
}

async function pay(orderSessionId: string, cardNumber: string) {
  const attempt = await testAttemptToPay(orderSessionId);
  if (!attempt) return null;
  await testProvider.submitCard(attempt.providerPaymentId, { cardNumber });
  return { attempt, outcome: await confirmPayment(attempt.paymentId) };
}

describe("a declined card", () => {
  it("keeps the order and its hold, and the same order is paid once with the next card", async () => {
    const { placed, productId, declined } = await placeAndDecline(3);
    expect(declined?.state).toBe("unpaid");
    const afterDecline = await prisma.order.findUniqueOrThrow({ where: { id: placed.order.id } });
    expect(afterDecline.paymentStatus).toBe("unpaid");
    expect(afterDecline.reservedUntil).not.toBeNull();
    expect(await productRow(productId)).toEqual({ stockQuantity: 0, heldQuantity: 3 });
    expect(await payAgainSessionOf(placed.order.id)).toBe(placed.orderSessionId);

    // Asking twice before paying gives the same open attempt (one charge at the gateway, as on /payment).
    const first = await testAttemptToPay(placed.orderSessionId);
    expect(first?.paymentId).not.toBe(placed.orderSessionId);
    expect((await testAttemptToPay(placed.orderSessionId))?.paymentId).toBe(first?.paymentId);

    const paid = await pay(placed.orderSessionId, APPROVED);
    expect(paid?.attempt.paymentId).toBe(first?.paymentId);
    expect(paid?.outcome).toMatchObject({ state: "paid", orderId: placed.order.id, orderNumber: placed.order.orderNumber });
    const order = await prisma.order.findUniqueOrThrow({ where: { id: placed.order.id }, include: { payments: { orderBy: { createdAt: "asc" } } } });
    expect(order.paymentStatus).toBe("paid");
    expect(order.payments.map((payment) => payment.status)).toEqual(["declined", "paid"]);
    // The held units were sold, once: none back on sale, none still held.
    expect(await productRow(productId)).toEqual({ stockQuantity: 0, heldQuantity: 0 });

    // A paid order is never paid again, and its session reads as paid.
    expect(await payAgainSessionOf(placed.order.id)).toBeNull();
    expect(await pay(placed.orderSessionId, APPROVED)).toBeNull();
    expect((await confirmPayment(placed.orderSessionId))?.state).toBe("paid");
    expect(await prisma.payment.count({ where: { orderId: placed.order.id } })).toBe(2);
    expect(await productRow(productId)).toEqual({ stockQuantity: 0, heldQuantity: 0 });
  });

  it("releases the order once when its hold runs out, and its details fill the checkout again", async () => {
    const { placed, productId, details } = await placeAndDecline(2);
    const later = new Date(Date.now() + (RESERVATION_MINUTES + 1) * 60_000);
    expect(await expireReservations(later)).toBeGreaterThanOrEqual(1);
    await expireReservations(later);
    expect((await prisma.order.findUniqueOrThrow({ where: { id: placed.order.id } })).paymentStatus).toBe("failed");
    expect(await productRow(productId)).toEqual({ stockQuantity: 2, heldQuantity: 0 });

    expect(await payAgainSessionOf(placed.order.id)).toBeNull();
    expect((await confirmPayment(placed.orderSessionId))?.state).toBe("failed");
    expect(await productRow(productId)).toEqual({ stockQuantity: 2, heldQuantity: 0 });

    const refill = await checkoutDetailsOf(placed.order.id);
    expect(refill?.details).toMatchObject({
      fullName: details.fullName,
      email: details.email.toLowerCase(),
      phone: details.phone,
      city: details.city,
      street: details.street,
      block: details.block,
      buildingNumber: details.buildingNumber,
      buildingType: details.buildingType,
    });

    // Paid late through its payment page (issue 45, decision 0085): its units, still there, are taken again, once.
    expect((await pay(placed.orderSessionId, APPROVED))?.outcome?.state).toBe("paid");
    expect(await productRow(productId)).toEqual({ stockQuantity: 0, heldQuantity: 0 });
  });

  it("fails the order at once, giving the stock back once, when its hold had already run out", async () => {
    const placedAt = new Date(Date.now() - (RESERVATION_MINUTES + 1) * 60_000);
    const { placed, productId, declined } = await placeAndDecline(2, placedAt);
    expect(declined?.state).toBe("failed");
    expect(await productRow(productId)).toEqual({ stockQuantity: 2, heldQuantity: 0 });
    await expireReservations();
    expect(await productRow(productId)).toEqual({ stockQuantity: 2, heldQuantity: 0 });
    expect(await payAgainSessionOf(placed.order.id)).toBeNull();
  });
});
