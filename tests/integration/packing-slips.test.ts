/**
 * Packing slips (issue 31): each line names the variant packed by its option values as ordered, in the page's
 * language, beside its custom text; a line without options shows its name alone.
 */
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { getPackingSlipOrders } from "~/models/fulfilment/index.server";
import { loader } from "~/routes/admin.timsar.packing-slips";
import { createDeliveryArea } from "../factories/delivery-area";
import { createOrder } from "../factories/order";
import { adminCookie, request } from "../support/admin-requests";

describe("packing slips", () => {
  it("show each line's option values, in the page's language", async () => {
    const order = await createOrder(prisma, {
      items: [
        { nameEn: "Hair clip", nameAr: "مشبك شعر", priceFils: 2500, quantity: 2, optionValues: [{ en: "Blue", ar: "أزرق" }, { en: "Large", ar: "كبير" }] },
        { nameEn: "Plain bow", nameAr: "فيونكة", priceFils: 1000, quantity: 1 },
      ],
    });
    const [slip] = await getPackingSlipOrders([order.orderNumber]);
    expect(slip.items.map((item) => item.optionValues)).toEqual([[{ en: "Blue", ar: "أزرق" }, { en: "Large", ar: "كبير" }], []]);

    const { cookie } = await adminCookie("orders");
    for (const [language, options, two, one] of [["en", "Blue / Large", "2", "1"], ["ar", "أزرق / كبير", "٢", "١"]] as const) {
      const answer = await loader({ request: request(`/admin/timsar/packing-slips?order=${order.id}`, { cookie: `${cookie}; lang=${language}` }), params: {}, context: { cspNonce: "" } });
      expect(answer.slips[0].items.map((item) => [item.quantity, item.options])).toEqual([
        [two, options],
        [one, ""],
      ]);
    }
  });

  it("name the area in Arabic on an Arabic slip, with no Latin letter in the address (issue 43)", async () => {
    const city = await createDeliveryArea(prisma);
    const order = await createOrder(prisma);
    // What an Arabic shopper types stays hers; the area is the shop's, kept by its English name.
    await prisma.order.update({ where: { id: order.id }, data: { city, street: "شارع تونس" } });
    const { cookie } = await adminCookie("orders");
    const slip = async (language: "ar" | "en") =>
      (await loader({ request: request(`/admin/timsar/packing-slips?order=${order.id}`, { cookie: `${cookie}; lang=${language}` }), params: {}, context: { cspNonce: "" } })).slips[0];
    const arabic = await slip("ar");
    expect(arabic.address).toContainEqual(["المنطقة", "حولي"]);
    for (const [label, value] of arabic.address) expect(`${label} ${value}`).not.toMatch(/[A-Za-z]/);
    expect((await slip("en")).address).toContainEqual(["Area", city]);
  });
});
