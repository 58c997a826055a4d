/**
 * Issue 28, point 1: the site walked by clicking, as a shopper and the owner move through it, with JavaScript on. Any
 * uncaught error in the page fails the walk: My Orders once rendered on the server and then threw "e is not a
 * function" in the browser, because its route `handle` spread two loader functions into an object, and no journey
 * that loaded the page directly noticed. A client navigation runs the browser's code for every page it reaches.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { setLanguage, signInAsNewCustomer } from "../support/shopper";
import { signInAsAdmin } from "./admin-fixtures";
import { expectCartCount } from "./storefront-helpers";

/** Collects every uncaught error the page throws, from the first page it loads on. */
function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  return errors;
}

/** Follows a link as a shopper does (a client navigation with JavaScript) and waits for the new address. */
async function clickThrough(page: Page, link: ReturnType<Page["locator"]>, url: RegExp) {
  await link.click();
  await expect(page).toHaveURL(url);
}

for (const language of ["ar", "en"] as const) {
  test(`a shopper and the owner click through the site without an error in the page (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    expect(javaScriptEnabled, "this walk tests the browser's code; playwright.config.ts runs it in the js project only").toBe(true);
    const db = e2eDatabase();
    const product = await createProduct(db, { nameEn: uniqueName("Walk bow"), nameAr: "فيونكة المشي", createdAt: new Date(Date.now() + 86_400_000) });
    const shopper = await signInAsNewCustomer(context, baseURL!);
    const order = await createOrder(db, { customerId: shopper.id, phone: shopper.phone });
    await setLanguage(context, baseURL!, language);
    const errors = watchPageErrors(page);

    // Home → product → cart → checkout.
    await page.goto("/");
    await clickThrough(page, page.locator(`[data-product-id="${product.id}"] a.product-card__link`), new RegExp(`/product/${product.id}$`));
    await page.getByTestId("add-to-cart").first().click();
    await expectCartCount(page, 1);
    await page.getByTestId("cart-button").click();
    await clickThrough(page, page.getByTestId("cart-checkout"), /\/checkout/);
    await expect(page.locator("form").filter({ has: page.locator('input[name="phone"]') })).toBeVisible();

    // Account → My Orders, where the order is listed with its status.
    await clickThrough(page, page.locator('a[href="/account"]').first(), /\/account$/);
    await clickThrough(page, page.locator('main a[href="/my-orders"]'), /\/my-orders$/);
    await expect(page.getByTestId("my-orders-page")).toContainText(order.orderNumber);

    // The owner: dashboard → orders → the order.
    await signInAsAdmin(context, baseURL!);
    await page.goto("/admin/timsar/dashboard");
    await clickThrough(page, page.locator('a.admin-tile[href="/admin/timsar/orders"]'), /\/admin\/timsar\/orders$/);
    await clickThrough(page, page.getByTestId("orders-table").getByRole("link", { name: order.orderNumber }), new RegExp(`/admin/timsar/orders/${order.id}$`));
    await expect(page.locator("main")).toContainText(order.orderNumber);

    expect(errors).toEqual([]);
  });
}
