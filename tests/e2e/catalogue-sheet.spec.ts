import { expect, test } from "./fixtures";
import { createCategory } from "../factories/category";
import { createProduct, createProductWithOptions } from "../factories/product";
import { uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { signInAsAdmin, useEnglish } from "./admin-fixtures";

/**
 * The owner imports a spreadsheet (issue 49): she chooses the file, reads what it will change on the preview page,
 * and only her confirmation writes it; with JavaScript and without (the file travels sealed in the confirm form).
 */

/** The shop's own export, cut to one product's row with its price changed, as a spreadsheet program saves it. */
async function editedExport(request: import("@playwright/test").APIRequestContext, productId: string, price: string): Promise<Buffer> {
  return (await editedExportFile(request, productId, price)).buffer;
}

/** The same, with the name the browser saves the export under, which names the stock it showed. */
async function editedExportFile(request: import("@playwright/test").APIRequestContext, productId: string, price: string) {
  const answer = await request.get("/api/admin/products/export.csv");
  expect(answer.status()).toBe(200);
  const name = /filename="([^"]+)"/.exec(answer.headers()["content-disposition"] ?? "")?.[1] ?? "";
  const text = (await answer.text()).replace(/^\uFEFF/, "");
  const [header, ...rows] = text.split("\r\n");
  const row = rows.find((line) => line.startsWith(`${productId},`));
  expect(row).toBeTruthy();
  const cells = row!.split(",");
  cells[header.split(",").indexOf("price")] = price.includes(",") ? `"${price}"` : price;
  return { name, buffer: Buffer.from(`\uFEFF${header}\r\n${cells.join(",")}\r\n`, "utf8") };
}

async function hiddenProduct(nameAr: string) {
  // Hidden, so the storefront's journeys never meet it; the import leaves visibility as the file says ("no").
  return createProduct(e2eDatabase(), { nameEn: uniqueName("Sheet bow"), nameAr, priceFils: 1000, stockQuantity: 3, isVisible: false });
}

test.describe("catalogue import with a preview", () => {
  test("English, 1280 px: the preview shows the price old → new, and the confirmation writes it", async ({ page, context, baseURL }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useEnglish(context, baseURL!);
    await signInAsAdmin(context, baseURL!);
    const product = await hiddenProduct("فيونكة جدول");
    const file = await editedExport(page.request, product.id, "1.250");

    await page.goto("/admin/timsar/products");
    await expect(page.getByTestId("export-csv")).toHaveAttribute("href", "/api/admin/products/export.csv");
    await page.getByRole("link", { name: "Import a spreadsheet" }).click();
    await page.getByLabel("CSV file").setInputFiles({ name: "eid.csv", mimeType: "text/csv", buffer: file });
    await page.getByRole("button", { name: "Preview" }).click();

    const preview = page.getByTestId("sheet-preview");
    await expect(preview.getByRole("heading", { level: 2 })).toHaveText("What this file will do");
    await expect(preview.getByTestId("sheet-counts")).toHaveText("0 new, 1 changed, 0 left as they are");
    await expect(preview.getByTestId("sheet-change")).toHaveText([`2${product.nameEn}Price (price)1.0001.250`]);
    // Nothing is written before the owner confirms.
    expect((await e2eDatabase().product.findUniqueOrThrow({ where: { id: product.id } })).priceFils).toBe(1000);
    await page.screenshot({ path: testInfo.outputPath("import-preview-en-1280.png"), fullPage: true });

    await page.getByRole("button", { name: "Apply these changes" }).click();
    await expect(page).toHaveURL(/\/admin\/timsar\/products$/);
    await expect(page.getByText("Changes applied.")).toBeVisible();
    expect((await e2eDatabase().product.findUniqueOrThrow({ where: { id: product.id } })).priceFils).toBe(1250);
  });

  test("Arabic, 390 px: a bad row is refused by row and column, the corrected file previews and applies", async ({ page, context, baseURL }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(context, baseURL!);
    const product = await hiddenProduct("فيونكة عيد");

    await page.goto("/admin/timsar/products/import");
    await page.getByLabel("ملف CSV").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: await editedExport(page.request, product.id, "1.2345") });
    await page.getByRole("button", { name: "معاينة" }).click();
    await expect(page.getByTestId("sheet-error")).toHaveText(["٢السعر (price)أدخل سعراً بالدينار من ٠ إلى ١٠٠٠٠، بثلاث منازل عشرية على الأكثر."]);

    await page.getByLabel("ملف CSV").setInputFiles({ name: "eid.csv", mimeType: "text/csv", buffer: await editedExport(page.request, product.id, "٢,٥") });
    await page.getByRole("button", { name: "معاينة" }).click();
    await expect(page.getByTestId("sheet-counts")).toHaveText("٠ جديد، ١ متغير، ٠ دون تغيير");
    await expect(page.getByTestId("sheet-change")).toHaveText(["٢فيونكة عيدالسعر (price)1.0002.500"]);
    await page.screenshot({ path: testInfo.outputPath("import-preview-ar-390.png"), fullPage: true });

    await page.getByRole("button", { name: "تطبيق هذه التغييرات" }).click();
    await expect(page.getByText("تم تطبيق التغييرات.")).toBeVisible();
    expect((await e2eDatabase().product.findUniqueOrThrow({ where: { id: product.id } })).priceFils).toBe(2500);
  });
});

test.describe("bulk change from the products list", () => {
  test("English, 1280 px: two ticked products get two more units each, shown before and written after the confirmation", async ({ page, context, baseURL }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await useEnglish(context, baseURL!);
    await signInAsAdmin(context, baseURL!);
    // A hidden category of their own, so the list filtered by it shows only these rows and no storefront journey meets them.
    const category = await createCategory(e2eDatabase(), { isVisible: false });
    const products = [];
    for (const nameAr of ["مشبك أول", "مشبك ثان"]) {
      products.push(await createProduct(e2eDatabase(), { nameEn: uniqueName("Bulk clip"), nameAr, priceFils: 1000, stockQuantity: 3, isVisible: false, categoryId: category.id }));
    }

    await page.goto(`/admin/timsar/products?categoryId=${category.id}`);
    for (const product of products) await page.getByRole("checkbox", { name: `Select ${product.nameEn}` }).check();
    await page.getByLabel("Change", { exact: true }).selectOption("stock");
    await page.getByLabel("By", { exact: true }).selectOption("amount");
    await page.getByLabel("Value (negative to lower)").fill("2");
    await page.getByRole("button", { name: "Preview the change" }).click();

    await expect(page.getByTestId("sheet-preview").getByRole("heading", { level: 2 })).toHaveText("What this change will do");
    await expect(page.getByTestId("sheet-counts")).toHaveText("0 new, 2 changed, 0 left as they are");
    // Rows in the export's order, newest product first.
    await expect(page.getByTestId("sheet-change")).toHaveText([...products].reverse().map((product) => new RegExp(`${product.nameEn}Stock on hand \\(stock\\)35$`)));
    expect((await e2eDatabase().product.findMany({ where: { id: { in: products.map((product) => product.id) } } })).map((product) => product.stockQuantity)).toEqual([3, 3]);
    await page.screenshot({ path: testInfo.outputPath("bulk-preview-en-1280.png"), fullPage: true });

    await page.getByRole("button", { name: "Apply these changes" }).click();
    await expect(page.getByText("Changes applied.")).toBeVisible();
    await page.goto(`/admin/timsar/products?categoryId=${category.id}`);
    await expect(page.getByTestId("on-hand")).toHaveText(["5", "5"]);
    expect((await e2eDatabase().product.findMany({ where: { id: { in: products.map((product) => product.id) } } })).map((product) => product.stockQuantity)).toEqual([5, 5]);
  });

  test("Arabic, 390 px: one ticked variant 10 % cheaper, the other variant untouched; nothing ticked is refused", async ({ page, context, baseURL }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAsAdmin(context, baseURL!);
    const category = await createCategory(e2eDatabase(), { isVisible: false });
    const size = { nameEn: "Size", nameAr: "المقاس", values: [{ en: "Small", ar: "صغير" }, { en: "Large", ar: "كبير" }] };
    const { product, variants } = await createProductWithOptions(
      e2eDatabase(),
      [size],
      [{ optionValues: [size.values[0]], priceFils: 2000 }, { optionValues: [size.values[1]], priceFils: 3000 }],
      { nameEn: uniqueName("Bulk band"), nameAr: "ربطة شعر", isVisible: false, categoryId: category.id },
    );

    await page.goto(`/admin/timsar/products?categoryId=${category.id}`);
    await page.getByLabel("التغيير", { exact: true }).selectOption("price");
    await page.getByLabel("القيمة (سالبة للتخفيض)").fill("-10");
    await page.getByRole("button", { name: "معاينة التغيير" }).click();
    await expect(page.getByText("حدّد منتجاً أو خياراً واحداً على الأقل.")).toBeVisible();

    await page.goto(`/admin/timsar/products?categoryId=${category.id}`);
    // The row's variants open from their own summary (its delete button is a summary too, decision 0113).
    await page.getByTestId("product-row").locator("summary", { hasText: "خياران" }).click();
    await page.getByRole("checkbox", { name: /كبير/ }).check();
    await page.getByLabel("التغيير", { exact: true }).selectOption("price");
    await page.getByLabel("بـ", { exact: true }).selectOption("percent");
    await page.getByLabel("القيمة (سالبة للتخفيض)").fill("-10");
    await page.getByRole("button", { name: "معاينة التغيير" }).click();
    await expect(page.getByTestId("sheet-preview").getByRole("heading", { level: 2 })).toHaveText("ما سيفعله هذا التغيير");
    await expect(page.getByTestId("sheet-counts")).toHaveText("٠ جديد، ١ متغير، ٠ دون تغيير");
    await expect(page.getByTestId("sheet-change")).toHaveText([/ربطة شعر.*السعر \(price\)3\.0002\.700$/]);
    await page.screenshot({ path: testInfo.outputPath("bulk-preview-ar-390.png"), fullPage: true });

    await page.getByRole("button", { name: "تطبيق هذه التغييرات" }).click();
    await expect(page.getByText("تم تطبيق التغييرات.")).toBeVisible();
    const prices = await e2eDatabase().productVariant.findMany({ where: { id: { in: variants.map((variant) => variant.id) } }, orderBy: { position: "asc" } });
    expect(prices.map((variant) => variant.priceFils)).toEqual([2000, 2700]);
    expect((await e2eDatabase().product.findUniqueOrThrow({ where: { id: product.id } })).priceFils).toBe(2000);

    // A change that would leave a variant below no stock is refused by the product and variant ticked, not by rows of a
    // spreadsheet the owner never saw, and changes nothing.
    await page.goto(`/admin/timsar/products?categoryId=${category.id}`);
    await page.getByTestId("product-row").locator("summary", { hasText: "خياران" }).click();
    await page.getByRole("checkbox", { name: /صغير/ }).check();
    await page.getByLabel("التغيير", { exact: true }).selectOption("stock");
    await page.getByLabel("بـ", { exact: true }).selectOption("amount");
    await page.getByLabel("القيمة (سالبة للتخفيض)").fill("-99");
    await page.getByRole("button", { name: "معاينة التغيير" }).click();
    const refusal = page.getByTestId("sheet-errors");
    await expect(refusal.locator(".form-error")).toHaveText("لم يُجرَ هذا التغيير: كان سيجعل هذه المنتجات غير صحيحة. غيّر منتجات أقل أو مقداراً أصغر.");
    await expect(refusal.getByRole("columnheader").first()).toHaveText("المنتج");
    await expect(refusal.getByTestId("sheet-error")).toHaveText([/^ربطة شعر \(صغير\)الكمية الموجودة \(stock\)/]);
    await page.screenshot({ path: testInfo.outputPath("bulk-refused-ar-390.png"), fullPage: true });
    expect((await e2eDatabase().productVariant.findMany({ where: { productId: product.id } })).map((variant) => variant.stockQuantity).sort()).toEqual(variants.map((variant) => variant.stockQuantity).sort());
  });

});

test.describe("an export imported again after a sale", () => {
  for (const { language, width, name, kept, change, apply, applied } of [
    { language: "ar", width: 390, name: "فيونكة مخزون", kept: "صفوف تحتفظ بمخزون المتجر كما هو الآن: ١.", change: "السعر (price)1.0001.750", apply: "تطبيق هذه التغييرات", applied: "تم تطبيق التغييرات." },
    { language: "en", width: 1280, name: "فيونكة مخزون ٢", kept: "Rows keeping the shop's stock as it is now: 1.", change: "Price (price)1.0001.750", apply: "Apply these changes", applied: "Changes applied." },
  ]) {
    test(`${language}, ${width} px: the stock sold since the export stays, and the preview says so`, async ({ page, context, baseURL }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      if (language === "en") await useEnglish(context, baseURL!);
      await signInAsAdmin(context, baseURL!);
      const product = await hiddenProduct(name);
      const exported = await editedExportFile(page.request, product.id, "1.750");
      expect(exported.name).toMatch(/^products-\d{4}-\d{2}-\d{2}-[0-9a-f]{12}\.csv$/);
      // Two of the three sold while the owner edited the price; the file still says 3.
      await e2eDatabase().product.update({ where: { id: product.id }, data: { stockQuantity: 1 } });
      await e2eDatabase().productVariant.update({ where: { id: product.id }, data: { stockQuantity: 1 } });

      await page.goto("/admin/timsar/products/import");
      await page.locator('input[type="file"]').setInputFiles({ name: exported.name, mimeType: "text/csv", buffer: exported.buffer });
      await page.locator('button[value="preview"]').click();
      await expect(page.getByTestId("sheet-stock-kept")).toContainText(kept);
      // The price is the one change: the stock cell the owner did not touch is not one.
      await expect(page.getByTestId("sheet-change")).toHaveCount(1);
      await expect(page.getByTestId("sheet-change")).toContainText(change);
      await page.screenshot({ path: testInfo.outputPath(`import-stock-kept-${language}-${width}.png`), fullPage: true });

      await page.getByRole("button", { name: apply }).click();
      await expect(page.getByText(applied)).toBeVisible();
      expect(await e2eDatabase().product.findUniqueOrThrow({ where: { id: product.id } })).toMatchObject({ priceFils: 1750, stockQuantity: 1 });
    });
  }
});
