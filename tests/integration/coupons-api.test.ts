import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as coupons from "~/routes/api.admin.coupons._index";
import * as coupon from "~/routes/api.admin.coupons.$id";
import * as orders from "~/routes/api.orders";
import * as adminOrder from "~/routes/api.admin.orders.$id._index";
import { checkCoupon } from "~/models/orders/index.server";
import { createCoupon } from "../factories/coupon";
import { createDeliveryArea } from "../factories/delivery-area";
import { createProduct } from "../factories/product";
import { uniqueEmail, uniqueId } from "../factories/unique";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";

async function run(handler: unknown, req: Request, params: Record<string, string> = {}) {
  return runChecked(handler, req, params, { cspNonce: "", clientAddress: uniqueId("ip") });
}

async function body<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

const newCode = () => `API-${uniqueId("c").slice(2).toUpperCase()}`;

function orderPayload(city: string, productId: string, couponCode?: unknown) {
  return {
    fullName: "Sara Ahmad",
    email: uniqueEmail(),
    phone: "51234567",
    buildingType: "Villa",
    address: { city, street: "Gulf Road", streetNumber: "4", block: "1", buildingNumber: "9" },
    items: [{ _id: productId, quantity: 2, customTags: [] }],
    ...(couponCode === undefined ? {} : { couponCode }),
  };
}

describe("GET/POST /api/admin/coupons, PUT/DELETE /api/admin/coupons/{id}", () => {
  it("creates, lists, edits, switches off and deletes a code with CONTRACT.md's field names", async () => {
    const { cookie } = await adminCookie();
    const code = newCode();
    const created = await run(
      coupons.action,
      request("/api/admin/coupons", {
        method: "POST",
        cookie,
        json: { code: code.toLowerCase(), type: "percentage", value: 15, minTotal: 5, startsAt: "2026-01-01", endsAt: "2026-12-31", maxUsesPerCustomer: 1, isActive: true },
      }),
    );
    expect(created.status).toBe(201);
    const { coupon: json, message } = await body<{ coupon: Record<string, unknown>; message: string }>(created);
    expect(message).toBe("Discount code saved. / تم حفظ رمز الخصم.");
    expect(json).toEqual({
      _id: expect.any(String),
      code,
      type: "percentage",
      value: 15,
      minTotal: 5,
      startsAt: "2026-01-01",
      endsAt: "2026-12-31",
      maxUses: null,
      maxUsesPerCustomer: 1,
      freeDelivery: false,
      isActive: true,
      usedCount: 0,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      kind: "percent",
      minProductsTotal: 5,
      startsOn: "2026-01-01",
      endsOn: "2026-12-31",
      isEnabled: true,
    });
    const id = json._id as string;
    expect(await prisma.coupon.findUniqueOrThrow({ where: { id } })).toMatchObject({ kind: "percent", isEnabled: true, minProductsFils: 5000 });

    const listed = await body<{ coupons: { code: string; type: string; isActive: boolean }[] }>(await run(coupons.loader, request("/api/admin/coupons", { cookie })));
    expect(listed.coupons.find((entry) => entry.code === code)).toMatchObject({ type: "percentage", isActive: true });

    const edited = await run(coupon.action, request(`/api/admin/coupons/${id}`, { method: "PUT", cookie, json: { code, type: "fixed", value: 2.5, freeDelivery: true, isActive: false } }), { id });
    expect(edited.status).toBe(200);
    expect((await body<{ coupon: Record<string, unknown> }>(edited)).coupon).toMatchObject({ type: "fixed", value: 2.5, freeDelivery: true, isActive: false, minTotal: null, startsAt: null });
    expect((await body<{ coupon: Record<string, unknown> }>(await run(coupon.loader, request(`/api/admin/coupons/${id}`, { cookie }), { id }))).coupon).toMatchObject({ type: "fixed", isActive: false });

    const deleted = await run(coupon.action, request(`/api/admin/coupons/${id}`, { method: "DELETE", cookie }), { id });
    expect(deleted.status).toBe(200);
    const gone = await run(coupon.loader, request(`/api/admin/coupons/${id}`, { cookie }), { id });
    expect(gone.status).toBe(404);
    expect((await body(gone)).message).toBe("Discount code not found. / رمز الخصم غير موجود.");
  });

  it("still takes the shop's own names, and refuses two names for one field with different values", async () => {
    const { cookie } = await adminCookie();
    const code = newCode();
    const created = await run(
      coupons.action,
      request("/api/admin/coupons", { method: "POST", cookie, json: { code, kind: "percent", value: 10, minProductsTotal: "7.5", startsOn: "2026-02-01", isEnabled: true } }),
    );
    expect(created.status).toBe(201);
    const { coupon: json } = await body<{ coupon: Record<string, unknown> }>(created);
    expect(json).toMatchObject({ type: "percentage", minTotal: 7.5, startsAt: "2026-02-01", isActive: true });

    const same = await run(coupons.action, request("/api/admin/coupons", { method: "POST", cookie, json: { code: newCode(), type: "percentage", kind: "percent", value: 5, isActive: true, isEnabled: true } }));
    expect(same.status).toBe(201);

    const conflicting = await run(
      coupon.action,
      request(`/api/admin/coupons/${json._id as string}`, { method: "PUT", cookie, json: { code, type: "fixed", kind: "percent", value: 10, isActive: false, isEnabled: true } }),
      { id: json._id as string },
    );
    expect(conflicting.status).toBe(400);
    const refused = await body<{ message: string; fieldErrors: Record<string, string[]> }>(conflicting);
    expect(refused.fieldErrors).toEqual({
      type: ["type and kind are two names for one field: give one of them, or the same value in both. / type وkind اسمان لحقل واحد: أرسل أحدهما، أو القيمة نفسها في كليهما."],
      isActive: [expect.stringMatching(/^isActive and isEnabled are two names for one field/)],
    });
    expect(refused.message).toBe(refused.fieldErrors.type[0]);
    expect(await prisma.coupon.findUniqueOrThrow({ where: { id: json._id as string } })).toMatchObject({ kind: "percent", isEnabled: true });
  });

  it("takes an ISO 8601 date-time for startsAt and endsAt as that instant, a date as that Kuwait day", async () => {
    const { cookie } = await adminCookie();
    const code = newCode();
    const created = await run(
      coupons.action,
      request("/api/admin/coupons", { method: "POST", cookie, json: { code, type: "fixed", value: 1, startsAt: "2026-11-25T20:10:00.000Z", endsAt: "2026-11-27T09:30+03:00", isActive: true } }),
    );
    expect(created.status).toBe(201);
    const { coupon: json } = await body<{ coupon: Record<string, unknown> }>(created);
    expect([json.startsAt, json.endsAt, json.startsOn, json.endsOn]).toEqual(["2026-11-25T20:10:00.000Z", "2026-11-27T06:30:00.000Z", "2026-11-25T20:10:00.000Z", "2026-11-27T06:30:00.000Z"]);
    const at = (iso: string) => checkCoupon(code, 10000, {}, new Date(iso));
    expect(await at("2026-11-25T20:09:59.000Z")).toEqual({ ok: false, problem: "notStarted" });
    expect((await at("2026-11-25T20:10:00.000Z")).ok).toBe(true);
    expect((await at("2026-11-27T06:29:59.000Z")).ok).toBe(true);
    expect(await at("2026-11-27T06:30:00.000Z")).toEqual({ ok: false, problem: "expired" });

    // A date-time on a Kuwait day's edge reads back as that day, as a date would.
    const id = json._id as string;
    const edges = await run(
      coupon.action,
      request(`/api/admin/coupons/${id}`, { method: "PUT", cookie, json: { code, type: "fixed", value: 1, startsAt: "2026-11-25T21:00:00Z", endsAt: "2026-12-01", isActive: true } }),
      { id },
    );
    expect(edges.status).toBe(200);
    const { coupon: edged } = await body<{ coupon: Record<string, unknown> }>(edges);
    expect([edged.startsAt, edged.endsAt]).toEqual(["2026-11-26", "2026-12-01"]);

    for (const [startsAt, endsAt, field, message] of [
      ["2026-11-25T24:10:00Z", null, "startsAt", "Please enter a valid date. / يرجى إدخال تاريخ صحيح."],
      ["2026-02-30T10:00:00Z", null, "startsAt", "Please enter a valid date. / يرجى إدخال تاريخ صحيح."],
      ["2026-11-25T20:10:00Z", "2026-11-25T20:10:00Z", "endsAt", "The last day must not be before the first day. / يجب ألا يكون آخر يوم قبل أول يوم."],
    ] as const) {
      const refused = await run(coupon.action, request(`/api/admin/coupons/${id}`, { method: "PUT", cookie, json: { code, type: "fixed", value: 1, startsAt, endsAt, isActive: true } }), { id });
      expect(refused.status).toBe(400);
      expect((await body<{ fieldErrors: Record<string, string[]> }>(refused)).fieldErrors[field]).toEqual([message]);
    }
    const kept = await prisma.coupon.findUniqueOrThrow({ where: { id } });
    expect([kept.startsAt?.toISOString(), kept.endsAt?.toISOString()]).toEqual(["2026-11-25T21:00:00.000Z", "2026-12-01T21:00:00.000Z"]);
  });

  it("answers 400 with bilingual field errors, 409 for a code that exists in another case, 401 without a session", async () => {
    const { cookie } = await adminCookie();
    const bad = await run(coupons.action, request("/api/admin/coupons", { method: "POST", cookie, json: { code: "x", type: "percentage", value: 150, startsAt: "soon" } }));
    expect(bad.status).toBe(400);
    const errors = (await body<{ fieldErrors: Record<string, string[]> }>(bad)).fieldErrors;
    expect(errors.startsAt).toEqual(["Please enter a valid date. / يرجى إدخال تاريخ صحيح."]);
    const noType = await run(coupons.action, request("/api/admin/coupons", { method: "POST", cookie, json: { code: newCode(), type: "half", value: 5 } }));
    expect((await body<{ fieldErrors: Record<string, string[]> }>(noType)).fieldErrors.type[0]).toMatch(/^Please choose a percentage or a fixed amount\./);
    expect(errors.code).toEqual(["The code must be 3 to 32 letters, digits, - or _. / يجب أن يتكون الرمز من ٣ إلى ٣٢ حرفًا لاتينيًا أو رقمًا أو - أو _."]);
    expect(errors.value[0]).toMatch(/^The percentage must be a whole number from 1 to 100\. \/ /);

    const existing = await createCoupon(prisma);
    const duplicate = await run(coupons.action, request("/api/admin/coupons", { method: "POST", cookie, json: { code: existing.code.toLowerCase(), type: "percentage", value: 5 } }));
    expect(duplicate.status).toBe(409);
    expect(await prisma.coupon.count({ where: { code: existing.code } })).toBe(1);

    const anonymous = await run(coupons.loader, request("/api/admin/coupons"));
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /api/orders with couponCode", () => {
  it("places the order at the discounted total, shown as its own line in the admin's order JSON", async () => {
    const { cookie } = await adminCookie();
    const city = await createDeliveryArea(prisma, 1000);
    const product = await createProduct(prisma, { priceFils: 2500, stockQuantity: 10 });
    const code = await createCoupon(prisma, { kind: "fixed", value: 1500 });
    const placed = await run(orders.action, request("/api/orders", { method: "POST", json: orderPayload(city, product.id, code.code.toLowerCase()) }));
    expect(placed.status).toBe(201);
    const { orderId } = await body<{ orderId: string }>(placed);
    const detail = await body<{ order: Record<string, unknown> }>(await run(adminOrder.loader, request(`/api/admin/orders/${orderId}`, { cookie }), { id: orderId }));
    expect(detail.order).toMatchObject({ productsTotal: 5, discountAmount: 1.5, discount: 1.5, couponCode: code.code, deliveryFee: 1, totalAmount: 4.5 });
  });

  it.each([
    ["an unknown code", "NOPE-123", 400, "This discount code is not valid. / رمز الخصم هذا غير صالح."],
    ["a code below its minimum", "min", 400, "This discount code needs a products total of at least 100.00 KD. / يتطلب رمز الخصم هذا أن يبلغ مجموع المنتجات ١٠٠٫٠٠ د.ك على الأقل."],
    ["a used-up code", "used", 409, "This discount code has been used up. / نفدت استخدامات رمز الخصم هذا."],
  ])("refuses %s with its message and places nothing", async (_, kind, status, message) => {
    const city = await createDeliveryArea(prisma);
    const product = await createProduct(prisma, { priceFils: 2500, stockQuantity: 10 });
    const code =
      kind === "min" ? (await createCoupon(prisma, { minProductsFils: 100_000 })).code : kind === "used" ? (await createCoupon(prisma, { maxUses: 0 })).code : kind;
    const payload = orderPayload(city, product.id, code);
    const refused = await run(orders.action, request("/api/orders", { method: "POST", json: payload }));
    expect(refused.status).toBe(status);
    expect((await body(refused)).message).toBe(message);
    expect(await prisma.order.count({ where: { email: payload.email } })).toBe(0);
  });
});
