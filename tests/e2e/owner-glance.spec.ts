/**
 * Issue 43, point 10, with and without JavaScript: the dashboard counts the orders to prepare and the returns
 * waiting, each a link to its list; the order tabs show their counts; on a phone the orders list is cards with the
 * status control in reach; the order page calls the shopper or opens WhatsApp in one tap.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { e2eDatabase } from "../support/e2e-database";
import { signInAsAdmin, useEnglish } from "./admin-fixtures";

const SHOTS = "/tmp/shots-43f";

/** Counts as the page shows them, whatever digits the page's language writes them in. */
function count(text: string | null): number {
  return Number((text ?? "").replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x660)).replace(/\D/g, ""));
}

async function orderWithReturn(status: "requested" | "approved" | "received" | "closed") {
  const db = e2eDatabase();
  const order = await createOrder(db, { status: "delivered" });
  const item = await db.orderItem.findFirstOrThrow({ where: { orderId: order.id } });
  return db.return.create({
    data: {
      number: `RET-${crypto.randomInt(10 ** 11, 10 ** 12)}`,
      orderId: order.id,
      status,
      resolution: "refund",
      refundFils: 2500,
      items: { create: [{ orderItemId: item.id, quantity: 1, reason: "wrongSize" }] },
      statusChanges: { create: [{ toStatus: "requested", changedBy: "shopper" }] },
    },
  });
}

/** Other journeys add orders meanwhile: reload until a figure agrees with the database. */
async function expectFigure(page: Page, testId: string, expected: () => Promise<number>) {
  await expect(async () => {
    await page.reload();
    expect(count(await page.getByTestId(testId).getByTestId("figure-value").textContent())).toBe(await expected());
  }).toPass({ timeout: 30_000 });
}

const toPrepareCount = () => {
  const db = e2eDatabase();
  return db.order.count({ where: { paymentStatus: "paid", status: { in: ["pending", "processing"] }, refundedFils: { lt: db.order.fields.totalFils } } });
};
const returnsWaitingCount = () => e2eDatabase().return.count({ where: { status: { in: ["requested", "approved", "received"] } } });

for (const language of ["ar", "en"] as const) {
  test(`${language}: the dashboard counts orders to prepare and returns waiting, each opening its list; the tabs show their counts`, async ({ page, context, baseURL }, testInfo) => {
    if (language === "en") await useEnglish(context, baseURL!);
    await signInAsAdmin(context, baseURL!);
    const db = e2eDatabase();
    const processing = await createOrder(db, { status: "processing" });
    // Paid and out for delivery, or not paid: neither is to prepare.
    await createOrder(db, { status: "outForDelivery" });
    await createOrder(db, { status: "pending", paymentStatus: "unpaid" });
    const waiting = await orderWithReturn("received");
    await orderWithReturn("closed");

    await page.goto("/admin/timsar/dashboard");
    await expect(page.getByTestId("figure-returns-waiting")).toContainText(language === "ar" ? "مرتجعات بانتظارك" : "Returns waiting");
    await expectFigure(page, "figure-to-prepare", toPrepareCount);
    await expectFigure(page, "figure-returns-waiting", returnsWaitingCount);
    if (testInfo.project.name === "js") {
      fs.mkdirSync(SHOTS, { recursive: true });
      await page.setViewportSize(language === "ar" ? { width: 390, height: 844 } : { width: 1280, height: 900 });
      await page.screenshot({ path: `${SHOTS}/dashboard-${language}.png`, fullPage: true });
    }

    await page.getByTestId("figure-returns-waiting").click();
    await expect(page).toHaveURL(/\/admin\/timsar\/returns\?status=waiting$/);
    await expect(page.getByTestId("returns-table")).toContainText(waiting.number);

    await page.goto("/admin/timsar/dashboard");
    await page.getByTestId("figure-to-prepare").click();
    await expect(page).toHaveURL(/\/admin\/timsar\/orders\?status=toPrepare$/);
    await expect(page.getByRole("link", { name: language === "ar" ? /للتجهيز/ : /To prepare/ })).toHaveAttribute("aria-current", "page");
    await page.getByRole("search").getByRole("searchbox").fill(processing.orderNumber);
    await page.getByRole("search").getByRole("button").click();
    await expect(page.locator(`[data-order-number="${processing.orderNumber}"]`)).toBeVisible();

    // Each tab's count is the number of orders its list holds.
    await page.goto("/admin/timsar/orders?status=processing");
    await expect(async () => {
      await page.reload();
      const shown = count(await page.getByTestId("tab-count-processing").textContent());
      expect(shown).toBe(await db.order.count({ where: { paymentStatus: "paid", status: "processing" } }));
      expect(count(await page.getByTestId("tab-count-toPrepare").textContent())).toBe(await toPrepareCount());
    }).toPass({ timeout: 30_000 });
    // Decision 0079: the counts are written in the page's digits, as the dashboard's figures are.
    const digits = language === "ar" ? /^[\u0660-\u0669]+$/ : /^[0-9]+$/;
    await expect(page.getByTestId("tab-count-toPrepare")).toHaveText(digits);
    await page.goto("/admin/timsar/dashboard");
    await expect(page.getByTestId("figure-returns-waiting").getByTestId("figure-value")).toHaveText(digits);
  });
}

test("Arabic on a phone: the orders list is cards, each with its status control in reach, and nothing scrolls sideways", async ({ page, context, baseURL }, testInfo) => {
  await signInAsAdmin(context, baseURL!);
  await createOrder(e2eDatabase(), { status: "pending", fullName: "نورة عبدالله الصباح" });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/timsar/orders");
  const card = page.getByTestId("order-row").first();
  await expect(card).toBeVisible();
  await expect(page.getByTestId("orders-table").locator("thead")).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const select = card.locator("select[name=status]");
  await select.scrollIntoViewIfNeeded();
  const box = (await select.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(card.getByRole("button", { name: "حفظ" })).toBeInViewport();
  if (testInfo.project.name === "js") await page.screenshot({ path: `${SHOTS}/orders-phone-ar.png`, fullPage: true });
});

test("English on a desktop: the orders list stays a table", async ({ page, context, baseURL }, testInfo) => {
  await useEnglish(context, baseURL!);
  await signInAsAdmin(context, baseURL!);
  await createOrder(e2eDatabase(), { status: "pending" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/timsar/orders");
  await expect(page.getByTestId("orders-table").locator("thead")).toBeVisible();
  await expect(page.getByTestId("orders-table").getByRole("columnheader", { name: "Status" })).toBeVisible();
  if (testInfo.project.name === "js") await page.screenshot({ path: `${SHOTS}/orders-desktop-en.png`, fullPage: true });
});

for (const language of ["ar", "en"] as const) {
  test(`${language}: the order page calls the shopper or opens WhatsApp with her number`, async ({ page, context, baseURL }, testInfo) => {
    if (language === "en") await useEnglish(context, baseURL!);
    await signInAsAdmin(context, baseURL!);
    const order = await createOrder(e2eDatabase(), { phone: "51234567" });
    if (language === "ar") await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/admin/timsar/orders/${order.id}`);
    const call = page.getByRole("link", { name: language === "ar" ? "اتصال" : "Call" });
    await expect(call).toHaveAttribute("href", "tel:+96551234567");
    const whatsapp = page.getByRole("link", { name: language === "ar" ? "واتساب" : "WhatsApp" });
    await expect(whatsapp).toHaveAttribute("href", "https://wa.me/96551234567");
    await expect(call).toBeVisible();
    if (testInfo.project.name === "js") await page.screenshot({ path: `${SHOTS}/order-contact-${language}.png`, fullPage: true });
  });
}
