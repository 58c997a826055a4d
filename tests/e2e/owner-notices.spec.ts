import { expect, test } from "./fixtures";
import { createCategory } from "../factories/category";
import { createProduct } from "../factories/product";
import { e2eDatabase } from "../support/e2e-database";
import { holdProductsList, signInAsAdmin, useEnglish } from "./admin-fixtures";

// The owner's low-stock alert (issue 16): set on the product form, then found with the products page's filter, with
// and without JavaScript (the two Playwright projects), in English and in Arabic (the default). Each test's products
// sit in a category of their own, so the filter's answer is the test's own.

test("in English the owner sets a product's low-stock alert and finds it with the low-stock filter", async ({ page, context, baseURL }) => {
  const prisma = e2eDatabase();
  await signInAsAdmin(context, baseURL!);
  await useEnglish(context, baseURL!);
  const category = await createCategory(prisma);
  const product = await createProduct(prisma, { categoryId: category.id, nameEn: "Six satin bows", stockQuantity: 6 });
  const plenty = await createProduct(prisma, { categoryId: category.id, nameEn: "Twenty satin bows", stockQuantity: 20 });

  await page.goto(`/admin/timsar/products?categoryId=${category.id}&stock=low`);
  await expect(page.getByText("No product is at or below its low-stock alert.")).toBeVisible();

  await page.goto(`/admin/timsar/products/edit/${product.id}`);
  const alert = page.getByLabel("Low-stock alert");
  await expect(alert).toHaveValue("3");
  await alert.fill("ten");
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByText("Low-stock alert must be a whole number from 0 to 9999.")).toBeVisible();
  await page.getByLabel("Low-stock alert").fill("7");
  const releaseList = await holdProductsList(page);
  await page.getByRole("button", { name: "Save product" }).click();
  await expect(page.getByTestId("toast")).toHaveText("Product updated successfully.");
  await releaseList();
  // The form goes back to the list on its own (a timer, or a refresh without JavaScript).
  await expect(page).toHaveURL(/\/admin\/timsar\/products$/);
  expect((await prisma.product.findUniqueOrThrow({ where: { id: product.id } })).lowStockThreshold).toBe(7);

  await page.goto(`/admin/timsar/products?categoryId=${category.id}`);
  await expect(page.getByTestId("product-row")).toHaveCount(2);
  await page.getByLabel("Stock").selectOption("low");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/stock=low/);
  await expect(page.getByTestId("product-row")).toHaveCount(1);
  const row = page.locator(`[data-testid="product-row"][data-product-id="${product.id}"]`);
  await expect(row.getByTestId("threshold")).toHaveText("7Low");
  await expect(page.locator(`[data-product-id="${plenty.id}"]`)).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Alert at" })).toBeVisible();
});

test("in Arabic the low-stock filter lists the product until its alert is lowered", async ({ page, context, baseURL }, testInfo) => {
  const prisma = e2eDatabase();
  await signInAsAdmin(context, baseURL!);
  const category = await createCategory(prisma);
  const product = await createProduct(prisma, { categoryId: category.id, nameAr: "فيونكة أخيرة", stockQuantity: 2 });
  await createProduct(prisma, { categoryId: category.id, stockQuantity: 9 });

  await page.goto(`/admin/timsar/products?categoryId=${category.id}`);
  await page.getByLabel("المخزون").selectOption("low");
  await page.getByRole("button", { name: "عرض" }).click();
  await expect(page).toHaveURL(/stock=low/);
  const row = page.getByTestId("product-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("فيونكة أخيرة");
  await expect(row.getByTestId("threshold")).toHaveText("٣منخفض");
  await expect(page.getByRole("columnheader", { name: "التنبيه عند" })).toBeVisible();

  if (testInfo.project.name === "js") {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/admin/timsar/products?stock=low");
    await page.screenshot({ path: "/tmp/owner-notices-low-stock-ar.png", fullPage: false });
  }

  await page.goto(`/admin/timsar/products/edit/${product.id}`);
  await page.getByLabel("تنبيه انخفاض المخزون").fill("1");
  const releaseList = await holdProductsList(page);
  await page.getByRole("button", { name: "حفظ المنتج" }).click();
  await expect(page.getByTestId("toast")).toHaveText("تم تحديث المنتج بنجاح.");
  await releaseList();
  await expect(page).toHaveURL(/\/admin\/timsar\/products$/);
  await page.goto(`/admin/timsar/products?categoryId=${category.id}&stock=low`);
  await expect(page.getByText("لا يوجد منتج عند حد تنبيه المخزون أو أقل.")).toBeVisible();
  await expect(page.getByLabel("المخزون")).toHaveValue("low");
});
