import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { card, expectCartCount, TEXT as SHOP, type Lang } from "./storefront-helpers";
import { createCategory } from "../factories/category";
import { createCustomer } from "../factories/customer";
import { createProduct } from "../factories/product";
import { uniqueEmail } from "../factories/unique";
import { figure } from "../support/digits";
import { e2eDatabase } from "../support/e2e-database";
import { setLanguage, signInAs } from "../support/shopper";

const PASSWORD = "saved-cart-e2e-1";
const SHOTS = "tests/.tmp/shots/saved-cart";

const TEXT = {
  ar: { email: "البريد الإلكتروني", password: "كلمة المرور", submit: "تسجيل الدخول", logout: "تسجيل الخروج", stockLimit: "في سلتك أقصى ما يمكن طلبه من هذه القطعة." },
  en: { email: "Email", password: "Password", submit: "Log in", logout: "Logout", stockLimit: "Your cart already holds as many of this piece as can be ordered." },
} as const;

const BOW = { id: "seed-product-03", en: "Large Navy Bow with Tails", ar: "فيونكة كحلي كبيرة بذيول" };
const PINS = { id: "seed-product-08", en: "Pearl Bobby Pins, 12 pcs", ar: "دبابيس شعر باللؤلؤ (12 قطعة)" };

async function signInWithForm(page: Page, lang: Lang, email: string, path = "/login") {
  await page.goto(path);
  const form = page.getByTestId("login-page");
  await form.getByLabel(TEXT[lang].email).fill(email);
  await form.getByLabel(TEXT[lang].password).fill(PASSWORD);
  await form.getByRole("button", { name: TEXT[lang].submit, exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

async function signOut(page: Page, lang: Lang) {
  await page.goto("/account");
  await page.getByRole("button", { name: TEXT[lang].logout }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** The /cart page's lines as name and quantity, in the page's digits. */
async function expectCartPage(page: Page, lang: Lang, lines: { name: string; quantity: number }[]) {
  await page.goto("/cart");
  const items = page.locator("main").getByTestId("cart-item");
  await expect(items).toHaveCount(lines.length);
  for (const [index, line] of lines.entries()) {
    await expect(items.nth(index)).toContainText(line.name);
    await expect(items.nth(index).getByTestId("cart-item-quantity")).toHaveText(figure(String(line.quantity), lang));
  }
}

async function addOnProductPage(page: Page, lang: Lang, productId: string) {
  await page.goto(`/product/${productId}`);
  await page.getByTestId("add-to-cart").click();
  await expect(page.getByTestId("toast")).toHaveText(SHOP[lang].added);
}

for (const lang of ["ar", "en"] as Lang[]) {
  test.describe(`a signed-in shopper's cart (${lang})`, () => {
    test("follows them to a second browser, stays through signing out and in, and signing out leaves an empty cart", async ({ page, context, browser, baseURL, javaScriptEnabled }) => {
      const customer = await createCustomer(e2eDatabase(), { email: uniqueEmail(`saved-cart-${lang}`), password: PASSWORD });
      await setLanguage(context, baseURL!, lang);
      await signInAs(context, baseURL!, customer.id);
      // On the phone: one bow from the grid, one box of pins from its page.
      await page.goto("/?category=bows");
      await card(page, BOW.id).getByRole("button", { name: new RegExp(`^${SHOP[lang].addToCart}`) }).click();
      await expect(page.getByTestId("toast")).toHaveText(SHOP[lang].added);
      await addOnProductPage(page, lang, PINS.id);
      await expectCartCount(page, 2);

      const laptopContext = await browser.newContext({ javaScriptEnabled });
      await setLanguage(laptopContext, baseURL!, lang);
      const laptop = await laptopContext.newPage();
      await laptop.goto("/");
      await expectCartCount(laptop, 0);
      await signInWithForm(laptop, lang, customer.email);
      await expect(laptop).toHaveURL(/\/account$/);
      await expectCartCount(laptop, 2);
      await expectCartPage(laptop, lang, [
        { name: BOW[lang], quantity: 1 },
        { name: PINS[lang], quantity: 1 },
      ]);
      // A change on the laptop is on the phone at its next page.
      await laptop.locator("main").getByTestId("cart-item").first().getByRole("button", { name: /^(زيادة|Increase)/ }).click();
      await expect(laptop.locator("main").getByTestId("cart-item-quantity").first()).toHaveText(figure("2", lang));
      await page.reload();
      await expectCartCount(page, 3);

      await signOut(laptop, lang);
      await expectCartCount(laptop, 0);
      await laptop.goto("/cart");
      await expect(laptop.locator("main").getByTestId("cart-empty")).toBeVisible();
      await signInWithForm(laptop, lang, customer.email);
      await expectCartPage(laptop, lang, [
        { name: BOW[lang], quantity: 2 },
        { name: PINS[lang], quantity: 1 },
      ]);
      await laptopContext.close();
    });

    test("takes in a guest cart at sign-in from the checkout, never above the stock", async ({ page, context, baseURL }) => {
      const category = await createCategory(e2eDatabase());
      const clip = await createProduct(e2eDatabase(), { categoryId: category.id, stockQuantity: 3, nameEn: "Satin Claw Clip", nameAr: "مشبك ساتان" });
      const customer = await createCustomer(e2eDatabase(), { email: uniqueEmail(`joined-cart-${lang}`), password: PASSWORD });
      // Saved on another device earlier: two of the three clips.
      await e2eDatabase().savedCart.create({ data: { customerId: customer.id, lines: [{ productId: clip.id, quantity: 2, customTags: [] }] } });

      await setLanguage(context, baseURL!, lang);
      await addOnProductPage(page, lang, clip.id);
      await addOnProductPage(page, lang, clip.id);
      await addOnProductPage(page, lang, BOW.id);
      await expectCartCount(page, 3);
      await signInWithForm(page, lang, customer.email, "/login?from=checkout");

      // Two and two of three clips: three, said as the cart says it; the bow joins whole.
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByTestId("toast")).toHaveText(TEXT[lang].stockLimit);
      await expectCartCount(page, 4);
      await expectCartPage(page, lang, [
        { name: lang === "ar" ? "مشبك ساتان" : "Satin Claw Clip", quantity: 3 },
        { name: BOW[lang], quantity: 1 },
      ]);
      await page.setViewportSize(lang === "ar" ? { width: 390, height: 844 } : { width: 1280, height: 800 });
      await page.screenshot({ path: `${SHOTS}/cart-joined-${lang}-${test.info().project.name}.png`, fullPage: true });

      // Signed out, the browser is a guest with an empty cart; the saved one waits for the next sign-in.
      await signOut(page, lang);
      await expectCartCount(page, 0);
      await signInWithForm(page, lang, customer.email);
      await expectCartCount(page, 4);
    });
  });
}
