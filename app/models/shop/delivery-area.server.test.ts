import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createDeliveryArea, findOrderableArea, getDeliveryArea, listDeliveryAreas, listDeliveryAreasForOwner, removeDeliveryArea, updateDeliveryArea } from "./delivery-area.server";
import { OrderError, placeOrder } from "~/models/orders/index.server";
import { GOVERNORATES } from "~/shared/governorates";
import { createAdmin } from "../../../tests/factories/admin";
import { checkoutDetails } from "../../../tests/factories/order";
import { createProduct } from "../../../tests/factories/product";
import { uniqueEmail, uniqueId, uniquePhone } from "../../../tests/factories/unique";

const HAWALLI = GOVERNORATES[1];
const AHMADI = GOVERNORATES[4];

async function owner() {
  const admin = await createAdmin(prisma);
  return { id: admin.id, email: admin.email, role: "owner" };
}

function names() {
  const id = uniqueId("area");
  return { nameEn: `Area ${id}`, nameAr: `منطقة ${id}` };
}

async function addArea(feeFils = 1800) {
  const saved = await createDeliveryArea({ ...names(), governorate: HAWALLI, feeFils }, await owner());
  if (!saved.ok) throw new Error(saved.reason);
  return saved.area;
}

async function orderIn(city: string) {
  const product = await createProduct(prisma, { priceFils: 5000, stockQuantity: 10 });
  const placed = await placeOrder({
    details: checkoutDetails(city, { email: uniqueEmail(), phone: uniquePhone() }),
    lines: [{ productId: product.id, quantity: 1, customTags: [] }],
    customerId: null,
    language: "ar",
    couponCode: null,
  });
  return prisma.order.findUniqueOrThrow({ where: { id: placed.id }, select: { city: true, deliveryFeeFils: true, totalFils: true } });
}

describe("delivery areas are the owner's", () => {
  it("adds an area in its governorate, offered at once and written in the activity log", async () => {
    const area = await addArea(1750);
    expect(area).toMatchObject({ governorateEn: "Hawalli", governorateAr: "حولي", feeFils: 1750, isHidden: false });
    expect((await listDeliveryAreas()).map((listed) => listed.id)).toContain(area.id);
    expect(await prisma.auditEntry.findFirst({ where: { entityType: "deliveryArea", entityId: area.id }, select: { action: true, summary: true } })).toEqual({
      action: "create",
      summary: `${area.nameEn}, fee 1750 fils`,
    });
  });

  it("refuses a name another area has, in English without regard to case or in Arabic", async () => {
    const area = await addArea();
    const admin = await owner();
    expect(await createDeliveryArea({ nameEn: area.nameEn.toUpperCase(), nameAr: "اسم آخر", governorate: HAWALLI, feeFils: 1000 }, admin)).toEqual({ ok: false, reason: "duplicateEn" });
    expect(await createDeliveryArea({ nameEn: uniqueId("Other"), nameAr: area.nameAr, governorate: HAWALLI, feeFils: 1000 }, admin)).toEqual({ ok: false, reason: "duplicateAr" });
    const other = await addArea();
    expect(await updateDeliveryArea(other.id, { nameEn: area.nameEn, nameAr: other.nameAr, governorate: HAWALLI, feeFils: 1000 }, admin)).toEqual({ ok: false, reason: "duplicateEn" });
  });

  it("places an order by the area's English or Arabic name, keeping the English one and the fee of that moment", async () => {
    const area = await addArea(1800);
    const byArabic = await orderIn(area.nameAr);
    expect(byArabic).toEqual({ city: area.nameEn, deliveryFeeFils: 1800, totalFils: 6800 });
    const saved = await updateDeliveryArea(area.id, { nameEn: area.nameEn, nameAr: area.nameAr, governorate: HAWALLI, feeFils: 2600 }, await owner());
    expect(saved.ok).toBe(true);
    // The next order pays the new fee, on this server and any other (read from the database, not a cache).
    expect(await orderIn(area.nameEn)).toEqual({ city: area.nameEn, deliveryFeeFils: 2600, totalFils: 7600 });
    // The order placed before keeps its fee.
    expect(await prisma.order.findMany({ where: { city: area.nameEn }, select: { deliveryFeeFils: true }, orderBy: { createdAt: "asc" } })).toEqual([{ deliveryFeeFils: 1800 }, { deliveryFeeFils: 2600 }]);
  });

  it("refuses a hidden area at placing with the city message, and its old orders keep showing it", async () => {
    const area = await addArea();
    await orderIn(area.nameEn);
    await updateDeliveryArea(area.id, { nameEn: area.nameEn, nameAr: area.nameAr, governorate: AHMADI, feeFils: 1800, isHidden: true }, await owner());
    expect((await listDeliveryAreas()).map((listed) => listed.id)).not.toContain(area.id);
    expect(await findOrderableArea(area.nameEn)).toBeNull();
    await expect(orderIn(area.nameEn)).rejects.toMatchObject(new OrderError("unknownCity", 400));
    // The papers of its orders still find its Arabic name.
    expect((await getDeliveryArea(area.nameEn))?.nameAr).toBe(area.nameAr);
  });

  it("deletes an area no order names, and hides one with orders instead", async () => {
    const admin = await owner();
    const unused = await addArea();
    expect(await removeDeliveryArea(unused.id, admin)).toBe("deleted");
    expect(await prisma.deliveryArea.findUnique({ where: { id: unused.id } })).toBeNull();
    const used = await addArea();
    await orderIn(used.nameEn);
    expect(await removeDeliveryArea(used.id, admin)).toBe("hidden");
    expect((await listDeliveryAreasForOwner()).find((area) => area.id === used.id)).toMatchObject({ isHidden: true, orderCount: 1 });
    const actions = async (id: string) => (await prisma.auditEntry.findMany({ where: { entityType: "deliveryArea", entityId: id }, select: { action: true } })).map((entry) => entry.action).sort();
    expect(await actions(unused.id)).toEqual(["create", "delete"]);
    expect(await actions(used.id)).toEqual(["create", "hide"]);
    expect(await removeDeliveryArea("no-such-area", admin)).toBeNull();
  });

  it("carries an area's orders through a rename, so it is still hidden rather than deleted and its papers find it", async () => {
    const admin = await owner();
    const area = await addArea();
    const before = await orderIn(area.nameEn);
    const renamed = names();
    expect((await updateDeliveryArea(area.id, { ...renamed, governorate: HAWALLI, feeFils: 2200 }, admin)).ok).toBe(true);
    expect(await prisma.order.count({ where: { city: area.nameEn } })).toBe(0);
    expect(await prisma.order.findMany({ where: { city: renamed.nameEn }, select: { deliveryFeeFils: true } })).toEqual([{ deliveryFeeFils: before.deliveryFeeFils }]);
    expect((await getDeliveryArea(renamed.nameEn))?.nameAr).toBe(renamed.nameAr);
    expect((await listDeliveryAreasForOwner()).find((listed) => listed.id === area.id)).toMatchObject({ orderCount: 1 });
    expect(await removeDeliveryArea(area.id, admin)).toBe("hidden");
    expect(await prisma.deliveryArea.findUnique({ where: { id: area.id }, select: { isHidden: true } })).toEqual({ isHidden: true });
  });
});
