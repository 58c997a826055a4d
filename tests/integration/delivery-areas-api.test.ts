/** CONTRACT.md "Delivery areas" through the API: the public list, the owner's add, change, hide and delete. */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as publicAreas from "~/routes/api.delivery-areas";
import * as areas from "~/routes/api.admin.delivery-areas._index";
import * as area from "~/routes/api.admin.delivery-areas.$id";
import * as orders from "~/routes/api.orders";
import { createProduct } from "../factories/product";
import { uniqueEmail, uniqueId } from "../factories/unique";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";

type Area = { _id: string; name: { en: string; ar: string }; governorate: { en: string; ar: string }; fee: number; isHidden?: boolean };

async function listed(): Promise<Area[]> {
  return (await (await runChecked(publicAreas.loader, request("/api/delivery-areas"))).json()) as Area[];
}

async function order(city: string) {
  const product = await createProduct(prisma, { priceFils: 1000, stockQuantity: 5 });
  const email = uniqueEmail();
  const json = { fullName: "Sara", email, phone: "51234567", buildingType: "Villa", address: { city, street: "Tunis", streetNumber: "1", block: "2", buildingNumber: "3" }, items: [{ _id: product.id, quantity: 1, customTags: [] }] };
  const response = await runChecked(orders.action, request("/api/orders", { method: "POST", json }), {}, { cspNonce: "", clientAddress: uniqueId("ip") });
  return { response, email };
}

describe("delivery areas API", () => {
  it("adds an area (201), lists it publicly, re-prices it without touching placed orders, and hides it", async () => {
    const { cookie } = await adminCookie();
    const name = { en: uniqueId("Rumaithiya"), ar: `الرميثية ${uniqueId("")}` };
    const created = await runChecked(areas.action, request("/api/admin/delivery-areas", { method: "POST", cookie, json: { name, governorate: { en: "Hawalli", ar: "حولي" }, fee: 1.8 } }));
    expect(created.status).toBe(201);
    const { area: saved } = (await created.json()) as { area: Area };
    expect(saved).toMatchObject({ name, governorate: { en: "Hawalli", ar: "حولي" }, fee: 1.8, isHidden: false });
    expect((await listed()).find((item) => item._id === saved._id)).toEqual({ _id: saved._id, name, governorate: { en: "Hawalli", ar: "حولي" }, fee: 1.8 });

    // An order naming the area in Arabic keeps its English name and today's fee.
    const first = await order(name.ar);
    expect(first.response.status).toBe(201);
    const put = await runChecked(area.action, request(`/api/admin/delivery-areas/${saved._id}`, { method: "PUT", cookie, json: { name, governorate: "Hawalli", fee: 2.25 } }), { id: saved._id });
    expect(put.status).toBe(200);
    expect(await prisma.order.findFirstOrThrow({ where: { email: first.email }, select: { city: true, deliveryFeeFils: true } })).toEqual({ city: name.en, deliveryFeeFils: 1800 });
    const second = await order(name.en);
    expect(await prisma.order.findFirstOrThrow({ where: { email: second.email }, select: { deliveryFeeFils: true } })).toEqual({ deliveryFeeFils: 2250 });

    // Deleting an area with orders hides it: no longer offered, refused at placing with the city message.
    const removed = await runChecked(area.action, request(`/api/admin/delivery-areas/${saved._id}`, { method: "DELETE", cookie }), { id: saved._id });
    expect(await removed.json()).toEqual({ message: expect.stringContaining("hidden instead of deleted"), outcome: "hidden" });
    expect((await listed()).some((item) => item._id === saved._id)).toBe(false);
    const refused = await order(name.en);
    expect(refused.response.status).toBe(400);
    expect(((await refused.response.json()) as { message: string }).message).toContain("Please choose your area");
    const audit = await prisma.auditEntry.findMany({ where: { entityType: "deliveryArea", entityId: saved._id }, select: { action: true } });
    expect(audit.map((entry) => entry.action).sort()).toEqual(["create", "hide", "update"]);
  });

  it("refuses bad input with bilingual field errors and a duplicate with a clear message, changing nothing", async () => {
    const { cookie } = await adminCookie();
    const before = await prisma.deliveryArea.count();
    const bad = await runChecked(areas.action, request("/api/admin/delivery-areas", { method: "POST", cookie, json: { name: { en: "", ar: "x" }, governorate: "Atlantis", fee: -1 } }));
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { fieldErrors: Record<string, string[]> };
    expect(body.fieldErrors).toEqual({
      "name.en": ["Give the area's name in English (at most 60 characters). / أدخل اسم المنطقة بالإنجليزية (٦٠ حرفاً على الأكثر)."],
      governorate: ["Choose one of Kuwait's six governorates. / اختر إحدى محافظات الكويت الست."],
      fee: ["The fee must be an amount in KD from 0 to 100, with at most 3 decimals. / يجب أن تكون الرسوم مبلغاً بالدينار من ٠ إلى ١٠٠، بثلاث خانات عشرية على الأكثر."],
    });
    const name = { en: uniqueId("Fintas"), ar: `الفنطاس ${uniqueId("")}` };
    const json = { name, governorate: "Ahmadi", fee: 2.2 };
    expect((await runChecked(areas.action, request("/api/admin/delivery-areas", { method: "POST", cookie, json }))).status).toBe(201);
    const duplicate = await runChecked(areas.action, request("/api/admin/delivery-areas", { method: "POST", cookie, json: { ...json, name: { en: name.en.toLowerCase(), ar: "اسم آخر" } } }));
    expect(duplicate.status).toBe(409);
    expect(((await duplicate.json()) as { message: string }).message).toBe("Another delivery area already has this name. / توجد منطقة توصيل أخرى بهذا الاسم.");
    expect(await prisma.deliveryArea.count()).toBe(before + 1);
  });
});
