import { expect, test } from "./fixtures";
import { createProduct } from "../factories/product";
import { uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { signInAsAdmin, useEnglish } from "./admin-fixtures";

/**
 * The owner imports a spreadsheet (issue 49): she chooses the file, reads what it will change on the preview page,
 * and only her confirmation writes it; with JavaScript and without (the file travels sealed in the confirm form).
 */

/** The shop's own export, cut to one product's row with its price changed, as a spreadsheet program saves it. */
async function editedExport(request: import("@playwright/test").APIRequestContext, productId: string, price: string): Promise<Buffer> {
  const answer = await request.get("/api/admin/products/export.csv");
  expect(answer.status()).toBe(200);
  const text = (await answer.text()).replace(/^\uFEFF/, "");
  const [header, ...rows] = text.split("\r\n");
  const row = rows.find((line) => line.startsWith(`${productId},`));
  expect(row).toBeTruthy();
  const cells = row!.split(",");
  cells[header.split(",").indexOf("price")] = price.includes(",") ? `"${price}"` : price;
  return Buffer.from(`\uFEFF${header}\r\n${cells.join(",")}\r\n`, "utf8");
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
    await expect(page.getByTestId("sheet-error")).toHaveText(["٢السعر (price)أدخل سعراً بالدينار أكبر من صفر، بثلاث منازل عشرية على الأكثر."]);

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
