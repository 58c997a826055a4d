/**
 * The admin order page of a gift (probe 1, finding 3): the owner reads the note, the wrapping and the recipient, and the
 * window the driver keeps to, without opening the packing slip; the wrapping is a line of the totals, which then add up.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { I18nProvider } from "~/i18n/react";
import { resources } from "~/i18n/resources";
import AdminOrderDetail, { loader } from "./admin.timsar.orders.$orderId";
import { createOrder } from "../../tests/factories/order";
import { adminCookie, request } from "../../tests/support/admin-requests";

async function orderPage(language: "ar" | "en", orderNumber: string) {
  const { cookie } = await adminCookie("orders");
  const data = await loader({ request: request(`/admin/timsar/orders/${orderNumber}`, { cookie: `${cookie}; lang=${language}` }), params: { orderId: orderNumber }, context: { cspNonce: "" } });
  const { query, dataRoutes } = createStaticHandler([{ id: "page", path: "/", loader: () => data, Component: AdminOrderDetail }]);
  const context = await query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("the loader should not redirect");
  const page = createElement(StaticRouterProvider, { router: createStaticRouter(dataRoutes, context), context, hydrate: false });
  // createElement's children come as its third argument, which the props' type does not see.
  const props = { language, messages: resources[language].translation } as Parameters<typeof I18nProvider>[0];
  return renderToString(createElement(I18nProvider, props, page));
}

const textOf = (html: string, testId: string) =>
  new RegExp(`data-testid="${testId}"[^>]*>(.*?)</(dd|section)>`, "s").exec(html)?.[1].replace(/<!-- -->/g, "").replace(/<[^>]+>/g, "") ?? null;

async function giftOrder() {
  const order = await createOrder(prisma, { items: [{ nameEn: "Satin bow", nameAr: "فيونكة", priceFils: 8000, quantity: 1 }], deliveryFeeFils: 2200, giftWrapFils: 500 });
  await prisma.order.update({
    where: { id: order.id },
    data: {
      isGift: true,
      giftWrap: true,
      giftNote: "عيد ميلاد سعيد",
      giftRecipientName: "Noor",
      giftRecipientPhone: "99887766",
      deliveryDate: "2026-12-03",
      deliveryFrom: "16:00",
      deliveryTo: "20:00",
    },
  });
  return order;
}

describe("the admin order page of a gift", () => {
  it("shows the note, the wrapping, the recipient and the window, in English", async () => {
    const order = await giftOrder();
    const html = await orderPage("en", order.orderNumber);
    expect(textOf(html, "order-gift-note")).toBe("عيد ميلاد سعيد");
    expect(html).toMatch(/<dd dir="auto" data-testid="order-gift-note">/);
    expect(textOf(html, "order-gift-wrapped")).toBe("0.50 KD");
    expect(textOf(html, "order-gift-recipient")).toBe("Noor +965 99887766");
    expect(textOf(html, "order-delivery-window")).toBe("Thursday, 3 December 2026, 16:00 to 20:00");
    // 8.00 + 2.20 + 0.50: the lines add up to the total.
    expect(textOf(html, "order-gift-wrap")).toBe("0.50 KD");
    expect(html).toContain(resources.en.translation.admin.order.giftWrapLine);
    expect(html).toContain("10.70 KD");
  });

  it("shows them in Arabic on an Arabic page, with Arabic-Indic figures", async () => {
    const order = await giftOrder();
    const html = await orderPage("ar", order.orderNumber);
    expect(html).toContain(resources.ar.translation.admin.packingSlip.recipient);
    expect(html).toContain(resources.ar.translation.admin.order.giftWrapLine);
    expect(textOf(html, "order-gift-wrap")).toContain("٠٫٥٠");
    expect(textOf(html, "order-delivery-window")).toMatch(/٣ ديسمبر .*من ١٦:٠٠ إلى ٢٠:٠٠/);
  });

  it("shows no gift card and no wrapping line on an order that is not a gift", async () => {
    const order = await createOrder(prisma);
    const html = await orderPage("en", order.orderNumber);
    expect(html).not.toContain('data-testid="order-gift"');
    expect(html).not.toContain('data-testid="order-gift-wrap"');
    expect(html).not.toContain('data-testid="order-delivery-window"');
  });
});
