import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { createOrder } from "../../../tests/factories/order";
import { getAdminOrderView } from "./admin-order-view.server";

describe("the admin order page's view of an order", () => {
  it("writes amounts, names and tags in the page's language, and lists the address parts that were given", async () => {
    const order = await createOrder(prisma, {
      discountFils: 500,
      couponCode: "EID",
      items: [{ nameEn: "Pink bow", nameAr: "فيونكة", priceFils: 1500, quantity: 2, customTags: [{ titleEn: "Name", titleAr: "الاسم", value: "Lulu" }] }],
    });
    const english = await getAdminOrderView(order.orderNumber, "en", fixedT("en"));
    expect(english).toMatchObject({
      id: order.id,
      productsTotal: "3.00 KD",
      total: "4.30 KD",
      discount: { code: "EID", fils: 500 },
      refund: { left: 4300 },
      invoiceUrl: `/uploads/invoices/${order.orderNumber}.pdf`,
      items: [{ name: "Pink bow", quantity: 2, lineTotal: "3.00 KD", tags: [{ title: "Name", value: "Lulu" }] }],
      history: [],
    });
    expect(english?.address.map(([key]) => key)).toEqual(["city", "block", "street", "streetNumber", "building"]);
    const arabic = await getAdminOrderView(order.id, "ar", fixedT("ar"));
    expect(arabic?.items[0]).toMatchObject({ name: "فيونكة", tags: [{ title: "الاسم", value: "Lulu" }] });
  });

  it("has nothing to refund on an unpaid order, and is null for an unknown one", async () => {
    const unpaid = await createOrder(prisma, { paymentStatus: "unpaid" });
    expect(await getAdminOrderView(unpaid.id, "en", fixedT("en"))).toMatchObject({ refund: null, invoiceUrl: null, paidAt: null });
    expect(await getAdminOrderView("ORD-none", "en", fixedT("en"))).toBeNull();
  });

  it("names the shop's own first status change in the page's language, never the stored word system (issue 43)", async () => {
    const order = await createOrder(prisma);
    await prisma.orderStatusChange.create({ data: { orderId: order.id, toStatus: "pending", changedBy: "system" } });
    const arabic = await getAdminOrderView(order.id, "ar", fixedT("ar"));
    expect(arabic?.history.map((change) => change.who)).toEqual(["المتجر (تلقائيًا)"]);
    expect(arabic?.history[0].who).not.toMatch(/[A-Za-z]/);
    expect((await getAdminOrderView(order.id, "en", fixedT("en")))?.history[0].who).toBe("The shop (automatic)");
  });
});
