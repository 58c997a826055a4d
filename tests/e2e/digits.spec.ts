import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { e2eDatabase } from "../support/e2e-database";
import { setCart, setLanguage, signInAsNewCustomer } from "../support/shopper";
import { signInAsAdmin } from "./admin-fixtures";

/**
 * Issue 43, point 7 (decision 0079): one digit style per page. On Arabic pages amounts and counts are in Arabic-Indic
 * digits, like the dates; what a person types back (the order number) stays Latin; English pages keep Latin digits.
 */
const SHOTS = "tests/.tmp/shots/digits";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const LATIN = /[0-9]/;
// Two decimals, and a third when the amount has one (decision 0105).
const ARABIC_AMOUNT = /^[٠-٩]+٫[٠-٩]{2,3} د\.ك$/;

async function expectArabicAmount(locator: Locator) {
  await expect(locator).toHaveText(ARABIC_AMOUNT);
}

async function shot(page: Page, javaScriptEnabled: boolean, name: string) {
  if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

test("Arabic: the product card, the product page and the cart show amounts and counts in Arabic-Indic digits", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await page.setViewportSize(PHONE);
  await setLanguage(context, baseURL!, "ar");
  await setCart(context, baseURL!, [{ productId: "seed-product-03", quantity: 2, customTags: [] }]);
  await page.goto("/?category=bows");
  const card = page.locator('[data-product-id="seed-product-03"]').first();
  await expect(card.getByTestId("price")).toContainText("٢٫٢٥ د.ك");
  await expect(card.getByTestId("price")).not.toContainText(LATIN);
  await expect(page.getByTestId("cart-count").first()).toHaveText("٢");

  await page.goto("/product/seed-product-03");
  await expect(page.getByTestId("price").first()).toContainText("٢٫٢٥ د.ك");
  await shot(page, javaScriptEnabled, "product-ar-phone");

  await page.goto("/cart");
  await expectArabicAmount(page.getByTestId("cart-total"));
  await expect(page.getByTestId("cart-total")).toHaveText("٤٫٥٠ د.ك");
  await expect(page.getByTestId("cart-item-quantity")).toHaveText("٢");
  // the quantity buttons still send Latin numbers
  await expect(page.getByRole("button", { name: /^زيادة/ })).toHaveAttribute("value", "3");
  await shot(page, javaScriptEnabled, "cart-ar-phone");
});

test("English: the product card and the cart keep Latin digits", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await page.setViewportSize(DESKTOP);
  await setLanguage(context, baseURL!, "en");
  await setCart(context, baseURL!, [{ productId: "seed-product-03", quantity: 2, customTags: [] }]);
  await page.goto("/product/seed-product-03");
  await expect(page.getByTestId("price").first()).toContainText("2.25 KD");
  await shot(page, javaScriptEnabled, "product-en-desktop");
  await page.goto("/cart");
  await expect(page.getByTestId("cart-total")).toHaveText("4.50 KD");
  await expect(page.getByTestId("cart-item-quantity")).toHaveText("2");
  await shot(page, javaScriptEnabled, "cart-en-desktop");
});

test("My Orders in Arabic: the date, the total and the quantities in Arabic-Indic digits, the order number in Latin", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await page.setViewportSize(PHONE);
  const customer = await signInAsNewCustomer(context, baseURL!);
  const order = await createOrder(e2eDatabase(), { customerId: customer.id, items: [{ nameEn: "Pink bow", nameAr: "فيونكة وردية", priceFils: 2250, quantity: 3 }] });
  await setLanguage(context, baseURL!, "ar");
  await page.goto("/my-orders");
  const card = page.getByTestId("order-card").filter({ hasText: order.orderNumber });
  await expect(card.getByTestId("order-number")).toHaveText(order.orderNumber);
  await expect(card.getByTestId("order-number")).toHaveText(/^ORD-[0-9]+$/);
  await expect(card.getByTestId("order-total")).toHaveText("٨٫٥٥ د.ك");
  await expect(card).toContainText("فيونكة وردية × ٣");
  // outside the order number nothing on the card is in Latin digits
  const rest = await card.evaluate((element, number) => element.textContent!.replace(number, ""), order.orderNumber);
  expect(rest).not.toMatch(LATIN);
  await shot(page, javaScriptEnabled, "my-orders-ar-phone");

  await setLanguage(context, baseURL!, "en");
  await page.goto("/my-orders");
  await expect(card.getByTestId("order-total")).toHaveText("8.55 KD");
  await page.setViewportSize(DESKTOP);
  await shot(page, javaScriptEnabled, "my-orders-en-desktop");
});

/** The chart's last (today's) label lies inside the drawing, not cut off at its edge. */
async function expectLastTickInside(page: Page) {
  const chart = page.getByTestId("sales-chart").locator("svg");
  const inside = await chart.evaluate((svg) => {
    const box = svg.getBoundingClientRect();
    return Array.from(svg.querySelectorAll(".admin-chart__tick")).map((tick) => {
      const drawn = tick.getBoundingClientRect();
      return drawn.left >= box.left - 0.5 && drawn.right <= box.right + 0.5;
    });
  });
  expect(inside.length).toBeGreaterThan(0);
  expect(inside).not.toContain(false);
}

test("the dashboard in Arabic: figures, counts and chart labels in Arabic-Indic digits, today's label whole at 390 px", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await page.setViewportSize(PHONE);
  await signInAsAdmin(context, baseURL!);
  await createOrder(e2eDatabase(), { subtotalFils: 10540, deliveryFeeFils: 1800, status: "processing" });
  await setLanguage(context, baseURL!, "ar");
  await page.goto("/admin/timsar/dashboard");
  await expectArabicAmount(page.getByTestId("figure-today").getByTestId("figure-value"));
  await expect(page.getByTestId("figure-to-prepare").getByTestId("figure-value")).toHaveText(/^[٠-٩]+$/);
  const chart = page.getByTestId("sales-chart");
  for (const text of await chart.locator("svg text").allTextContents()) expect(text).not.toMatch(LATIN);
  const today = page.getByTestId("sales-chart-table").locator("tbody tr").last();
  for (const cell of await today.locator("td").allTextContents()) expect(cell).not.toMatch(LATIN);
  await expectLastTickInside(page);
  await shot(page, javaScriptEnabled, "dashboard-ar-phone");
});

test("the dashboard in English keeps Latin digits, today's label whole at 1280 px", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await page.setViewportSize(DESKTOP);
  await signInAsAdmin(context, baseURL!);
  await setLanguage(context, baseURL!, "en");
  await page.goto("/admin/timsar/dashboard");
  await expect(page.getByTestId("figure-today").getByTestId("figure-value")).toHaveText(/^\d+\.\d{2,3} KD$/);
  await expectLastTickInside(page);
  await shot(page, javaScriptEnabled, "dashboard-en-desktop");
});
