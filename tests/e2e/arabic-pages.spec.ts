import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { expectThankYou, payByTestCard } from "./storefront-helpers";
import { createCategory } from "../factories/category";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { e2eDatabase } from "../support/e2e-database";
import { setCart, setLanguage, signInAsNewCustomer } from "../support/shopper";
import { signInAsAdmin } from "./admin-fixtures";

/**
 * Issue 28, points 5 and 7: on Arabic pages numbers read left to right and stay on one line (card numbers, order
 * numbers, phones, amounts), and the pages speak Arabic (product names, "د.ك", building type and area, the count).
 */
/** Where the journeys leave the screenshots a reviewer opens (in the checkout, beside the other test output). */
const SHOTS = "tests/.tmp/shots/arabic";
const PHONE = { width: 390, height: 844 };

/**
 * Where the element's first and last visible characters are drawn: a left-to-right island has its first character
 * on the left of its last, on the same line. Read from the layout, not from the text, which is the same either way.
 */
async function drawnOrder(locator: Locator) {
  return locator.evaluate((element) => {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) if (node.textContent?.trim()) nodes.push(node as Text);
    const box = (node: Text, index: number) => {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + 1);
      return range.getBoundingClientRect();
    };
    const first = nodes[0];
    const last = nodes[nodes.length - 1];
    const start = box(first, first.data.search(/\S/));
    const end = box(last, last.data.trimEnd().length - 1);
    return { leftToRight: start.left < end.left, oneLine: Math.abs(start.top - end.top) < 2 };
  });
}

/** An island: a `bdi` (or element) with dir="ltr" that does not wrap, drawn left to right on one line. */
async function expectIsland(locator: Locator, text: string) {
  await expect(locator).toHaveText(text);
  await expect(locator).toHaveAttribute("dir", "ltr");
  await expect(locator).toHaveCSS("white-space", "nowrap");
  expect(await drawnOrder(locator)).toEqual({ leftToRight: true, oneLine: true });
}

async function reachArabicPayment(page: Page) {
  await page.getByTestId("building-Villa").check({ force: true });
  await page.locator('[name="fullName"]').fill("سارة أحمد");
  await page.locator('[name="email"]').fill("sara@example.com");
  await page.locator('[name="phone"]').fill("60000000");
  await page.locator('[name="city"]').selectOption("Hawalli");
  await page.locator('[name="street"]').fill("شارع تونس");
  await page.locator('[name="streetNumber"]').fill("12");
  await page.locator('[name="block"]').fill("3");
  await page.locator('[name="buildingNumber"]').fill("7");
  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/payment\?orderSessionId=ps_/, { timeout: 10_000 });
}

test("the Arabic payment page shows the test card, the order number and the amount left to right", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await page.setViewportSize(PHONE);
  await setLanguage(context, baseURL!, "ar");
  await setCart(context, baseURL!, [{ productId: "seed-product-01", quantity: 2, customTags: [] }]);
  expect((await page.request.post("/checkout", { form: { intent: "guest" } })).ok()).toBe(true);
  await page.goto("/checkout");
  await reachArabicPayment(page);

  const card = page.getByTestId("test-card-number");
  await expect(card).toHaveJSProperty("tagName", "BDI");
  expect(await card.evaluate((element) => (element as HTMLElement).innerText)).toBe("4111 1111 1111 1111");
  await expectIsland(card, "4111 1111 1111 1111");
  const orderNumber = (await page.getByTestId("payment-order-number").textContent())!;
  expect(orderNumber).toMatch(/^ORD-\d{12}$/);
  await expectIsland(page.getByTestId("payment-order-number"), orderNumber);
  await expect(page.getByTestId("payment-amount")).toHaveText("٥٫٣٠ د.ك");
  await expect(page.getByTestId("payment-amount")).toHaveCSS("white-space", "nowrap");
  await expectIsland(page.getByTestId("payment-amount").locator("bdi"), "٥٫٣٠");
  if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/payment-ar-phone.png`, fullPage: true });

  await payByTestCard(page);
  await expectThankYou(page);
  await expectIsland(page.getByTestId("order-number"), orderNumber);

  await page.goto(`/view-invoice?orderNumber=${orderNumber}&phone=60000000`);
  await expectIsland(page.getByTestId("tracking-order-number"), orderNumber);
});

test("My Orders speaks the page's language: Arabic names and د.ك in Arabic, SPEC's English first and KD in English", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await page.setViewportSize(PHONE);
  const customer = await signInAsNewCustomer(context, baseURL!);
  const order = await createOrder(e2eDatabase(), {
    customerId: customer.id,
    discountFils: 1200,
    couponCode: "EID",
    items: [
      { nameEn: "Pink bow", nameAr: "فيونكة وردية", priceFils: 2250, quantity: 2 },
      { nameEn: "", nameAr: "مشبك بلا اسم إنجليزي", priceFils: 1000, quantity: 1 },
    ],
  });
  await setLanguage(context, baseURL!, "ar");
  await page.goto("/my-orders");
  const card = page.getByTestId("order-card");
  await expect(card.getByTestId("order-item-name")).toHaveText(["فيونكة وردية", "مشبك بلا اسم إنجليزي"]);
  await expect(card.getByTestId("order-total")).toHaveText("٦٫١٠ د.ك");
  await expect(card.getByTestId("order-discount")).toHaveText("−١٫٢٠ د.ك");
  // The minus stands on the left of the digits, inside the island.
  await expectIsland(card.getByTestId("order-discount").locator("bdi"), "−١٫٢٠");
  await expectIsland(card.getByTestId("order-number"), order.orderNumber);
  if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/my-orders-ar-phone.png`, fullPage: true });

  await setLanguage(context, baseURL!, "en");
  await page.goto("/my-orders");
  await expect(card.getByTestId("order-item-name")).toHaveText(["Pink bow", "مشبك بلا اسم إنجليزي"]);
  await expect(card.getByTestId("order-total")).toHaveText("6.10 KD");
  if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/my-orders-en-phone.png`, fullPage: true });
});

test("the admin's Arabic order page names the building type and the area in Arabic, with the numbers left to right", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsAdmin(context, baseURL!);
  const order = await createOrder(e2eDatabase(), { phone: "55123456", floor: "2" });
  await setLanguage(context, baseURL!, "ar");
  await page.goto(`/admin/timsar/orders/${order.id}`);
  const address = page.locator(".admin-card", { has: page.getByRole("heading", { name: "العنوان" }) });
  await expect(address.locator("dd").first()).toHaveText("شقة");
  await expect(address).toContainText("حولي");
  await expect(address).not.toContainText("Apartment");
  await expect(address).not.toContainText("Hawalli");
  await expectIsland(page.getByRole("heading", { level: 1 }).locator("bdi"), order.orderNumber);
  await expectIsland(page.getByTestId("order-phone"), "+965 55123456");
  if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/admin-order-ar-desktop.png`, fullPage: true });

  await setLanguage(context, baseURL!, "en");
  await page.goto(`/admin/timsar/orders/${order.id}`);
  await expect(page.locator(".admin-card", { has: page.getByRole("heading", { name: "Address" }) })).toContainText("Apartment");
});

test("the home count says how many products match the filter, not how many the page shows", async ({ page, context, baseURL }) => {
  const db = e2eDatabase();
  const category = await createCategory(db);
  for (let index = 0; index < 14; index++) await createProduct(db, { categoryId: category.id });
  await setLanguage(context, baseURL!, "ar");
  await page.goto(`/?category=${category.slug}`);
  await expect(page.getByTestId("product-grid").locator("> li")).toHaveCount(12);
  await expect(page.getByTestId("products-status")).toHaveText("عدد المنتجات المطابقة: ١٤");
  await setLanguage(context, baseURL!, "en");
  await page.goto(`/?category=${category.slug}&page=2`);
  await expect(page.getByTestId("product-grid").locator("> li")).toHaveCount(2);
  await expect(page.getByTestId("products-status")).toHaveText("Products found: 14");
});
