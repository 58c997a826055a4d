import type { Locator } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createProduct } from "../factories/product";
import { uniqueEmail, uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { ADMIN_EMAIL, signInAsAdmin, useEnglish } from "./admin-fixtures";

/**
 * Probe 1, finding 9, in the browser with JavaScript and without: a price in the products list on one line, the
 * catalogue import's main buttons drawn as the main buttons they are and apart from the table above them, the staff
 * invite form emptied once the invitation is sent (and kept when it is refused), and on a phone each member's role
 * menu a finger tall, with the member's buttons in the member's card instead of a column scrolled out of view.
 */

/** How many lines an element's text takes, counted from the boxes of its text. */
async function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    return new Set([...range.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top))).size;
  });
}

/** Whether the button is drawn as the shop's main button (its brand colour), not as the browser's grey one. */
async function isMainButton(locator: Locator): Promise<boolean> {
  return locator.evaluate((button) => getComputedStyle(button).backgroundColor === "rgb(173, 20, 87)");
}

test("the products list keeps each price on one line at 1280 px (Arabic)", async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsAdmin(context, baseURL!);
  await createProduct(e2eDatabase(), { nameEn: uniqueName("Long priced bow"), nameAr: "فيونكة بسعر طويل للتجربة في القائمة", priceFils: 12_345, isVisible: false });
  await page.goto("/admin/timsar/products");
  const prices = page.getByTestId("price");
  await expect(prices.first()).toBeVisible();
  for (const price of await prices.all()) {
    await expect(price).toHaveText(/^[٠-٩]+٫[٠-٩]{2,3} د\.ك$/);
    expect(await linesOf(price)).toBe(1);
  }
});

test("the catalogue import's preview and apply buttons are the page's main buttons, apart from the table (English)", async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await useEnglish(context, baseURL!);
  await signInAsAdmin(context, baseURL!);
  const product = await createProduct(e2eDatabase(), { nameEn: uniqueName("Sheet bow"), nameAr: "فيونكة جدول", priceFils: 1000, isVisible: false });
  const exported = (await (await page.request.get("/api/admin/products/export.csv")).text()).replace(/^\uFEFF/, "");
  const [header, ...rows] = exported.split("\r\n");
  const cells = rows.find((line) => line.startsWith(`${product.id},`))!.split(",");
  cells[header.split(",").indexOf("price")] = "1.500";

  await page.goto("/admin/timsar/products/import");
  const preview = page.getByRole("button", { name: "Preview" });
  expect(await isMainButton(preview)).toBe(true);
  await page.getByLabel("CSV file").setInputFiles({ name: "prices.csv", mimeType: "text/csv", buffer: Buffer.from(`${header}\r\n${cells.join(",")}\r\n`) });
  await preview.click();
  const apply = page.getByRole("button", { name: "Apply these changes" });
  await expect(apply).toBeVisible();
  expect(await isMainButton(apply)).toBe(true);
  const table = (await page.getByTestId("sheet-changes").boundingBox())!;
  const button = (await apply.boundingBox())!;
  expect(button.y - (table.y + table.height)).toBeGreaterThanOrEqual(12);
});

test("the staff page: a sent invitation empties the form, a refused one keeps it; on a phone each member's controls are in reach", async ({ page, context, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAsAdmin(context, baseURL!);
  await page.goto("/admin/timsar/staff");
  const invite = page.getByTestId("invite-form");
  const email = invite.getByLabel("البريد الإلكتروني");

  await email.fill(ADMIN_EMAIL);
  await invite.getByRole("button").click();
  await expect(page.getByRole("alert").first()).toBeVisible();
  await expect(email).toHaveValue(ADMIN_EMAIL);

  const invited = uniqueEmail("helper");
  await email.fill(invited);
  await invite.getByRole("button").click();
  await expect(page.getByRole("status").filter({ hasText: "أُرسلت الدعوة." })).toBeVisible();
  const row = page.getByTestId("staff-table").locator(`tr[data-email="${invited}"]`);
  await expect(row).toBeVisible();
  await expect(email).toHaveValue("");
  expect(await e2eDatabase().admin.count({ where: { email: invited } })).toBe(1);

  const role = row.getByRole("combobox");
  expect((await role.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // The member's own buttons are on the phone's screen, not in a column scrolled out of view.
  const disable = row.getByRole("button", { name: "تعطيل" });
  const box = (await disable.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: test.info().outputPath("staff-ar-390.png"), fullPage: true });
});
