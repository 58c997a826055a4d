/**
 * Issue 18, point 3, in the browser, with and without JavaScript, in Arabic and English: the administrator refunds
 * part of a paid order and then the rest; each refund's credit note is listed on the admin order page and under the
 * shopper's My Orders, its link downloads the PDF for either of them, and a stranger gets 403.
 */
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { e2eDatabase } from "../support/e2e-database";
import { setLanguage, signInAsNewCustomer } from "../support/shopper";
import { signInAsAdmin } from "./admin-fixtures";
import { figure } from "../support/digits";

const TEXT = {
  en: {
    amount: "Amount to refund in KD",
    refund: "Refund",
    done: (kd: string) => `Refund of ${kd} KD recorded.`,
    notes: "Credit notes",
    kd: (kd: string) => `${kd} KD`,
    link: (number: string, kd: string) => `Credit note ${number}: ${kd} KD refunded`,
  },
  ar: {
    amount: "المبلغ المراد استرداده بالدينار",
    refund: "استرداد",
    done: (kd: string) => `تم تسجيل استرداد ${figure(kd, "ar")} د.ك.`,
    notes: "إشعارات الدائن",
    kd: (kd: string) => `${figure(kd, "ar")} د.ك`,
    link: (number: string, kd: string) => `إشعار الدائن ${number}: استرداد ${figure(kd, "ar")} د.ك`,
  },
} as const;

/**
 * Confirms the asked refund and waits for the server's answer: the first credit note a server draws starts its PDF
 * thread, which took 7 to 8.5 s on a busy 2-core machine. Without JavaScript the click waits for that page; with it
 * the answer comes by fetch, and the toast's wait alone would start the clock too early.
 */
async function confirmRefund(page: Page) {
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && response.url().includes("/admin/timsar/orders/"));
  await page.getByTestId("refund-confirm").getByRole("button").click();
  await answered;
}

for (const language of ["ar", "en"] as const) {
  test(`refunds give credit notes on the admin order page and under My Orders (${language})`, async ({ page, context, baseURL, request, javaScriptEnabled }, testInfo) => {
    const text = TEXT[language];
    const db = e2eDatabase();
    const shopper = await signInAsNewCustomer(context, baseURL!);
    // 2 × 2.500 + 1.800 delivery = 6.800 KD, paid through the test provider (refunds are only recorded).
    const order = await createOrder(db, { customerId: shopper.id });
    await db.payment.create({
      data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils, providerPaymentId: `tp_${crypto.randomUUID()}` },
    });
    await setLanguage(context, baseURL!, language);
    await signInAsAdmin(context, baseURL!);

    await page.goto(`/admin/timsar/orders/${order.orderNumber}`);
    const card = page.getByTestId("refund-card");
    await card.getByLabel(text.amount).fill("1.000");
    await card.getByRole("button", { name: text.refund, exact: true }).click();
    await confirmRefund(page);
    await expect(page.getByTestId("toast")).toHaveText(text.done("1.00"));
    const rows = page.getByTestId("credit-notes").getByTestId("credit-note-row");
    await expect(rows).toHaveCount(1);
    await expect(card.getByLabel(text.amount)).toHaveValue("");
    await card.getByRole("button", { name: text.refund, exact: true }).click();
    await confirmRefund(page);
    await expect(page.getByTestId("toast")).toHaveText(text.done("5.80"));
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId("credit-notes").getByRole("heading")).toHaveText(text.notes);

    const notes = await db.creditNote.findMany({ where: { orderId: order.id }, orderBy: { createdAt: "asc" } });
    expect(notes.map((note) => note.amountFils)).toEqual([1000, 5800]);
    for (const [index, note] of notes.entries()) {
      expect(note.number).toMatch(/^CN-\d{12}$/);
      await expect(rows.nth(index)).toContainText(note.number);
      await expect(rows.nth(index)).toContainText(text.kd(index === 0 ? "1.00" : "5.80"));
    }
    await expect(rows.nth(0)).toContainText(text.kd("5.80"));
    await expect(rows.nth(1)).toContainText(text.kd("0.00"));

    // The administrator's link downloads the PDF.
    const adminLink = rows.nth(0).getByRole("link");
    await expect(adminLink).toHaveAttribute("href", `/uploads/credit-notes/${notes[0].number}.pdf`);
    const adminPdf = await page.request.get(`/uploads/credit-notes/${notes[0].number}.pdf`);
    expect(adminPdf.status()).toBe(200);
    expect(adminPdf.headers()["content-type"]).toBe("application/pdf");
    expect((await adminPdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    if (language === "ar" && javaScriptEnabled) {
      await page.screenshot({ path: "/tmp/cn-admin-order-ar.png", fullPage: true });
      await testInfo.attach("admin order page", { path: "/tmp/cn-admin-order-ar.png" });
    }

    // The shopper, without the administrator's session, sees both notes under My Orders and downloads them.
    await context.clearCookies({ name: "__admin" });
    if (language === "ar" && javaScriptEnabled) await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/my-orders");
    const orderCard = page.getByTestId("order-card").filter({ hasText: order.orderNumber });
    const listed = orderCard.getByTestId("order-credit-notes");
    await expect(listed.getByRole("heading")).toHaveText(text.notes);
    const links = listed.getByRole("link");
    await expect(links).toHaveCount(2);
    await expect(links.nth(0)).toHaveAccessibleName(text.link(notes[0].number, "1.00"));
    await expect(links.nth(1)).toHaveAccessibleName(text.link(notes[1].number, "5.80"));
    if (language === "ar" && javaScriptEnabled) {
      await orderCard.scrollIntoViewIfNeeded();
      await page.screenshot({ path: "/tmp/cn-my-orders-ar-phone.png", fullPage: true });
    }
    const href = await links.nth(1).getAttribute("href");
    const shopperPdf = await page.request.get(href!);
    expect(shopperPdf.status()).toBe(200);
    expect((await shopperPdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // Anyone else: 403.
    expect((await request.get(href!)).status()).toBe(403);
  });
}
