import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createProduct } from "../factories/product";
import { uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { setCart, setLanguage } from "../support/shopper";
import { figure } from "../support/digits";

// Issue 43, point 4 (docs/decisions/0077): the last pieces are bought together; a second unpaid order of them is
// refused, naming the first, which the shopper can pay or cancel; the cart says beforehand what cannot be held.

async function continueAsGuest(page: Page) {
  const response = await page.request.post("/checkout", { form: { intent: "guest" } });
  expect(response.ok()).toBe(true);
}

async function fillCheckout(page: Page) {
  await page.getByTestId("building-Villa").check({ force: true });
  await page.locator('[name="fullName"]').fill("Sara Ahmad");
  await page.locator('[name="email"]').fill("sara.last@example.com");
  await page.locator('[name="phone"]').fill("51234567");
  await page.locator('[name="city"]').selectOption("Hawalli");
  await page.locator('[name="street"]').fill("Tunis Street");
  await page.locator('[name="streetNumber"]').fill("12");
  await page.locator('[name="block"]').fill("3");
  await page.locator('[name="buildingNumber"]').fill("7");
}

async function checkOut(page: Page) {
  await page.goto("/checkout");
  await fillCheckout(page);
  await page.getByTestId("pay-button").click();
}

const TEXTS = {
  en: {
    heldFor: "Time left to pay before these pieces go back on sale: 10 min.",
    refused: (orderNumber: string, name: string) =>
      `Failed to save order: Your unpaid order ${orderNumber} already holds ${name}. While it is unpaid, another order cannot hold more of it, so that others can buy it too. Pay for order ${orderNumber}, or cancel it on its payment page, then order again.`,
    link: (orderNumber: string) => `Pay for or cancel order ${orderNumber}`,
    cancelled: (orderNumber: string) => `Order ${orderNumber} is cancelled; its pieces are back on sale.`,
    overCap: "At most 10 of this piece can be ordered at once: lower the quantity to order it.",
    onlyLeft: "Only 2 left for sale: lower the quantity to order it.",
  },
  ar: {
    heldFor: "الوقت المتبقي للدفع قبل أن تعود هذه القطع إلى البيع: ١٠ دقائق.",
    refused: (orderNumber: string, name: string) =>
      `فشل حفظ الطلب: طلبك غير المدفوع ${orderNumber} يحجز ${name} بالفعل. ما دام غير مدفوع لا يمكن لطلب آخر أن يحجز المزيد منه، ليتمكن غيرك من شرائه أيضاً. ادفع الطلب ${orderNumber} أو ألغِه من صفحة الدفع الخاصة به، ثم اطلب من جديد.`,
    link: (orderNumber: string) => `ادفع الطلب ${orderNumber} أو ألغِه`,
    cancelled: (orderNumber: string) => `تم إلغاء الطلب ${orderNumber} وعادت قطعه إلى البيع.`,
    overCap: "يمكن طلب ١٠ قطع كحد أقصى من هذا المنتج في المرة الواحدة: قلّل الكمية لتتمكن من طلبه.",
    onlyLeft: "المتوفر للبيع ٢ فقط: قلّل الكمية لتتمكن من طلبه.",
  },
} as const;

for (const language of ["en", "ar"] as const) {
  const texts = TEXTS[language];

  test(`the last 3 are ordered together on a 10-minute hold; a second order of them names the first, which the shopper cancels (${language})`, async ({
    page,
    context,
    baseURL,
  }) => {
    const product = await createProduct(e2eDatabase(), { stockQuantity: 3, nameEn: uniqueName("Pearl Clip"), nameAr: uniqueName("مشبك لؤلؤ") });
    const name = language === "en" ? product.nameEn : product.nameAr;
    await setLanguage(context, baseURL!, language);
    await setCart(context, baseURL!, [{ productId: product.id, quantity: 3, customTags: [] }]);
    await continueAsGuest(page);
    await page.goto("/cart");
    await expect(page.getByTestId("cart-item-warning")).toHaveCount(0);
    await checkOut(page);
    await expect(page).toHaveURL(/\/payment\?orderSessionId=ps_/, { timeout: 10_000 });
    const paymentPage = page.url();
    const orderNumber = (await page.getByTestId("payment-order-number").textContent())!.trim();
    await expect(page.getByTestId("held-for")).toHaveText(texts.heldFor);
    expect(await e2eDatabase().product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 0, heldQuantity: 3 });

    // Back to the shop before paying: the owner restocks one, and the shopper wants it too.
    await e2eDatabase().product.update({ where: { id: product.id }, data: { stockQuantity: 1 } });
    await setCart(context, baseURL!, [{ productId: product.id, quantity: 1, customTags: [] }]);
    await checkOut(page);
    await expect(page.getByRole("alert").filter({ hasText: orderNumber }).first()).toHaveText(texts.refused(orderNumber, name));
    expect(await e2eDatabase().order.count({ where: { items: { some: { productId: product.id } } } })).toBe(1);

    await expect(page.getByTestId("earlier-order")).toHaveText(texts.link(orderNumber));
    await page.getByTestId("earlier-order").click();
    await expect(page.getByTestId("earlier-order")).toHaveCount(0);
    await expect(page).toHaveURL(paymentPage);
    await page.getByTestId("cancel-order").click();
    await expect(page.getByText(texts.cancelled(orderNumber))).toBeVisible();
    expect(await e2eDatabase().product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ stockQuantity: 4, heldQuantity: 0 });

    await checkOut(page);
    await expect(page).toHaveURL(/\/payment\?orderSessionId=ps_/, { timeout: 10_000 });
    await expect(page.getByTestId("payment-order-number")).not.toHaveText(orderNumber);
    // Cancelled too, so this journey leaves no unpaid order of its client behind.
    await page.getByTestId("cancel-order").click();
    await expect(page.getByTestId("cancel-order")).toHaveCount(0);
  });

  test(`the cart warns before the checkout when a quantity cannot be held (${language})`, async ({ page, context, baseURL }) => {
    const plenty = await createProduct(e2eDatabase(), { stockQuantity: 12, nameEn: uniqueName("Satin Bow"), nameAr: uniqueName("فيونكة ستان") });
    const few = await createProduct(e2eDatabase(), { stockQuantity: 3, nameEn: uniqueName("Velvet Band"), nameAr: uniqueName("طوق مخمل") });
    await setLanguage(context, baseURL!, language);
    await setCart(context, baseURL!, [
      { productId: plenty.id, quantity: 11, customTags: [] },
      { productId: few.id, quantity: 3, customTags: [] },
    ]);
    await page.goto("/cart");
    const items = page.getByTestId("cart-item");
    await expect(items.nth(0).getByTestId("cart-item-warning")).toHaveText(texts.overCap);
    await expect(items.nth(1).getByTestId("cart-item-warning")).toHaveCount(0);
    // Another shopper buys one of the three meanwhile.
    await e2eDatabase().product.update({ where: { id: few.id }, data: { stockQuantity: 2, heldQuantity: 1 } });
    await page.reload();
    await expect(items.nth(1).getByTestId("cart-item-warning")).toHaveText(texts.onlyLeft);
    // Lowering the quantity to what can be held takes the warning away.
    const decrease = language === "en" ? `Decrease quantity of ${plenty.nameEn}` : `إنقاص كمية ${plenty.nameAr}`;
    await items.nth(0).getByRole("button", { name: decrease }).click();
    await expect(items.nth(0).getByTestId("cart-item-quantity")).toHaveText(figure("10", language));
    await expect(items.nth(0).getByTestId("cart-item-warning")).toHaveCount(0);
  });
}
