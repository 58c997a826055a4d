import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { cartCookieHeader } from "~/cookies/cart.server";
import { guestCookieHeader } from "~/cookies/checkout-guest.server";
import { HOLD_LIMITS, placeOrder } from "~/models/order.server";
import { ORDER_ATTEMPTS_PER_WINDOW, ORDER_ATTEMPTS_WINDOW_SECONDS } from "~/models/rate-limit.server";
import { createDeliveryArea } from "../../tests/factories/delivery-area";
import { checkoutDetails } from "../../tests/factories/order";
import { createProduct } from "../../tests/factories/product";
import { uniqueId } from "../../tests/factories/unique";
import { action } from "./checkout";

type CheckoutAnswer = { result: { error?: Record<string, string[] | null> }; paymentUrl: string | null };

/** A guest's checkout form, posted with JavaScript on, from one client address and in one language. */
async function submitCheckout(city: string, productId: string, address: string, language: "ar" | "en") {
  const cookies = [await guestCookieHeader(), await cartCookieHeader([{ productId, quantity: 1, customTags: [] }])].map((header) => header.split(";")[0]);
  const body = new URLSearchParams({ enhanced: "1" });
  for (const [name, value] of Object.entries(checkoutDetails(city))) if (value) body.set(name, value);
  const request = new Request("http://shop.test/checkout", { method: "POST", body, headers: { Cookie: [...cookies, `lang=${language}`].join("; ") } });
  const result = (await action({ request, params: {}, context: { cspNonce: "", clientAddress: address } })) as unknown as {
    data: CheckoutAnswer;
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, formErrors: result.data.result.error?.[""] ?? [], paymentUrl: result.data.paymentUrl };
}

describe("the checkout form's action", () => {
  it("shares the order rate limit of POST /api/orders, in the page's language, and places nothing once it is spent", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 5 });
    const address = uniqueId("203.0.113");
    const resetsAt = new Date(Date.now() + ORDER_ATTEMPTS_WINDOW_SECONDS * 1000);
    await prisma.rateLimit.create({ data: { key: `orders:${address}`, count: ORDER_ATTEMPTS_PER_WINDOW, resetsAt } });

    const refused = await submitCheckout(city, product.id, address, "ar");
    expect(refused.status).toBe(429);
    expect(refused.formErrors).toEqual(["فشل حفظ الطلب: محاولات كثيرة جداً. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى."]);
    expect(await prisma.orderItem.count({ where: { productId: product.id } })).toBe(0);

    const elsewhere = await submitCheckout(city, product.id, uniqueId("198.51.100"), "ar");
    expect(elsewhere.paymentUrl).toMatch(/^\/payment\?orderSessionId=/);
  });

  it("refuses a client that already holds the most unpaid orders, with the message in English on an English page", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { stockQuantity: 10 });
    const address = uniqueId("192.0.2");
    for (let index = 0; index < HOLD_LIMITS.unpaidOrders; index++) {
      await placeOrder({ details: checkoutDetails(city), lines: [{ productId: product.id, quantity: 1, customTags: [] }], customerId: null, language: "en", clientAddress: address });
    }
    const refused = await submitCheckout(city, product.id, address, "en");
    expect(refused.status).toBe(429);
    expect(refused.formErrors[0]).toBe(
      "Failed to save order: You already have unpaid orders holding products. Please pay for them, or wait 15 minutes until they expire, then try again.",
    );
    expect(await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 7, heldQuantity: 3 });
  });
});
