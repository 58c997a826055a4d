/**
 * The WhatsApp choice (issue 43, point 5): with WhatsApp not configured (this file sets no WHATSAPP_* variable) the
 * checkout does not offer it and a choice posted anyway is not kept; the owner sees on the order what the shopper
 * chose, on the page and through GET /api/admin/orders/{id}.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { cartCookieHeader } from "~/cookies/cart.server";
import { guestCookieHeader } from "~/cookies/checkout-guest.server";
import * as adminOrderPage from "~/routes/admin.timsar.orders.$orderId";
import * as adminOrder from "~/routes/api.admin.orders.$id._index";
import * as orders from "~/routes/api.orders";
import * as checkout from "~/routes/checkout";
import { createDeliveryArea } from "../factories/delivery-area";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueEmail, uniqueId, uniquePhone } from "../factories/unique";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";

const cookieOf = (header: string) => header.split(";")[0];

async function guestWithCart() {
  const product = await createProduct(prisma, { priceFils: 1500, stockQuantity: 5 });
  const cart = await cartCookieHeader([{ productId: product.id, quantity: 1, customTags: [] }]);
  return `${cookieOf(await guestCookieHeader())}; ${cookieOf(cart)}`;
}

async function thrownOrAnswered(run: () => Promise<unknown>): Promise<unknown> {
  try {
    return await run();
  } catch (thrown) {
    return thrown;
  }
}

describe("the WhatsApp choice while WhatsApp is not configured", () => {
  it("is not offered at checkout, and a posted choice is not kept with the order", async () => {
    const cookie = await guestWithCart();
    const page = (await checkout.loader({ request: request("/checkout", { cookie }), params: {}, context: { cspNonce: "" } })) as { whatsAppOffered: boolean };
    expect(page.whatsAppOffered).toBe(false);

    const city = await createDeliveryArea(prisma);
    const email = uniqueEmail("whatsapp");
    const form = new URLSearchParams({
      buildingType: "Villa", fullName: "Sara Ahmad", email, phone: uniquePhone(), city,
      street: "Tunis", streetNumber: "1", block: "2", buildingNumber: "3", notifyWhatsApp: "on",
    });
    const answer = await thrownOrAnswered(() =>
      checkout.action({ request: request("/checkout", { method: "POST", cookie, body: form, headers: { "Content-Type": "application/x-www-form-urlencoded" } }), params: {}, context: { cspNonce: "", clientAddress: uniqueId("ip") } }),
    );
    // Placed: on to the payment page.
    expect(answer).toBeInstanceOf(Response);
    expect((answer as Response).status).toBe(303);
    expect(await prisma.order.findFirstOrThrow({ where: { email }, select: { notifyWhatsApp: true } })).toEqual({ notifyWhatsApp: false });
  });

  it("is not kept from POST /api/orders either", async () => {
    const product = await createProduct(prisma, { priceFils: 1000, stockQuantity: 5 });
    const email = uniqueEmail("whatsapp-api");
    const json = {
      fullName: "Sara", email, phone: uniquePhone(), buildingType: "Villa", notifyWhatsApp: true,
      address: { city: await createDeliveryArea(prisma), street: "Tunis", streetNumber: "1", block: "2", buildingNumber: "3" },
      items: [{ _id: product.id, quantity: 1, customTags: [] }],
    };
    const response = await runChecked(orders.action, request("/api/orders", { method: "POST", json }), {}, { cspNonce: "", clientAddress: uniqueId("ip") });
    expect(response.status).toBe(201);
    expect(await prisma.order.findFirstOrThrow({ where: { email }, select: { notifyWhatsApp: true } })).toEqual({ notifyWhatsApp: false });
  });
});

describe("the admin order", () => {
  it("shows what the shopper chose, on the page and through the API", async () => {
    const { cookie } = await adminCookie("orders");
    for (const chose of [true, false]) {
      // An order placed while WhatsApp was configured keeps the shopper's yes.
      const order = await createOrder(prisma);
      await prisma.order.update({ where: { id: order.id }, data: { notifyWhatsApp: chose } });
      const api = await runChecked(adminOrder.loader, request(`/api/admin/orders/${order.id}`, { cookie }), { id: order.id });
      expect(((await api.json()) as { order: { notifyWhatsApp: boolean } }).order.notifyWhatsApp).toBe(chose);
      const page = (await adminOrderPage.loader({ request: request(`/admin/timsar/orders/${order.id}`, { cookie }), params: { orderId: order.id }, context: { cspNonce: "" } })) as { order: { notifyWhatsApp: boolean } };
      expect(page.order.notifyWhatsApp).toBe(chose);
    }
  });
});
