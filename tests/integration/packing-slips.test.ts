/**
 * Packing slips (issue 31): each line names the variant packed by its option values as ordered, beside its custom
 * text; a line without options shows its name alone. A slip goes into the parcel, so it is written in its order's
 * language and direction whoever prints it, and what the shopper typed keeps its own direction (outside probe 4,
 * item 14).
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import { getPackingSlipOrders } from "~/models/fulfilment/index.server";
import PackingSlips, { loader } from "~/routes/admin.timsar.packing-slips";
import { createDeliveryArea } from "../factories/delivery-area";
import { createOrder } from "../factories/order";
import { adminCookie, request } from "../support/admin-requests";

async function slipsAs(adminLanguage: "ar" | "en", ...orderIds: string[]) {
  const { cookie } = await adminCookie("orders");
  const query = orderIds.map((id) => `order=${id}`).join("&");
  return loader({ request: request(`/admin/timsar/packing-slips?${query}`, { cookie: `${cookie}; lang=${adminLanguage}` }), params: {}, context: { cspNonce: "" } });
}

/** The page as the server renders it for the admin, from what its loader answered. */
async function pageAs(adminLanguage: "ar" | "en", data: Awaited<ReturnType<typeof loader>>) {
  const { query, dataRoutes } = createStaticHandler([{ id: "page", path: "/", loader: () => data, Component: PackingSlips }]);
  const context = await query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("the loader should not redirect");
  const router = createStaticRouter(dataRoutes, context);
  const page = createElement(StaticRouterProvider, { router, context, hydrate: false });
  // createElement's children come as its third argument, which the props' type does not see.
  const props = { language: adminLanguage, messages: resources[adminLanguage].translation } as Parameters<typeof I18nProvider>[0];
  return renderToString(createElement(I18nProvider, props, page));
}

describe("packing slips", () => {
  it("show each line's option values, in the order's language", async () => {
    const order = await createOrder(prisma, {
      items: [
        { nameEn: "Hair clip", nameAr: "مشبك شعر", priceFils: 2500, quantity: 2, optionValues: [{ en: "Blue", ar: "أزرق" }, { en: "Large", ar: "كبير" }] },
        { nameEn: "Plain bow", nameAr: "فيونكة", priceFils: 1000, quantity: 1 },
      ],
    });
    const [slip] = await getPackingSlipOrders([order.orderNumber]);
    expect(slip.items.map((item) => item.optionValues)).toEqual([[{ en: "Blue", ar: "أزرق" }, { en: "Large", ar: "كبير" }], []]);

    for (const [language, options, two, one, admin] of [["en", "Blue / Large", "2", "1", "ar"], ["ar", "أزرق / كبير", "٢", "١", "en"]] as const) {
      await prisma.order.update({ where: { id: order.id }, data: { language } });
      const answer = await slipsAs(admin, order.id);
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
    await prisma.order.update({ where: { id: order.id }, data: { city, street: "شارع تونس", language: "ar" } });
    const arabic = (await slipsAs("en", order.id)).slips[0];
    expect(arabic.address).toContainEqual(["المنطقة", "حولي"]);
    for (const [label, value] of arabic.address) expect(`${label} ${value}`).not.toMatch(/[A-Za-z]/);
    await prisma.order.update({ where: { id: order.id }, data: { language: "en" } });
    expect((await slipsAs("ar", order.id)).slips[0].address).toContainEqual(["Area", city]);
  });

  it("are each written in its order's language when several print at once, whatever the admin's", async () => {
    const english = await createOrder(prisma, { items: [{ nameEn: "Pink bow", nameAr: "فيونكة وردية", priceFils: 2500, quantity: 1 }] });
    const arabic = await createOrder(prisma, { items: [{ nameEn: "Hair clip", nameAr: "مشبك شعر", priceFils: 1000, quantity: 1 }] });
    await prisma.order.update({ where: { id: english.id }, data: { language: "en" } });
    await prisma.order.update({ where: { id: arabic.id }, data: { language: "ar" } });
    const answer = await slipsAs("ar", english.id, arabic.id);
    // The page itself is the admin's.
    expect(answer.title).toBe("قسائم التغليف");
    const [first, second] = answer.slips;
    expect(first).toMatchObject({ language: "en", labels: { heading: "Packing slip", shipTo: "Deliver to" }, items: [{ name: "Pink bow" }] });
    expect(first.labels.thanks).toMatch(/^Thank you for shopping with /);
    expect(second).toMatchObject({ language: "ar", labels: { heading: "قسيمة تغليف", shipTo: "التوصيل إلى" }, items: [{ name: "مشبك شعر" }] });
    expect(second.labels.thanks).toMatch(/^شكرًا لتسوقك من /);
  });

  it("set each slip's lang and direction, and isolate the shopper's gift note so an English note keeps its '!' at its end", async () => {
    const english = await createOrder(prisma);
    const arabic = await createOrder(prisma);
    await prisma.order.update({ where: { id: english.id }, data: { language: "en", isGift: true, giftNote: "Happy birthday Lina!" } });
    await prisma.order.update({ where: { id: arabic.id }, data: { language: "ar", isGift: true, giftNote: "Happy birthday Lina!", giftRecipientName: "Lina" } });
    const html = await pageAs("ar", await slipsAs("ar", english.id, arabic.id));
    const slips = [...html.matchAll(/<article[^>]*data-testid="packing-slip"[^>]*>/g)].map((match) => match[0]);
    expect(slips).toHaveLength(2);
    expect(slips[0]).toContain('lang="en"');
    expect(slips[0]).toContain('dir="ltr"');
    expect(slips[1]).toContain('lang="ar"');
    expect(slips[1]).toContain('dir="rtl"');
    // <bdi> takes its direction from its own text: inside the right-to-left slip the note stays left to right.
    expect(html.match(/<bdi[^>]*data-testid="slip-gift-note"[^>]*>[^<]*<\/bdi>/g)).toEqual([
      '<bdi data-testid="slip-gift-note">Happy birthday Lina!</bdi>',
      '<bdi data-testid="slip-gift-note">Happy birthday Lina!</bdi>',
    ]);
    expect(html).toContain("<bdi>Lina</bdi>");
    // The admin's own controls stay in the admin's language.
    expect(html).toContain(">رجوع</a>");
  });
});
