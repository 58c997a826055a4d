import crypto from "node:crypto";
import { expect, test } from "@playwright/test";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { signInAsAdmin, useEnglish } from "./admin-fixtures";

/**
 * A day of its own in the past (other tests' orders are placed today), with two hidden products (the storefront
 * tests never see them) sold in two paid orders, one of them with a discount code.
 */
async function soldDay() {
  const db = e2eDatabase();
  const date = new Date(Date.UTC(2001 + crypto.randomInt(0, 20), crypto.randomInt(0, 12), 1 + crypto.randomInt(0, 28), 9));
  const key = date.toISOString().slice(0, 10);
  const bow = await createProduct(db, { nameEn: uniqueName("Report bow"), nameAr: `فيونكة ${uniqueName("تقرير")}`, isVisible: false });
  const clip = await createProduct(db, { categoryId: bow.categoryId, nameEn: uniqueName("Report clip"), nameAr: `مشبك ${uniqueName("تقرير")}`, isVisible: false });
  const line = (product: typeof bow, priceFils: number, quantity: number) => ({ productId: product.id, nameEn: product.nameEn, nameAr: product.nameAr, priceFils, quantity });
  const coded = await createOrder(db, { createdAt: date, items: [line(bow, 1000, 5)], discountFils: 1250, couponCode: "EID25" });
  await createOrder(db, { createdAt: date, items: [line(clip, 7000, 1), line(bow, 1000, 1)] });
  return { key, bow, clip, coded };
}

test.describe("sales report: discounts and best sellers", () => {
  test("Arabic: the date form shows the day's discounts and best sellers, by units and by revenue", async ({ page, context, baseURL }) => {
    await signInAsAdmin(context, baseURL!);
    const { key, bow, clip, coded } = await soldDay();
    await page.goto("/admin/timsar/sales-report");
    await page.getByLabel("من", { exact: true }).fill(key);
    await page.getByLabel("إلى", { exact: true }).fill(key);
    await page.getByRole("button", { name: "عرض التقرير" }).click();
    await expect(page).toHaveURL(new RegExp(`dateTo=${key}`));

    await expect(page.getByTestId("report-discount")).toHaveText("1.25 د.ك");
    const day = page.getByTestId("report-day");
    await expect(day.getByRole("columnheader", { name: "الخصومات (الرموز)" })).toBeVisible();
    await expect(day.getByRole("row", { name: new RegExp(coded.orderNumber) })).toContainText("1.25 د.ك (EID25)");

    const byUnits = page.getByTestId("best-by-units");
    await expect(byUnits.getByRole("columnheader", { name: "الإيراد قبل رموز الخصم" })).toBeVisible();
    await expect(byUnits.locator("tbody tr")).toHaveCount(2);
    await expect(byUnits.locator("tbody tr").first()).toContainText(bow.nameAr);
    await expect(byUnits.locator("tbody tr").first()).toContainText("6.00 د.ك");
    await expect(page.getByTestId("best-by-revenue").locator("tbody tr").first()).toContainText(clip.nameAr);
  });

  test("English: the page, the JSON and the CSV carry the discounts and best sellers", async ({ page, context, baseURL }) => {
    await useEnglish(context, baseURL!);
    await signInAsAdmin(context, baseURL!);
    const { key, bow, clip } = await soldDay();
    await page.goto(`/admin/timsar/sales-report?dateFrom=${key}&dateTo=${key}`);
    await expect(page.getByTestId("report-summary")).toContainText("Discounts (codes)");
    await expect(page.getByTestId("report-discount")).toHaveText("1.25 KD");
    await expect(page.getByRole("heading", { name: "Best sellers" })).toBeVisible();
    await expect(page.getByTestId("best-by-units").locator("tbody tr").first()).toContainText(bow.nameEn);
    await expect(page.getByTestId("best-by-revenue").locator("tbody tr").first()).toContainText(clip.nameEn);
    await expect(page.getByTestId("best-by-revenue").locator("tbody tr").first()).toContainText("7.00 KD");

    const json = await (await page.request.get(`/api/admin/sales-report?dateFrom=${key}&dateTo=${key}`)).json();
    expect(json.rangeSummary.discountTotal).toBe(1.25);
    expect(json.bestSellers.byRevenue.map((row: { productId: string }) => row.productId)).toEqual([clip.id, bow.id]);

    const csv = await page.request.get((await page.getByRole("link", { name: "Download CSV" }).getAttribute("href")) ?? "");
    const text = await csv.text();
    expect(text).toContain(`${key},day total,13.000,3.600,15.350,1.250`);
    expect(text).toContain(`byUnits,1,${bow.id},${bow.nameEn},${bow.nameAr},6,6.000`);
  });
});
