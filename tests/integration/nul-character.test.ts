import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as login from "~/routes/api.auth.login";
import * as orders from "~/routes/api.orders";
import * as forgotPassword from "~/routes/forgot-password";
import * as settings from "~/routes/api.admin.settings";
import { getShopSettings } from "~/models/shop/index.server";
import { createProduct } from "../factories/product";
import { createDeliveryArea } from "../factories/delivery-area";
import { uniqueEmail } from "../factories/unique";
import { adminCookie, answer, form, message, request } from "../support/admin-requests";

// Probe 5, finding 1 (docs/decisions/0108-the-largest-amount-an-owner-types.md): on PostgreSQL each of these
// answered 500; on SQLite the NUL was saved.

describe("a NUL character (U+0000) is refused with 400, before anything is looked up or saved", () => {
  it("in a JSON body: sign-in, an order, the settings", async () => {
    const signIn = await answer(login.action, request("/api/auth/login", { method: "POST", json: { email: "a\u0000b@probe.test", password: "whatever1" } }));
    expect(signIn.status).toBe(400);
    const said = await message(signIn);
    expect(said).toContain("not allowed (the null character)");
    expect(said).toContain("يحتوي الطلب على محرف غير مسموح به");

    const area = await createDeliveryArea(prisma);
    const item = await createProduct(prisma);
    const email = uniqueEmail();
    const order = await answer(
      orders.action,
      request("/api/orders", {
        method: "POST",
        json: {
          fullName: "Nul\u0000Name",
          email,
          phone: "51234567",
          buildingType: "Villa",
          address: { city: area, street: "Gulf Road", streetNumber: "4", block: "1", buildingNumber: "9" },
          items: [{ _id: item.id, quantity: 1, customTags: [] }],
        },
      }),
    );
    expect(order.status).toBe(400);
    expect(await prisma.order.count({ where: { email } })).toBe(0);

    const { cookie } = await adminCookie();
    const before = await getShopSettings();
    const saved = await answer(settings.action, request("/api/admin/settings", { method: "PUT", cookie, json: { shopName: { en: "Nul\u0000Shop", ar: "متجر" } } }));
    expect(saved.status).toBe(400);
    expect((await getShopSettings()).shopName).toEqual(before.shopName);
  });

  it("in a form, a field's text or its name", async () => {
    for (const fields of [{ email: "u2\u0000@probe.test" }, { email: "u2@probe.test", "x\u0000": "1" }] as Record<string, string>[]) {
      const refused = await answer(forgotPassword.action, form("/forgot-password", fields));
      expect(refused.status).toBe(400);
      expect(await message(refused)).toContain("the null character");
    }
  });
});

