/**
 * Issue 48, point 3, in the browser, with and without JavaScript, in Arabic at a phone's width and in English at a
 * desktop's: a paid order more than 14 days past its promised day shows "Cancel and get a full refund" in My Orders
 * (signed in) and on the order's page reached by its phone; pressing it refunds everything paid, the delivery and the
 * wrapping included, lists the credit note and shows the order cancelled. An order 14 days past its day is not late
 * yet: no button. The dates are moved in the test's database; nothing waits for a day to pass.
 */
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { e2eDatabase } from "../support/e2e-database";
import { figure } from "../support/digits";
import { setLanguage, signInAsNewCustomer } from "../support/shopper";
import { todayInKuwait } from "../../app/shared/admin-dates";
import { addDays } from "../../app/shared/promised-date";

const SHOTS = "tests/.tmp/shots/late-cancel";

const CASES = [
  {
    language: "ar" as const,
    viewport: { width: 390, height: 844 },
    text: { cancel: "إلغاء الطلب واسترداد المبلغ كاملًا", done: "تم إلغاء طلبك، ويجري رد كل ما دفعته.", notes: "إشعارات الدائن", refunded: (kd: string) => `ورُدّ إليك ${figure(kd, "ar")} د.ك` },
  },
  {
    language: "en" as const,
    viewport: { width: 1280, height: 900 },
    text: { cancel: "Cancel and get a full refund", done: "Your order is cancelled and everything you paid is being refunded.", notes: "Credit notes", refunded: (kd: string) => `${kd} KD refunded` },
  },
];

/**
 * A paid order (2 × 2.500 KD, 1.800 KD delivery, a 0.500 KD gift wrapping: 7.300 KD), paid through the test
 * provider, whose promised day was `daysAgo` Kuwait days ago.
 */
async function paidOrder(daysAgo: number, customerId: string | null) {
  const db = e2eDatabase();
  const placed = await createOrder(db, { customerId, createdAt: new Date(Date.now() - (daysAgo + 3) * 86_400_000) });
  const order = await db.order.update({
    where: { id: placed.id },
    data: { promisedBy: addDays(todayInKuwait(), -daysAgo), isGift: true, giftWrap: true, giftWrapFils: 500, totalFils: placed.totalFils + 500 },
  });
  await db.payment.create({ data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils, providerPaymentId: `tp_${crypto.randomUUID()}` } });
  expect(order.totalFils).toBe(7300);
  return order;
}

/** Everything paid went back in one refund with its one credit note, and the order is cancelled as late. */
async function expectRefundedInFull(orderId: string) {
  const db = e2eDatabase();
  const order = await db.order.findUniqueOrThrow({ where: { id: orderId }, include: { refunds: true, creditNotes: true } });
  expect(order).toMatchObject({ status: "cancelled", refundedFils: 7300 });
  expect(order.lateCancelledAt).not.toBeNull();
  expect(order.refunds.map((refund) => [refund.amountFils, refund.status])).toEqual([[7300, "refunded"]]);
  expect(order.creditNotes.map((note) => note.amountFils)).toEqual([7300]);
  return order.creditNotes[0];
}

async function shot(page: Page, name: string, javaScriptEnabled: boolean, language: string, width: number) {
  if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/${name}-${language}-${width}.png`, fullPage: true });
}

for (const { language, viewport, text } of CASES) {
  test(`a signed-in shopper cancels a late order from My Orders and gets everything back (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    await page.setViewportSize(viewport);
    await setLanguage(context, baseURL!, language);
    const shopper = await signInAsNewCustomer(context, baseURL!);
    const late = await paidOrder(15, shopper.id);
    const notYet = await paidOrder(14, shopper.id);

    await page.goto("/my-orders");
    const lateCard = page.getByTestId("order-card").filter({ hasText: late.orderNumber });
    const notYetCard = page.getByTestId("order-card").filter({ hasText: notYet.orderNumber });
    await expect(lateCard.getByTestId("late-cancel")).toHaveText(text.cancel);
    await expect(notYetCard.getByTestId("order-promised-by")).toBeVisible();
    await expect(notYetCard.getByTestId("late-cancel")).toHaveCount(0);
    await lateCard.scrollIntoViewIfNeeded();
    await shot(page, "my-orders-late", javaScriptEnabled, language, viewport.width);

    await lateCard.getByTestId("late-cancel").click();
    await expect(page.getByTestId("toast")).toHaveText(text.done, { timeout: 15_000 });
    await expect(lateCard.getByTestId("status-badge")).toHaveAttribute("data-status", "cancelled");
    await expect(lateCard.getByTestId("order-cancelled-late")).toContainText(text.refunded("7.30"));
    await expect(lateCard.getByTestId("late-cancel")).toHaveCount(0);
    const note = await expectRefundedInFull(late.id);
    const links = lateCard.getByTestId("order-credit-notes").getByRole("link");
    await expect(lateCard.getByTestId("order-credit-notes").getByRole("heading")).toHaveText(text.notes);
    await expect(links).toHaveCount(1);
    await expect(links).toHaveText(note.number);
    const pdf = await page.request.get((await links.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await lateCard.scrollIntoViewIfNeeded();
    await shot(page, "my-orders-cancelled", javaScriptEnabled, language, viewport.width);

    // The order not yet late is untouched.
    expect(await e2eDatabase().order.findUniqueOrThrow({ where: { id: notYet.id } })).toMatchObject({ status: "pending", refundedFils: 0, lateCancelledAt: null });
  });

  test(`a late order reached by its phone is cancelled on its page and refunded in full (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    await page.setViewportSize(viewport);
    await setLanguage(context, baseURL!, language);
    const late = await paidOrder(20, null);
    const notYet = await paidOrder(3, null);

    await page.goto(`/view-invoice?${new URLSearchParams({ orderNumber: notYet.orderNumber, phone: notYet.phone })}`);
    await expect(page.getByTestId("invoice-link")).toBeVisible();
    await expect(page.getByTestId("order-promised-by")).toBeVisible();
    await expect(page.getByTestId("late-cancel")).toHaveCount(0);

    await page.goto(`/view-invoice?${new URLSearchParams({ orderNumber: late.orderNumber, phone: late.phone })}`);
    await expect(page.getByTestId("late-cancel")).toHaveText(text.cancel);
    await shot(page, "by-phone-late", javaScriptEnabled, language, viewport.width);

    await page.getByTestId("late-cancel").click();
    await expect(page.getByTestId("toast")).toHaveText(text.done, { timeout: 15_000 });
    await expect(page.getByTestId("tracking-result").getByTestId("status-badge")).toHaveAttribute("data-status", "cancelled");
    await expect(page.getByTestId("order-cancelled-late")).toContainText(text.refunded("7.30"));
    await expect(page.getByTestId("late-cancel")).toHaveCount(0);
    const note = await expectRefundedInFull(late.id);
    const links = page.getByTestId("order-credit-notes").getByRole("link");
    await expect(page.getByTestId("order-credit-notes").getByRole("heading")).toHaveText(text.notes);
    await expect(links).toHaveText(note.number);
    // The page's reader has no session: the credit note's link is signed, as the invoice's is.
    const pdf = await page.request.get((await links.getAttribute("href"))!);
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await shot(page, "by-phone-cancelled", javaScriptEnabled, language, viewport.width);
  });
}
