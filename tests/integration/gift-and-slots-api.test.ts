/**
 * CONTRACT.md "Gifts and delivery times" through the API (issue 48): the owner's windows, the public list, an order's
 * gift and window, the orders list and the packing slips by delivery day; every answer checked against the OpenAPI
 * document.
 */
import { afterAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import * as adminSlots from "~/routes/api.admin.delivery-slots";
import * as publicSlots from "~/routes/api.delivery-slots";
import * as orders from "~/routes/api.orders";
import * as adminOrders from "~/routes/api.admin.orders._index";
import * as adminOrder from "~/routes/api.admin.orders.$id._index";
import * as settings from "~/routes/api.admin.settings";
import { loader as packingSlips } from "~/routes/admin.timsar.packing-slips";
import { createDeliveryArea } from "../factories/delivery-area";
import { createProduct } from "../factories/product";
import { uniqueEmail, uniqueId } from "../factories/unique";
import { adminCookie, request } from "../support/admin-requests";
import { runChecked } from "../support/openapi-conformance";

type SlotDay = { date: string; windows: { id: string; from: string; to: string; available: number }[] };

async function owner() {
  return (await adminCookie()).cookie;
}

async function putSlots(cookie: string, json: unknown) {
  return runChecked(adminSlots.action, request("/api/admin/delivery-slots", { method: "PUT", cookie, json }));
}

async function placeOrder(extra: Record<string, unknown>) {
  const city = await createDeliveryArea(prisma, 1000);
  const product = await createProduct(prisma, { priceFils: 3000, stockQuantity: 10 });
  const json = {
    fullName: "Sara",
    email: uniqueEmail("gift-api"),
    phone: "51234567",
    buildingType: "Villa",
    address: { city, street: "Tunis", streetNumber: "1", block: "2", buildingNumber: "3" },
    items: [{ _id: product.id, quantity: 1, customTags: [] }],
    ...extra,
  };
  return runChecked(orders.action, request("/api/orders", { method: "POST", json }), {}, { cspNonce: "", clientAddress: uniqueId("ip") });
}

afterAll(async () => {
  await putSlots(await owner(), { windows: [], sameDayCutoff: null, closedDates: [] });
  await runChecked(settings.action, request("/api/admin/settings", { method: "PUT", cookie: await owner(), json: { giftWrapKD: null } }));
});

describe("gifts and delivery windows through the API", () => {
  it("refuses wrapping while not offered and a note over 200 characters, bilingually, then places a wrapped gift", async () => {
    const cookie = await owner();
    const before = await prisma.order.count();
    const wrap = await placeOrder({ gift: { wrap: true } });
    expect(wrap.status).toBe(400);
    expect(((await wrap.json()) as { message: string }).message).toBe(
      "Gift wrapping is not offered at the moment. Please untick it and try again. / تغليف الهدايا غير متاح حاليًا. أزل اختياره وحاول مرة أخرى.",
    );
    const long = await placeOrder({ gift: { note: "ب".repeat(201) } });
    expect(long.status).toBe(400);
    expect(JSON.stringify(await long.json())).toContain("رسالة الهدية لا تزيد على ٢٠٠ حرف");
    expect(await prisma.order.count()).toBe(before);

    const saved = await runChecked(settings.action, request("/api/admin/settings", { method: "PUT", cookie, json: { giftWrapKD: 0.5 } }));
    expect(((await saved.json()) as { giftWrapKD: number }).giftWrapKD).toBe(0.5);
    const placed = await placeOrder({ gift: { note: "ب".repeat(200), wrap: true, recipientName: "نورة", recipientPhone: "+965 9988 7766" } });
    expect(placed.status).toBe(201);
    const { orderId } = (await placed.json()) as { orderId: string };
    const read = await runChecked(adminOrder.loader, request(`/api/admin/orders/${orderId}`, { cookie }), { id: orderId });
    const { order } = (await read.json()) as { order: Record<string, unknown> };
    expect(order).toMatchObject({
      totalAmount: 4.5,
      giftWrapAmount: 0.5,
      gift: { note: "ب".repeat(200), wrap: true, recipientName: "نورة", recipientPhone: "99887766" },
      deliverySlot: null,
      phone: "51234567",
    });
  });

  it("lets the owner set windows, then asks for one, lists the order by its delivery day and prints that day's slips", async () => {
    const cookie = await owner();
    const bad = await putSlots(cookie, { windows: [{ from: "12:00", to: "09:00", capacity: 0, days: [] }], sameDayCutoff: "25:00", closedDates: ["2026-02-30"] });
    expect(bad.status).toBe(400);
    const refusal = (await bad.json()) as { message: string; fieldErrors: Record<string, string[]> };
    expect(refusal.fieldErrors["windows.0.capacity"]).toEqual(["Orders per day must be a whole number from 1. / عدد الطلبات في اليوم رقم صحيح من ١ فأكثر."]);
    expect(refusal.fieldErrors.closedDates ?? refusal.fieldErrors["closedDates.0"]).toBeDefined();
    expect(await prisma.deliveryWindow.count()).toBe(0);
    expect(await (await runChecked(publicSlots.loader, request("/api/delivery-slots"))).json()).toEqual([]);

    const saved = await putSlots(cookie, { windows: [{ from: "09:00", to: "12:00", capacity: 3, days: [0, 1, 2, 3, 4, 5, 6] }], sameDayCutoff: null, closedDates: [] });
    expect(saved.status).toBe(200);
    const got = (await (await runChecked(adminSlots.loader, request("/api/admin/delivery-slots", { cookie }))).json()) as { windows: { id: string }[] };
    expect(got).toMatchObject({ windows: [{ from: "09:00", to: "12:00", capacity: 3, days: [0, 1, 2, 3, 4, 5, 6] }], sameDayCutoff: null, closedDates: [] });
    const days = (await (await runChecked(publicSlots.loader, request("/api/delivery-slots"))).json()) as SlotDay[];
    expect(days.length).toBeGreaterThanOrEqual(6);
    expect(days[1].windows).toEqual([{ id: got.windows[0].id, from: "09:00", to: "12:00", available: 3 }]);

    const without = await placeOrder({});
    expect(without.status).toBe(400);
    expect(((await without.json()) as { message: string }).message).toBe("Please choose a delivery time. / يرجى اختيار موعد التوصيل.");
    const date = days[1].date;
    const placed = await placeOrder({ deliverySlot: { date, windowId: got.windows[0].id } });
    expect(placed.status).toBe(201);
    const { orderId, orderNumber } = (await placed.json()) as { orderId: string; orderNumber: string };
    await prisma.order.update({ where: { id: orderId }, data: { paymentStatus: "paid" } });

    const listed = async (deliveryDate: string) =>
      (await (await runChecked(adminOrders.loader, request(`/api/admin/orders?status=pending&deliveryDate=${deliveryDate}`, { cookie }))).json()) as {
        orders: { orderNumber: string; deliverySlot: unknown }[];
      };
    expect((await listed(date)).orders).toEqual([expect.objectContaining({ orderNumber, deliverySlot: { date, from: "09:00", to: "12:00" } })]);
    expect((await listed(days[2].date)).orders).toEqual([]);
    const wrongDay = await runChecked(adminOrders.loader, request("/api/admin/orders?deliveryDate=tomorrow", { cookie }));
    expect(wrongDay.status).toBe(400);

    const slips = await packingSlips({ request: request(`/admin/timsar/packing-slips?deliveryDate=${date}`, { cookie: `${cookie}; lang=en` }), params: {}, context: { cspNonce: "" } });
    expect(slips.slips.map((slip) => slip.orderNumber)).toEqual([orderNumber]);
    // Placed in Arabic (no language asked): its slip, which goes into the parcel, reads in Arabic for an English admin.
    expect(slips.slips[0].deliveryTime).toMatch(/، من ٠٩:٠٠ إلى ١٢:٠٠$/);
  });
});
