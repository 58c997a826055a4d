import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { account as arAccount } from "../../app/i18n/locales/ar/account";
import { account as enAccount } from "../../app/i18n/locales/en/account";
import { dashboard as arDashboard } from "../../app/i18n/locales/ar/admin/dashboard";
import { dashboard as enDashboard } from "../../app/i18n/locales/en/admin/dashboard";
import { orders as arOrders } from "../../app/i18n/locales/ar/admin/orders";
import { orders as enOrders } from "../../app/i18n/locales/en/admin/orders";
import { products as arProducts } from "../../app/i18n/locales/ar/admin/products";
import { products as enProducts } from "../../app/i18n/locales/en/admin/products";
import { signInAsAdmin, useEnglish } from "./admin-fixtures";

/**
 * Account, checkout and admin texts reach the browser with the pages that show them, in the page's language
 * (docs/decisions/0021-javascript-budget.md): a page opened directly hydrates with them, and a client navigation
 * into another group of pages waits for its texts. Either way the page shows texts, never their keys, and the
 * browser reports no error (a text missing at hydration would be a mismatch).
 */
const TEXTS = {
  ar: { account: arAccount.account, admin: { ...arDashboard, ...arProducts, ...arOrders } },
  en: { account: enAccount.account, admin: { ...enDashboard, ...enProducts, ...enOrders } },
};
const KEY_SHOWN = /\b(?:admin|account|checkout)\.[a-zA-Z]+\.[a-zA-Z]+/;

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Marks the document, so that a later check tells a client navigation from a page load. */
async function openHydrated(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => "__remixRouter" in window);
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}

async function expectSameDocumentWithoutKeys(page: Page) {
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
  expect(await page.locator("body").innerText()).not.toMatch(KEY_SHOWN);
}

for (const language of ["ar", "en"] as const) {
  test.describe(`area texts in ${language}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      if (language === "en") await useEnglish(context, baseURL!);
    });

    test("the header's sign-in link opens the account texts without a page load", async ({ page }) => {
      const errors = collectErrors(page);
      await openHydrated(page, "/");
      await page.locator('header a[href="/login"]').first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXTS[language].account.login.title);
      await expectSameDocumentWithoutKeys(page);
      expect(errors).toEqual([]);
    });

    test("the admin menu moves between groups of pages, each with its texts", async ({ page, context, baseURL }) => {
      await signInAsAdmin(context, baseURL!);
      const errors = collectErrors(page);
      await openHydrated(page, "/admin/timsar/dashboard");
      const texts = TEXTS[language].admin;
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.dashboard.title);
      await page.locator('nav a[href="/admin/timsar/products"]').click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.products.title);
      await page.locator('a[href="/admin/timsar/products/new"]').first().click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.productForm.newTitle);
      await page.locator('nav a[href="/admin/timsar/orders"]').click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(texts.orders.title);
      await expectSameDocumentWithoutKeys(page);
      expect(errors).toEqual([]);
    });
  });
}
