/**
 * Issue 28, point 12, in the browser with and without JavaScript: the dashboard's tiles show today's and this month's
 * sales net of refunds (Kuwait days), the orders to prepare and the low stock, and the 30-day chart is an SVG the
 * server drew, with a table of its 30 days behind it.
 */
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { createCreditNote } from "../factories/credit-note";
import { e2eDatabase } from "../support/e2e-database";
import { signInAsAdmin, useEnglish } from "./admin-fixtures";
import { figure } from "../support/digits";

const KUWAIT_MS = 3 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

function kuwaitDay(instant: Date): string {
  return new Date(instant.getTime() + KUWAIT_MS).toISOString().slice(0, 10);
}

function kuwaitStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - KUWAIT_MS);
}

/** What the tiles should say, read from the database as the owner's accountant would sum it. */
async function expectedFigures() {
  const db = e2eDatabase();
  const today = kuwaitDay(new Date());
  const net = async (from: string) => {
    const range = { gte: kuwaitStart(from), lt: new Date(kuwaitStart(today).getTime() + DAY_MS) };
    const sales = await db.order.aggregate({ where: { paymentStatus: "paid", createdAt: range }, _sum: { totalFils: true } });
    const refunds = await db.creditNote.aggregate({ where: { createdAt: range }, _sum: { amountFils: true } });
    return (sales._sum.totalFils ?? 0) - (refunds._sum.amountFils ?? 0);
  };
  return {
    today,
    todayFils: await net(today),
    monthFils: await net(`${today.slice(0, 7)}-01`),
    toPrepare: await db.order.count({ where: { paymentStatus: "paid", status: { in: ["pending", "processing"] }, refundedFils: { lt: db.order.fields.totalFils } } }),
    // Low by its own count, or (a product with options) by one of its variants shown (issue 31).
    lowStock: Number(
      (
        await db.$queryRaw<{ count: bigint | number }[]>`
          SELECT COUNT(*) AS "count" FROM "Product" p WHERE p."isVisible" = TRUE AND (p."stockQuantity" <= p."lowStockThreshold"
            OR (p."hasOptions" = TRUE AND EXISTS (SELECT 1 FROM "ProductVariant" v WHERE v."productId" = p."id" AND v."isHidden" = FALSE AND v."stockQuantity" <= p."lowStockThreshold")))`
      )[0].count,
    ),
  };
}

/** As the shop writes an amount: 2 decimals, and the third when it has one (decision 0105). */
function kd(fils: number, language: "ar" | "en") {
  const amount = figure((fils / 1000).toFixed(fils % 10 ? 3 : 2), language);
  return language === "ar" ? `${amount} د.ك` : `${amount} KD`;
}

/** Other tests may add orders meanwhile: reload until the page and the database agree, then check every tile. */
async function expectTiles(page: Page, language: "ar" | "en") {
  await expect(async () => {
    await page.reload();
    const expected = await expectedFigures();
    await expect(page.getByTestId("figure-today").getByTestId("figure-value")).toHaveText(kd(expected.todayFils, language), { timeout: 1000 });
    await expect(page.getByTestId("figure-month").getByTestId("figure-value")).toHaveText(kd(expected.monthFils, language), { timeout: 1000 });
    await expect(page.getByTestId("figure-to-prepare").getByTestId("figure-value")).toHaveText(figure(String(expected.toPrepare), language), { timeout: 1000 });
    await expect(page.getByTestId("figure-low-stock").getByTestId("figure-value")).toHaveText(figure(String(expected.lowStock), language), { timeout: 1000 });
    const rows = page.getByTestId("sales-chart-table").locator("tbody tr");
    await expect(rows).toHaveCount(30, { timeout: 1000 });
    await expect(rows.last()).toHaveAttribute("data-date", expected.today);
    await expect(rows.last().locator("td").last()).toHaveText(kd(expected.todayFils, language), { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
}

/** Today: a paid order of 12.340 KD, a refund of 2.000 KD of an order paid 40 days ago, a product low on stock. */
async function dayOfTheShop() {
  const db = e2eDatabase();
  await createOrder(db, { subtotalFils: 10540, deliveryFeeFils: 1800, status: "processing" });
  const old = await createOrder(db, { createdAt: new Date(Date.now() - 40 * DAY_MS), status: "delivered" });
  await createCreditNote(db, old, 2000, new Date());
  return createProduct(db, { stockQuantity: 1, lowStockThreshold: 2, nameEn: `Low bow ${crypto.randomUUID().slice(0, 8)}`, nameAr: "فيونكة قليلة" });
}

test("Arabic: the tiles tell today's and this month's net sales, orders to prepare and low stock; the chart's table lists 30 days", async ({ page, context, baseURL }) => {
  await signInAsAdmin(context, baseURL!);
  const low = await dayOfTheShop();
  await page.goto("/admin/timsar/dashboard");
  await expect(page.getByTestId("figure-today")).toContainText("صافي مبيعات اليوم");
  await expectTiles(page, "ar");

  const chart = page.getByTestId("sales-chart");
  await expect(chart.getByRole("heading", { name: /صافي المبيعات، آخر ٣٠ يوماً/ })).toBeVisible();
  // the server drew it: 30 bars in the page as sent, no chart library
  await expect(chart.locator("svg rect")).toHaveCount(30);
  await expect(chart.locator("svg")).toHaveAttribute("role", "img");
  // Arabic reads right to left: today's bar is the leftmost
  const xs = await chart.locator("svg rect").evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute("x"))));
  expect(xs.at(-1)).toBe(Math.min(...xs));
  // the shop's own icons, not emoji
  await expect(page.getByTestId("admin-tile").first().locator("svg")).toBeVisible();
  await expect(page.getByTestId("admin-tile").first()).not.toContainText("🧾");

  await page.getByTestId("figure-low-stock").click();
  await expect(page).toHaveURL(/\/admin\/timsar\/products\?stock=low$/);
  await expect(page.locator("main")).toContainText(low.nameAr);
});

test("English: the same figures and today's bar at the right", async ({ page, context, baseURL }) => {
  await useEnglish(context, baseURL!);
  await signInAsAdmin(context, baseURL!);
  await dayOfTheShop();
  await page.goto("/admin/timsar/dashboard");
  await expect(page.getByTestId("figure-month")).toContainText("This month's net sales");
  await expectTiles(page, "en");
  const xs = await page.getByTestId("sales-chart").locator("svg rect").evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute("x"))));
  expect(xs.at(-1)).toBe(Math.max(...xs));
  await expect(page.getByTestId("admin-tile")).toHaveText([/Orders/, /Products/, /Sales Report/, /Users/]);
});
