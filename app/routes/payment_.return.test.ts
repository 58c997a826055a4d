import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { testProvider } from "~/payments/test-provider.server";
import { action as placeOrderAction } from "./api.orders";
import { loader as invoiceByIdLoader } from "./invoice.$orderId";
import { loader as returnLoader } from "./payment_.return";
import { createDeliveryArea } from "../../tests/factories/delivery-area";
import { createProduct } from "../../tests/factories/product";
import { uniqueId } from "../../tests/factories/unique";

const context = () => ({ cspNonce: "", clientAddress: uniqueId("ip") });

async function loaderData(response: unknown) {
  const result = response as { data: { state: string; orderNumber: string | null }; init: ResponseInit | null };
  return { ...result.data, headers: new Headers(result.init?.headers) };
}

describe("the payment result page by orderId", () => {
  it("asks the provider, shows the confirmed order, empties the cart, and opens the invoice for its buyer only", async () => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma);
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
    const { orderId, orderSessionId, orderNumber } = (await placed.json()) as { orderId: string; orderSessionId: string; orderNumber: string };
    const accessCookie = placed.headers.get("Set-Cookie")!.split(";")[0];
    const visit = (query: string) => returnLoader({ request: new Request(`http://localhost/payment/return${query}`), params: {}, context: context() });

    expect((await loaderData(await visit(""))).state).toBe("missing");
    // A query parameter claiming success changes nothing: the provider has not been paid.
    expect((await loaderData(await visit(`?orderId=${orderId}&status=paid`))).state).toBe("failed");
    expect((await prisma.order.findUniqueOrThrow({ where: { id: orderId } })).paymentStatus).toBe("unpaid");

    const payment = await prisma.payment.findUniqueOrThrow({ where: { id: orderSessionId } });
    await testProvider.submitCard(payment.providerPaymentId!, { cardNumber: "4111111111111111" });
    const paid = await loaderData(await visit(`?orderId=${orderId}`));
    expect(paid).toMatchObject({ state: "paid", orderNumber });
    expect(paid.headers.get("Set-Cookie")).toMatch(/^cart=.*Max-Age=0/);

    const open = (cookie?: string) =>
      invoiceByIdLoader({ request: new Request(`http://localhost/invoice/${orderId}`, { headers: cookie ? { Cookie: cookie } : {} }), params: { orderId }, context: context() });
    const stranger = await open();
    expect(stranger.status).toBe(403);
    const buyer = await open(accessCookie);
    expect(buyer.status).toBe(302);
    expect(buyer.headers.get("Location")).toMatch(new RegExp(`^/uploads/invoices/${orderNumber}\\.pdf\\?expires=\\d+&sig=`));
  });
});
