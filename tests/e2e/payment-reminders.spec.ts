/**
 * Issue 45, points 1 to 3, in the browser with and without JavaScript, in Arabic and English: a reminder's link
 * opens the payment of an order whose hold ended and pays it while its pieces are for sale, or says they sold out;
 * a reminder's stop link stops that order's reminders from a plain form; the dashboard shows what the reminders won
 * back. The reminders themselves (their job, channels and once-only sending) are tested in
 * tests/integration/payment-reminders.test.ts; here the order is written as the job leaves it.
 */
import crypto from "node:crypto";
import { expect, test } from "./fixtures";
import { expectThankYou, payByTestCard } from "./storefront-helpers";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { e2eDatabase } from "../support/e2e-database";
import { setLanguage } from "../support/shopper";
import { signInAsAdmin } from "./admin-fixtures";

// The web server of playwright.config.ts signs with this secret; a reminder's stop link is signed with it too.
const SESSION_SECRET = "e2e-session-secret-0123456789";
const SHOTS = "tests/.tmp/shots/reminders";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const HOUR = 60 * 60 * 1000;

/** An order placed an hour ago whose hold ended unpaid, reminded once, with its payment session, as a reminder's link finds it. */
async function remindedOrder(options: { stock: number; language: "ar" | "en" }) {
  const db = e2eDatabase();
  const product = await createProduct(db, { stockQuantity: options.stock, priceFils: 3000, nameEn: "Reminder Bow", nameAr: "فيونكة التذكير" });
  const placedAt = new Date(Date.now() - HOUR);
  const order = await createOrder(db, {
    paymentStatus: "failed",
    createdAt: placedAt,
    items: [{ productId: product.id, nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 3000, quantity: 1 }],
  });
  await db.order.update({ where: { id: order.id }, data: { language: options.language, nextReminderAt: new Date(placedAt.getTime() + 20 * HOUR), reminderStep: 1, remindedAt: new Date() } });
  const orderSessionId = `ps_${crypto.randomBytes(18).toString("base64url")}`;
  await db.payment.create({
    data: { id: orderSessionId, orderId: order.id, provider: "test", amountFils: order.totalFils, status: "expired", providerPaymentId: `test_${crypto.randomUUID()}`, method: "card" },
  });
  return { product, order, orderSessionId };
}

function stopToken(orderId: string): string {
  return `${orderId}.${crypto.createHmac("sha256", SESSION_SECRET).update(`payment-reminders:${orderId}`).digest("base64url")}`;
}

for (const language of ["ar", "en"] as const) {
  const texts = {
    ar: { holdEnded: "لم نعد نحجز هذه القطع لك", soldOut: "نعتذر، نفدت قطع من هذا الطلب", ask: "إيقاف تذكيرات الدفع للطلب", stopped: "لن نرسل تذكيرات دفع أخرى للطلب" },
    en: { holdEnded: "We no longer hold these pieces for you", soldOut: "Sorry, pieces of this order sold out", ask: "Stop the payment reminders of order", stopped: "No more payment reminders will be sent for order" },
  }[language];

  test(`a reminder's link pays an order whose hold ended, its pieces taken again (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    await setLanguage(context, baseURL!, language);
    const { product, order, orderSessionId } = await remindedOrder({ stock: 2, language });
    await page.setViewportSize(language === "ar" ? PHONE : DESKTOP);
    await page.goto(`/payment?orderSessionId=${orderSessionId}`);
    await expect(page.getByTestId("hold-ended")).toContainText(texts.holdEnded);
    await expect(page.getByTestId("cancel-order")).toHaveCount(0);
    if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/pay-late-${language}.png`, fullPage: true });
    await payByTestCard(page);
    await expectThankYou(page, order.orderNumber);
    const db = e2eDatabase();
    expect(await db.order.findUniqueOrThrow({ where: { id: order.id }, select: { paymentStatus: true, nextReminderAt: true } })).toEqual({ paymentStatus: "paid", nextReminderAt: null });
    expect(await db.product.findUniqueOrThrow({ where: { id: product.id }, select: { stockQuantity: true, heldQuantity: true } })).toEqual({ stockQuantity: 1, heldQuantity: 0 });
  });

  test(`a reminder's link says the pieces sold out and charges nothing (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    await setLanguage(context, baseURL!, language);
    const { order, orderSessionId } = await remindedOrder({ stock: 0, language });
    await page.setViewportSize(language === "ar" ? PHONE : DESKTOP);
    await page.goto(`/payment?orderSessionId=${orderSessionId}`);
    await expect(page.getByRole("alert").filter({ hasText: texts.soldOut })).toBeVisible();
    await expect(page.locator('[name="cardNumber"]')).toHaveCount(0);
    await expect(page.getByTestId("back-to-shop")).toHaveAttribute("href", "/");
    if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/sold-out-${language}.png`, fullPage: true });
    expect(await e2eDatabase().payment.count({ where: { orderId: order.id } })).toBe(1);
  });

  test(`a reminder's stop link stops that order's reminders (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    await setLanguage(context, baseURL!, language);
    const { order } = await remindedOrder({ stock: 2, language });
    await page.setViewportSize(language === "ar" ? PHONE : DESKTOP);
    await page.goto(`/payment/stop-reminders?token=${encodeURIComponent(stopToken(order.id))}`);
    await expect(page.getByText(texts.ask)).toContainText(order.orderNumber);
    if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/stop-${language}.png`, fullPage: true });
    await page.getByTestId("stop-reminders").click();
    await expect(page.getByText(texts.stopped)).toContainText(order.orderNumber);
    expect(await e2eDatabase().order.findUniqueOrThrow({ where: { id: order.id }, select: { nextReminderAt: true } })).toEqual({ nextReminderAt: null });

    // A link whose signature was changed names no order and stops nothing.
    await page.goto(`/payment/stop-reminders?token=${encodeURIComponent(`${stopToken(order.id)}x`)}`);
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByTestId("stop-reminders")).toHaveCount(0);
  });

  test(`the dashboard shows the orders won back by reminders in the last 30 days (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    await setLanguage(context, baseURL!, language);
    await signInAsAdmin(context, baseURL!);
    const { order } = await remindedOrder({ stock: 2, language });
    await e2eDatabase().order.update({ where: { id: order.id }, data: { paymentStatus: "paid", paidAt: new Date(), nextReminderAt: null } });
    await page.setViewportSize(language === "ar" ? PHONE : DESKTOP);
    await page.goto("/admin/timsar/dashboard");
    const tile = page.getByTestId("figure-recovered");
    await expect(tile).toContainText(language === "ar" ? "ما استعادته التذكيرات" : "Won back by reminders");
    await expect(tile.getByTestId("figure-value")).toHaveText(language === "ar" ? /^[٠-٩٫٬]+ د\.ك$/ : /^[0-9.,]+ KD$/);
    if (javaScriptEnabled) await tile.screenshot({ path: `${SHOTS}/dashboard-recovered-${language}.png` });
    if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/dashboard-${language}.png`, fullPage: true });
  });
}
