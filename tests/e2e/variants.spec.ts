import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { createProductWithOptions } from "../factories/product";
import { uniqueId, uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { signInAsNewCustomer } from "../support/shopper";
import { holdProductsList, pictureBuffer, signInAsAdmin, useEnglish } from "./admin-fixtures";
import { expectCartCount, expectThankYou, payByTestCard } from "./storefront-helpers";

const SHOTS = "/tmp/shots-31";
const red = { en: "Red", ar: "أحمر" };
const blue = { en: "Blue", ar: "أزرق" };
const small = { en: "S", ar: "صغير" };
const large = { en: "L", ar: "كبير" };

// Issue 31: a shopper chooses a colour and size of a clip, buys that variant, and finds its values on the invoice
// and in My Orders; in Arabic on a phone, with JavaScript on and off.
test("a shopper chooses a variant, buys it and sees its values on the invoice and in My Orders", async ({ browser, baseURL }, testInfo) => {
  const prisma = e2eDatabase();
  const category = await prisma.category.findUniqueOrThrow({ where: { slug: "hair-accessories" } });
  const { product, variants } = await createProductWithOptions(
    prisma,
    [
      { nameEn: "Colour", nameAr: "اللون", values: [red, blue] },
      { nameEn: "Size", nameAr: "المقاس", values: [small, large] },
    ],
    [
      { optionValues: [red, small], priceFils: 1250, stockQuantity: 3 },
      { optionValues: [red, large], priceFils: 1500, stockQuantity: 0 },
      { optionValues: [blue, small], priceFils: 1750, stockQuantity: 5 },
    ],
    { categoryId: category.id, nameEn: uniqueName("Variant Clip"), nameAr: "مشبك بألوان" },
  );
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js", viewport: { width: 390, height: 844 } });
  await signInAsNewCustomer(context, baseURL!);
  const page = await context.newPage();

  await page.goto(`/product/${product.id}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("price")).toContainText("١٫٢٥ د.ك");
  // Red / L is sold out: marked, and chosen it cannot be added.
  await page.getByTestId("variant-value").filter({ hasText: "كبير" }).click();
  await expect(page).toHaveURL(new RegExp(`variant=${variants[1].id}`));
  await expect(page.getByTestId("variant-value").filter({ hasText: "كبير" })).toContainText("نفدت الكمية");
  await expect(page.getByTestId("add-to-cart")).toHaveCount(0);
  // Blue / S: its own price, and the address of the choice is the page's.
  await page.goto(`/product/${product.id}?variant=${variants[0].id}`);
  await page.getByTestId("variant-value").filter({ hasText: "أزرق" }).click();
  await expect(page).toHaveURL(new RegExp(`variant=${variants[2].id}`));
  await expect(page.getByTestId("price")).toContainText("١٫٧٥ د.ك");
  if (testInfo.project.name === "js") {
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "product-page-ar-390.png"), fullPage: true });
  }
  await page.getByTestId("buy-now").click();
  // Without JavaScript Buy Now goes to the cart; with it the cart drawer opens.
  await expectCartCount(page, 1);
  await page.goto("/cart");
  // The page's own list: with JavaScript the cart drawer, filled once hydrated, lists the same line.
  await expect(page.locator("#main-content").getByTestId("cart-item-options")).toHaveText("أزرق / صغير");

  await page.goto("/checkout");
  await page.getByTestId("building-Villa").check({ force: true });
  await page.locator('[name="city"]').selectOption("Hawalli");
  await page.locator('[name="street"]').fill("Tunis Street");
  await page.locator('[name="streetNumber"]').fill("12");
  await page.locator('[name="block"]').fill("3");
  await page.locator('[name="buildingNumber"]').fill("7");
  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/payment\?orderSessionId=ps_/, { timeout: 10_000 });
  await payByTestCard(page, { holder: "Noura Al-Sabah" });
  await expectThankYou(page);
  const orderNumber = (await page.getByTestId("order-number").textContent())!.trim();

  const invoice = await page.request.get((await page.getByTestId("view-invoice").getAttribute("href"))!);
  const file = path.join(os.tmpdir(), `${orderNumber}-${testInfo.project.name}.pdf`);
  fs.writeFileSync(file, await invoice.body());
  const text = execFileSync("pdftotext", ["-layout", file, "-"]).toString();
  fs.rmSync(file);
  for (const expected of ["Blue / S", "أزرق", "صغير", "1.75"]) expect(text).toContain(expected);

  await page.goto("/my-orders");
  const card = page.locator("article, li").filter({ hasText: orderNumber }).first();
  await expect(card.getByTestId("order-item-options")).toContainText("أزرق / صغير");
  expect(await prisma.productVariant.findUniqueOrThrow({ where: { id: variants[2].id }, select: { stockQuantity: true, heldQuantity: true } })).toEqual({
    stockQuantity: 4,
    heldQuantity: 0,
  });
  await context.close();
});

// The owner makes a clip in 3 colours × 3 sizes through the product form, its grid made and saved, in English.
test("the owner creates a product with 2 options × 3 values through the form", async ({ browser, baseURL }, testInfo) => {
  const context = await browser.newContext({ javaScriptEnabled: testInfo.project.name === "js", viewport: { width: 1366, height: 900 } });
  await useEnglish(context, baseURL!);
  await signInAsAdmin(context, baseURL!);
  const page = await context.newPage();
  const name = uniqueName("Grid Clip");
  await page.goto("/admin/timsar/products/new");
  await page.getByLabel("Name (English)").fill(name);
  await page.getByLabel("Name (Arabic)").fill("مشبك الجدول");
  await page.getByLabel("Price (KD)", { exact: true }).fill("1.500");
  await page.getByLabel("Category").selectOption({ index: 1 });
  await page.getByLabel("Choose an image").setInputFiles({ name: "clip.png", mimeType: "image/png", buffer: await pictureBuffer() });
  if (testInfo.project.name === "js") await expect(page.getByTestId("product-images").locator("img")).toHaveCount(1);
  const [colour, size] = [page.getByTestId("option-row").nth(0), page.getByTestId("option-row").nth(1)];
  await colour.getByLabel("Name EN").fill("Colour");
  await colour.getByLabel("Name AR").fill("اللون");
  await colour.getByLabel("Values EN (one per line)").fill("Red\nBlue\nPink");
  await colour.getByLabel("Values AR (one per line)").fill("أحمر\nأزرق\nوردي");
  await size.getByLabel("Name EN").fill("Size");
  await size.getByLabel("Name AR").fill("المقاس");
  await size.getByLabel("Values EN (one per line)").fill("S\nM\nL");
  await size.getByLabel("Values AR (one per line)").fill("صغير\nوسط\nكبير");
  // One click from the last field typed in makes the grid (issue 43: leaving the field redrew the option rows'
  // messages above the button and the first click was lost).
  await page.getByTestId("make-grid").click();
  await expect(page.getByTestId("variant-row")).toHaveCount(9);
  await page.getByLabel("Stock on hand: Pink / L").fill("4");
  await page.getByLabel("Price (KD, blank: the product's): Pink / L").fill("2.250");
  const sku = uniqueId("CLIP-PL");
  await page.getByLabel("SKU: Pink / L").fill(sku);
  await page.getByLabel("SKU: Pink / M").fill(sku);
  // Its picture is one of the product's uploaded ones, chosen from a list (with JavaScript its thumbnail follows).
  await expect(page.getByLabel("Picture: Pink / L").locator("option")).toHaveText(["The product's main picture", "Picture 1"]);
  await page.getByLabel("Picture: Pink / L").selectOption({ label: "Picture 1" });
  if (testInfo.project.name === "js") await expect(page.getByTestId("variant-row").filter({ hasText: "Pink / L" }).getByTestId("variant-picture")).toBeVisible();
  if (testInfo.project.name === "js") {
    fs.mkdirSync(SHOTS, { recursive: true });
    // The window at the grid (an element shot taller than the window repeats the sticky header over it).
    await page.getByTestId("make-grid").evaluate((button) => window.scrollTo(0, button.getBoundingClientRect().top + window.scrollY - 120));
    await page.screenshot({ path: path.join(SHOTS, "variant-grid-en-1366.png") });
  }
  // One SKU on two variants is refused next to the second, and nothing is saved until one is changed.
  await page.getByRole("button", { name: "Save product" }).click();
  const pinkL = page.getByTestId("variant-row").filter({ hasText: "Pink / L" });
  await expect(pinkL).toContainText(`The SKU ${sku} already belongs to another variant: give each variant its own.`);
  expect(await e2eDatabase().product.count({ where: { nameEn: name } })).toBe(0);
  await expect(page.getByLabel("Stock on hand: Pink / L")).toHaveValue("4");
  await page.getByLabel("SKU: Pink / M").fill("");
  const releaseList = await holdProductsList(page);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Product created successfully.");
  await releaseList();

  const saved = await e2eDatabase().product.findFirstOrThrow({ where: { nameEn: name }, include: { options: true, variants: { orderBy: { position: "asc" } } } });
  expect([saved.hasOptions, saved.options.length, saved.variants.length, saved.stockQuantity, saved.priceFils]).toEqual([true, 2, 9, 4, 1500]);
  expect(saved.variants[8]).toMatchObject({ sku, priceFils: 2250, stockQuantity: 4, imageUrl: saved.imageUrl, optionValues: [{ en: "Pink", ar: "وردي" }, { en: "L", ar: "كبير" }] });
  expect(saved.variants[7].imageUrl).toBeNull();
  await context.close();
});
