import crypto from "node:crypto";
import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueName, uniquePastDay } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { signInAsAdmin, useEnglish } from "./admin-fixtures";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A Kuwait day's key (YYYY-MM-DD) for an instant: the report's days are Kuwait days (UTC+3). */
function kuwaitDay(instant: Date): string {
  return new Date(instant.getTime() + 3 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * An order paid ten days ago (3 × 2.500 + 1.800 delivery = 9.300 KD), paid through the test provider, refunded
 * 2.000 KD today through the admin API: the refund's credit note is dated today.
 */
async function refundedTodayOrder(request: import("@playwright/test").APIRequestContext) {
  const db = e2eDatabase();
  const placed = new Date(Date.now() - 10 * DAY_MS);
  const order = await createOrder(db, { createdAt: placed, items: [{ nameEn: "Refund bow", nameAr: "فيونكة مستردة", priceFils: 2500, quantity: 3 }] });
  await db.payment.create({
    data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils, providerPaymentId: `tp_${crypto.randomUUID()}` },
  });
  const refund = await request.post(`/api/admin/orders/${order.id}/refund`, { data: { amount: 2 } });
  expect(refund.status()).toBe(200);
  const note = await db.creditNote.findFirstOrThrow({ where: { orderId: order.id } });
  return { order, note, placedDay: kuwaitDay(placed), today: kuwaitDay(new Date()) };
}

/**
 * A day of its own in the past (other tests' orders are placed today), with two hidden products (the storefront
 * tests never see them) sold in two paid orders, one of them with a discount code.
 */
async function soldDay() {
  const db = e2eDatabase();
  const date = await uniquePastDay(db);
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

    await expect(page.getByTestId("report-discount")).toHaveText("١٫٢٥ د.ك");
    const day = page.getByTestId("report-day");
    await expect(day.getByRole("columnheader", { name: "الخصومات (الرموز)" })).toBeVisible();
    await expect(day.getByRole("row", { name: new RegExp(coded.orderNumber) })).toContainText("١٫٢٥ د.ك (EID25)");

    const byUnits = page.getByTestId("best-by-units");
    await expect(byUnits.getByRole("columnheader", { name: "الإيراد قبل رموز الخصم" })).toBeVisible();
    await expect(byUnits.locator("tbody tr")).toHaveCount(2);
    await expect(byUnits.locator("tbody tr").first()).toContainText(bow.nameAr);
    await expect(byUnits.locator("tbody tr").first()).toContainText("٦٫٠٠ د.ك");
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

test.describe("sales report: refunds on their own day", () => {
  test("Arabic: a refund made today for an order paid ten days ago is in today's refunds column; the order's day keeps the full sale", async ({ page, context, baseURL }) => {
    await signInAsAdmin(context, baseURL!);
    const { order, note, placedDay, today } = await refundedTodayOrder(page.request);

    await page.goto(`/admin/timsar/sales-report?dateFrom=${today}&dateTo=${today}`);
    const day = page.locator(`[data-testid="report-day"][data-date="${today}"]`);
    await expect(day.getByRole("columnheader", { name: "المبالغ المستردة (إشعارات الدائن)" })).toBeVisible();
    const row = day.getByTestId("report-refund").filter({ hasText: note.number });
    await expect(row).toContainText(order.orderNumber);
    // The refunds column, found by its header: a wrapping column comes before it when the day has gifts.
    const headers = await day.getByRole("columnheader").allTextContents();
    const refundsColumn = headers.indexOf("المبالغ المستردة (إشعارات الدائن)") - 1;
    await expect(row.getByRole("cell").nth(refundsColumn)).toHaveText("-٢٫٠٠ د.ك");
    await expect(page.getByTestId("report-summary")).toContainText("صافي المبيعات");

    await page.goto(`/admin/timsar/sales-report?dateFrom=${placedDay}&dateTo=${placedDay}`);
    const saleDay = page.locator(`[data-testid="report-day"][data-date="${placedDay}"]`);
    await expect(saleDay.getByRole("row", { name: new RegExp(order.orderNumber) })).toContainText("٩٫٣٠ د.ك");
    await expect(saleDay.getByTestId("report-refund").filter({ hasText: order.orderNumber })).toHaveCount(0);
  });

  test("English: a range holding the sale and the refund nets them, in the page and the CSV", async ({ page, context, baseURL }) => {
    await useEnglish(context, baseURL!);
    await signInAsAdmin(context, baseURL!);
    const { order, note, placedDay, today } = await refundedTodayOrder(page.request);

    await page.goto(`/admin/timsar/sales-report?dateFrom=${placedDay}&dateTo=${today}`);
    await expect(page.getByTestId("report-summary")).toContainText("Refunds (credit notes)");
    const refunds = page.locator(`[data-testid="report-day"][data-date="${today}"]`).getByTestId("report-refund").filter({ hasText: note.number });
    await expect(refunds).toContainText(`Credit note ${note.number}`);
    await expect(refunds).toContainText(`for order ${order.orderNumber}`);
    await expect(refunds.getByRole("cell").last()).toHaveText("-2.00 KD");

    const csv = await (await page.request.get((await page.getByRole("link", { name: "Download CSV" }).getAttribute("href")) ?? "")).text();
    // the order's own line has its products and delivery; the credit note's line is on today, with a negative net
    // (giftWrapKD last: none for this order)
    expect(csv).toContain(`${placedDay},${order.orderNumber},7.500,1.800,9.300,0.000,0.000,9.300,,,,0.000,0.000\r\n`);
    expect(csv).toContain(`${today},${order.orderNumber},,,,,2.000,-2.000,${note.number},,,,\r\n`);
  });
});
