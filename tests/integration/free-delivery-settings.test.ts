/**
 * The free-delivery threshold: the model's rule at checkout and the owner's setting through PUT/GET
 * /api/admin/settings. The setting is the whole shop's, so every test of it is in this one file and block.
 */
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { placeOrder, type PlaceOrderInput } from "~/models/orders/index.server";
import { getShopSettings, saveShopSettings } from "~/models/shop/index.server";
import * as settings from "~/routes/api.admin.settings";
import { createCoupon } from "../factories/coupon";
import { createDeliveryArea } from "../factories/delivery-area";
import { checkoutDetails } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueEmail, uniquePhone } from "../factories/unique";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";

async function run(handler: unknown, req: Request) {
  return runChecked(handler, req);
}

async function body(response: Response): Promise<unknown> {
  return response.json();
}

function order(city: string, productId: string, quantity: number, couponCode: string | null): PlaceOrderInput {
  return {
    details: checkoutDetails(city, { email: uniqueEmail(), phone: uniquePhone() }),
    lines: [{ productId, quantity, customTags: [] }],
    customerId: null,
    language: "en",
    couponCode,
  };
}

describe("free delivery from a products total", () => {
  // The setting is the whole shop's, so every test of it is in this block, one after another: a threshold no other
  // test's order comes near, put back afterwards.
  afterAll(() => saveShopSettings({ freeDeliveryFromFils: null }));

  it("drops the fee once the products after any discount reach it", async () => {
    await saveShopSettings({ freeDeliveryFromFils: 900_000 });
    expect(await getShopSettings()).toMatchObject({ freeDeliveryFromFils: 900_000 });
    const city = await createDeliveryArea(prisma, 1800);
    const product = await createProduct(prisma, { priceFils: 450_000, stockQuantity: 10 });
    const reached = await placeOrder(order(city, product.id, 2, null));
    expect(await prisma.order.findUniqueOrThrow({ where: { id: reached.id } })).toMatchObject({ subtotalFils: 900_000, deliveryFeeFils: 0, totalFils: 900_000 });
    const coupon = await createCoupon(prisma, { kind: "fixed", value: 1000 });
    const discounted = await placeOrder(order(city, product.id, 2, coupon.code));
    expect(await prisma.order.findUniqueOrThrow({ where: { id: discounted.id } })).toMatchObject({ discountFils: 1000, deliveryFeeFils: 1800, totalFils: 900_800 });
  });

  it("keeps the free-delivery threshold in KD, null for none, and refuses what is not an amount", async () => {
    const { cookie } = await adminCookie();
    const saved = await run(settings.action, request("/api/admin/settings", { method: "PUT", cookie, json: { freeDeliveryFromKD: 900 } }));
    expect(await body(saved)).toMatchObject({ message: "Settings saved. / تم حفظ الإعدادات.", freeDeliveryFromKD: 900 });
    expect(await body(await run(settings.loader, request("/api/admin/settings", { cookie })))).toMatchObject({ freeDeliveryFromKD: 900 });
    const refused = await run(settings.action, request("/api/admin/settings", { method: "PUT", cookie, json: { freeDeliveryFromKD: "lots" } }));
    expect(refused.status).toBe(400);
    expect(await body(await run(settings.loader, request("/api/admin/settings", { cookie })))).toMatchObject({ freeDeliveryFromKD: 900 });
    await run(settings.action, request("/api/admin/settings", { method: "PUT", cookie, json: { freeDeliveryFromKD: null } }));
    expect(await body(await run(settings.loader, request("/api/admin/settings", { cookie })))).toMatchObject({ freeDeliveryFromKD: null });
  });
});
