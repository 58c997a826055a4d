import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createCoupon } from "../factories/coupon";
import { createProduct } from "../factories/product";
import { signInAsAdmin, useEnglish } from "./admin-fixtures";
import { e2eDatabase } from "../support/e2e-database";
import { takeSettingsTurn } from "../support/settings-turn";
import { setCart, setLanguage } from "../support/shopper";

// Discount codes and free delivery (issue 16), with and without JavaScript (the two Playwright projects).
// The free-delivery threshold is the whole shop's setting: every test here uses the same 400 KD, which no other
// test's cart comes near, and never takes it away, so the projects running side by side never disturb each other.
const THRESHOLD_FILS = 400_000;

test.beforeAll(async () => {
  await e2eDatabase().shopSetting.upsert({
    where: { key: "freeDeliveryFromFils" },
    create: { key: "freeDeliveryFromFils", value: String(THRESHOLD_FILS) },
    update: { value: String(THRESHOLD_FILS) },
  });
});

async function continueAsGuest(page: Page) {
  expect((await page.request.post("/checkout", { form: { intent: "guest" } })).ok()).toBe(true);
}

async function fillAddress(page: Page) {
  await page.getByTestId("building-Villa").check({ force: true });
  await page.locator('[name="fullName"]').fill("سارة أحمد");
  await page.locator('[name="email"]').fill("sara@example.com");
  await page.locator('[name="phone"]').fill("60000000");
  await page.locator('[name="city"]').selectOption("Hawalli");
  await page.locator('[name="street"]').fill("Tunis Street");
  await page.locator('[name="streetNumber"]').fill("12");
  await page.locator('[name="block"]').fill("3");
  await page.locator('[name="buildingNumber"]').fill("7");
}

test("the owner adds a discount code, then switches it off, from the admin pages", async ({ page, context, baseURL }) => {
  await signInAsAdmin(context, baseURL!);
  await useEnglish(context, baseURL!);
  const code = `EID${Date.now().toString(36).toUpperCase()}`;
  await page.goto("/admin/timsar/coupons/new");
  await page.getByLabel("Code").fill(code.toLowerCase());
  await page.getByLabel("Fixed amount (KD)").check();
  await page.getByLabel("Value").fill("1.5");
  await page.getByLabel("Total uses (optional)").fill("50");
  await page.getByLabel("Last day (Kuwait time, optional)").fill("2030-12-31");
  await page.getByTestId("save-coupon").click();
  await expect(page).toHaveURL(/\/admin\/timsar\/coupons$/);
  await expect(page.getByRole("status").filter({ hasText: "Discount code saved." })).toBeVisible();
  const row = page.locator(`[data-testid="coupon-row"][data-code="${code}"]`);
  await expect(row).toContainText("1.50 KD");
  await expect(row).toContainText("0 / 50");
  await expect(row).toContainText("Enabled");
  await row.getByRole("button", { name: "Disable" }).click();
  await expect(row).toContainText("Disabled");
  expect((await e2eDatabase().coupon.findUniqueOrThrow({ where: { code } })).isEnabled).toBe(false);

  // A second code with the same letters in another case is refused, with what was typed kept.
  await page.goto("/admin/timsar/coupons/new");
  await page.getByLabel("Code").fill(code.toLowerCase());
  await page.getByLabel("Percentage (%)").check();
  await page.getByLabel("Value").fill("10");
  await page.getByTestId("save-coupon").click();
  await expect(page.getByText("A discount code with this name already exists.").first()).toBeVisible();
  await expect(page.getByLabel("Value")).toHaveValue("10");
});

test("a guest applies a code in Arabic, keeps what they typed, and pays the discounted total", async ({ page, context, baseURL }) => {
  const coupon = await createCoupon(e2eDatabase(), { kind: "fixed", value: 1000 });
  await setLanguage(context, baseURL!, "ar");
  await setCart(context, baseURL!, [{ productId: "seed-product-01", quantity: 2, customTags: [] }]);
  await continueAsGuest(page);
  await page.goto("/checkout");
  await expect(page.getByTestId("products-total")).toHaveText("٣٫٥٠ د.ك");
  await page.locator('[name="fullName"]').fill("سارة أحمد");
  await page.getByLabel("رمز الخصم").fill(coupon.code.toLowerCase());
  await page.getByTestId("apply-coupon").click();
  await expect(page.getByTestId("coupon-notice")).toHaveText(`تم تطبيق رمز الخصم ${coupon.code}.`);
  await expect(page.getByTestId("discount")).toHaveText("−١٫٠٠ د.ك");
  await expect(page.locator('[name="fullName"]')).toHaveValue("سارة أحمد");
  await expect(page.getByTestId("order-summary").getByTestId("free-delivery-note")).toHaveText("أضف ٣٩٧٫٥٠ د.ك للحصول على توصيل مجاني");

  await fillAddress(page);
  await page.getByTestId("pay-button").click();
  // 3.50 - 1.00 + 1.80 delivery to Hawalli
  await expect(page.getByTestId("payment-amount")).toHaveText("٤٫٣٠ د.ك", { timeout: 10_000 });
  const order = await e2eDatabase().order.findFirstOrThrow({ where: { couponCode: coupon.code } });
  expect(order).toMatchObject({ subtotalFils: 3500, discountFils: 1000, deliveryFeeFils: 1800, totalFils: 4300 });
});

test("a code that does not exist gets its message in English, and paying with it places nothing", async ({ page, context, baseURL }) => {
  await setLanguage(context, baseURL!, "en");
  await setCart(context, baseURL!, [{ productId: "seed-product-01", quantity: 1, customTags: [] }]);
  await continueAsGuest(page);
  await page.goto("/checkout");
  await page.getByLabel("Discount code").fill("NO-SUCH-CODE");
  await page.getByTestId("apply-coupon").click();
  await expect(page.getByTestId("coupon-notice")).toHaveText("This discount code is not valid.");
  await expect(page.getByTestId("discount")).toHaveCount(0);

  const email = `nocode-${Date.now()}@example.com`;
  await fillAddress(page);
  await page.locator('[name="email"]').fill(email);
  await page.getByLabel("Discount code").fill("NO-SUCH-CODE");
  await page.getByTestId("pay-button").click();
  await expect(page.getByText("Failed to save order: This discount code is not valid.").first()).toBeVisible();
  expect(await e2eDatabase().order.count({ where: { email } })).toBe(0);
});

test("the cart and the checkout say what free delivery needs, and the fee goes once it is reached", async ({ page, context, baseURL }) => {
  const product = await createProduct(e2eDatabase(), { priceFils: 150_000, stockQuantity: 20 });
  await setLanguage(context, baseURL!, "en");
  await setCart(context, baseURL!, [{ productId: product.id, quantity: 1, customTags: [] }]);
  await page.goto("/cart");
  await expect(page.locator("main").getByTestId("free-delivery-note")).toHaveText("Add 250.00 KD more for free delivery");

  await setCart(context, baseURL!, [{ productId: product.id, quantity: 3, customTags: [] }]);
  await page.goto("/cart");
  await expect(page.locator("main").getByTestId("free-delivery-note")).toHaveText("Delivery is free on this order");
  await continueAsGuest(page);
  await page.goto("/checkout");
  await expect(page.getByTestId("delivery-fee")).toHaveText("Free");
  await expect(page.getByTestId("grand-total")).toHaveText("450.00 KD");
});

test("the owner sets the free-delivery amount on the settings page", async ({ page, context, baseURL }) => {
  // The form saves the shop's details with the amount: shop-identity.spec.ts must not be changing them meanwhile.
  const endTurn = await takeSettingsTurn();
  try {
    await signInAsAdmin(context, baseURL!);
    await useEnglish(context, baseURL!);
    await page.goto("/admin/timsar/settings");
    await page.getByLabel("Free delivery from (KD)").fill("lots");
    await page.getByTestId("save-settings").click();
    await expect(page.getByText("Please enter an amount in KD from 0 to 10,000, or leave it empty.")).toBeVisible();
    await page.getByLabel("Free delivery from (KD)").fill("400");
    await page.getByTestId("save-settings").click();
    await expect(page.getByText("Settings saved.")).toBeVisible();
    // Drawn again from what was stored.
    await expect(page.getByLabel("Free delivery from (KD)")).toHaveValue("400.000");
    const stored = await e2eDatabase().shopSetting.findUniqueOrThrow({ where: { key: "freeDeliveryFromFils" } });
    expect(stored.value).toBe(String(THRESHOLD_FILS));
  } finally {
    endTurn();
  }
});
