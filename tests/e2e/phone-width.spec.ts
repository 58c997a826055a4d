import crypto from "node:crypto";
import { expect, test } from "./fixtures";
import { createCategory } from "../factories/category";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { e2eDatabase } from "../support/e2e-database";
import { signInAsAdmin, useEnglish } from "./admin-fixtures";

/**
 * Every page fits a 390 px phone, in both directions: nothing pushes the page sideways (a right-to-left page that
 * overflows opens scrolled to its far edge, cutting off the header). The product form's fieldset once did, by 18 px.
 * Layout does not depend on JavaScript, so the no-JavaScript project alone runs this.
 */
test.use({ viewport: { width: 390, height: 844 } });

async function overflowOf(page: import("@playwright/test").Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

for (const language of ["ar", "en"] as const) {
  test(`shop and admin pages fit a phone's width (${language})`, async ({ page, context, baseURL }) => {
    const prisma = e2eDatabase();
    if (language === "en") await useEnglish(context, baseURL!);
    await signInAsAdmin(context, baseURL!);
    const category = await createCategory(prisma);
    const nameEn = "Velvet hair bow with pearls and a satin ribbon for school";
    const nameAr = "فيونكة شعر مخملية باللؤلؤ وشريطة ساتان للمدرسة";
    const product = await createProduct(prisma, { categoryId: category.id, stockQuantity: 4, nameEn, nameAr });
    // Paid today with a long name, so the sales report's tables have a row to draw; a number of the shop's own
    // length (ORD- and 12 digits), which the admin order page's title keeps on one line.
    const order = await createOrder(prisma, {
      orderNumber: `ORD-${crypto.randomInt(10 ** 11, 10 ** 12)}`,
      items: [{ nameEn, nameAr, priceFils: 4250, quantity: 2, productId: product.id }],
    });
    // A return with a history of decisions by a member whose e-mail is long, and a note: the widest of its tables.
    const item = await prisma.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
    const ret = await prisma.return.create({
      data: {
        number: `RET-${crypto.randomInt(10 ** 11, 10 ** 12)}`,
        orderId: order.id,
        status: "approved",
        resolution: "refund",
        refundFils: 4250,
        items: { create: [{ orderItemId: item.id, productId: product.id, quantity: 1, reason: "wrongSize" }] },
        statusChanges: {
          create: [
            { toStatus: "requested", changedBy: "shopper" },
            { fromStatus: "requested", toStatus: "approved", changedBy: "orders.team.member@timsar-accessories.com", note: "See you at the Hawalli shop" },
          ],
        },
      },
    });
    const pages = [
      "/",
      `/product/${product.id}`,
      "/cart",
      "/login",
      "/register",
      "/view-invoice",
      "/terms-and-conditions",
      "/admin/timsar/dashboard",
      "/admin/timsar/orders",
      `/admin/timsar/orders/${order.id}`,
      `/admin/timsar/returns/${ret.id}`,
      "/admin/timsar/products",
      "/admin/timsar/products/new",
      `/admin/timsar/products/edit/${product.id}`,
      "/admin/timsar/categories",
      "/admin/timsar/categories/new",
      "/admin/timsar/coupons",
      "/admin/timsar/coupons/new",
      "/admin/timsar/sales-report",
      "/admin/timsar/registered-users",
      "/admin/timsar/settings",
    ];
    const wide: string[] = [];
    for (const path of pages) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      const overflow = await overflowOf(page);
      if (overflow > 0) wide.push(`${path}: ${overflow}px`);
    }
    expect(wide).toEqual([]);
  });
}
