import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { cancelUnpaidOrder } from "~/models/fulfilment/index.server";
import { action as placeOrderAction } from "./api.orders";
import { action as paymentAction } from "./payment";
import { createDeliveryArea } from "../../tests/factories/delivery-area";
import { createProduct } from "../../tests/factories/product";
import { uniqueId } from "../../tests/factories/unique";

const context = () => ({ cspNonce: "", clientAddress: uniqueId("ip") });

async function placeOrder(stockQuantity: number) {
  const city = await createDeliveryArea(prisma);
  const product = await createProduct(prisma, { stockQuantity });
  const body = {
    fullName: "Sara",
    email: "sara@example.com",
    phone: "91234567",
    buildingType: "Villa",
    address: { city, street: "A", streetNumber: "1", block: "2", buildingNumber: "3" },
    items: [{ _id: product.id, quantity: 1 }],
  };
  const placed = await placeOrderAction({
    request: new Request("http://localhost/api/orders", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) }),
    params: {},
    context: context(),
  });
  return { product, ...((await placed.json()) as { orderId: string; orderSessionId: string; orderNumber: string }) };
}

function submitCard(orderSessionId: string) {
  const form = new URLSearchParams({ orderSessionId, cardholderName: "John", cardNumber: "4111111111111111", month: "12", year: "30", cvv: "123" });
  const request = new Request(`http://localhost/payment?orderSessionId=${orderSessionId}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: "lang=en" },
    body: form,
  });
  return paymentAction({ request, params: {}, context: context() });
}

describe("the test provider's card page of an order cancelled meanwhile", () => {
  it("says the order is cancelled, charges nothing and writes nothing onto it", async () => {
    const { product, orderId, orderSessionId, orderNumber } = await placeOrder(5);
    expect((await cancelUnpaidOrder(orderSessionId)).outcome).toBe("cancelled");
    const before = await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true, paymentStatus: true, reservedUntil: true } });
    const stockBefore = await prisma.product.findUniqueOrThrow({ where: { id: product.id }, select: { stockQuantity: true, heldQuantity: true } });

    const answer = (await submitCard(orderSessionId)) as unknown as { data: { result: { error?: Record<string, string[]> } }; init: ResponseInit | null };
    expect(answer.init?.status).toBe(409);
    expect(JSON.stringify(answer.data.result)).toContain(`Order ${orderNumber} is cancelled; its pieces are back on sale.`);

    expect(await prisma.order.findUniqueOrThrow({ where: { id: orderId }, select: { status: true, paymentStatus: true, reservedUntil: true } })).toEqual(before);
    expect(before.status).toBe("cancelled");
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id }, select: { stockQuantity: true, heldQuantity: true } })).toEqual(stockBefore);
    expect(await prisma.payment.count({ where: { orderId, status: { in: ["initiated", "paid", "failed"] } } })).toBe(0);
  });
});
