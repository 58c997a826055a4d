import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as product from "~/routes/api.admin.products.$id._index";
import * as coupons from "~/routes/api.admin.coupons._index";
import * as settings from "~/routes/api.admin.settings";
import * as settingsPage from "~/routes/admin.timsar.settings";
import * as couponsPage from "~/routes/admin.timsar.coupons.new";
import { getShopSettings } from "~/models/shop/index.server";
import { createProduct } from "../factories/product";
import { uniqueId } from "../factories/unique";
import { adminCookie, answer, form, message, request } from "../support/admin-requests";

// Probe 5, finding 3 (docs/decisions/0108-the-largest-amount-an-owner-types.md): on PostgreSQL an amount above
// 2,147,483.647 KD answered 500; on SQLite it was saved.

describe("an amount the owner types is at most 10,000 KD", () => {
  it("a product's price and price before discount, through the API", async () => {
    const { cookie } = await adminCookie();
    const item = await createProduct(prisma);
    const put = (json: unknown) => answer(product.action, request(`/api/admin/products/${item.id}`, { method: "PUT", cookie, json }), { id: item.id });

    const huge = await put({ price: 3_000_000, hasDiscount: false, priceBeforeDiscount: null });
    expect(huge.status).toBe(400);
    const body = (await huge.json()) as { fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors.price[0]).toContain("from 0 to 10,000");
    expect((await put({ price: 5, hasDiscount: true, priceBeforeDiscount: 10_000.001 })).status).toBe(400);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: item.id } })).priceFils).toBe(item.priceFils);

    expect((await put({ price: 10_000, hasDiscount: false, priceBeforeDiscount: null })).status).toBe(200);
    expect((await prisma.product.findUniqueOrThrow({ where: { id: item.id } })).priceFils).toBe(10_000_000);
  });

  it("a coupon's value and minimum, through the API and the admin form", async () => {
    const { cookie } = await adminCookie();
    for (const json of [
      { code: `HUGE${uniqueId("c").slice(-6).toUpperCase()}`, type: "fixed", value: 3_000_000, isActive: true },
      { code: `MINT${uniqueId("c").slice(-6).toUpperCase()}`, type: "fixed", value: 1, minTotal: 3_000_000, isActive: true },
    ]) {
      const refused = await answer(coupons.action, request("/api/admin/coupons", { method: "POST", cookie, json }));
      expect(refused.status).toBe(400);
      expect(await message(refused)).toContain("at most 10,000");
      expect(await prisma.coupon.count({ where: { code: json.code } })).toBe(0);
    }
    const code = `FORM${uniqueId("c").slice(-6).toUpperCase()}`;
    const page = await answer(couponsPage.action, form("/admin/timsar/coupons/new", { code, kind: "fixed", value: "3000000", isEnabled: "on" }, cookie));
    expect(page.status).toBe(400);
    expect(((await page.json()) as { errors: Record<string, string> }).errors.value).toBeTruthy();
    expect(await prisma.coupon.count({ where: { code } })).toBe(0);
  });

  it("the gift-wrapping price and the free-delivery threshold, through the API and the settings form", async () => {
    const { cookie } = await adminCookie();
    const before = await getShopSettings();
    for (const json of [{ giftWrapKD: 3_000_000 }, { freeDeliveryFromKD: "10000.001" }]) {
      const refused = await answer(settings.action, request("/api/admin/settings", { method: "PUT", cookie, json }));
      expect(refused.status).toBe(400);
      const field = Object.keys(json)[0];
      const errors = ((await refused.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors;
      expect(errors[field][0]).toContain("from 0 to 10,000");
    }
    const page = await answer(
      settingsPage.action,
      form("/admin/timsar/settings", { shopNameEn: "Shop", shopNameAr: "متجر", contactEmail: "shop@probe.test", contactPhone: "51234567", giftWrap: "3000000", freeDeliveryFrom: "20000" }, cookie),
    );
    expect(page.status).toBe(400);
    // The form shows the key's text, which names the limit (checked through the API above).
    const { error } = (await page.json()) as { error: Record<string, string[]> };
    expect(error.giftWrap).toEqual(["admin.settings.invalid"]);
    expect(error.freeDeliveryFrom).toEqual(["admin.settings.invalid"]);
    const after = await getShopSettings();
    expect(after.giftWrapFils).toBe(before.giftWrapFils);
    expect(after.freeDeliveryFromFils).toBe(before.freeDeliveryFromFils);
  });
});

