/**
 * Issue 28, points 8, 13 and 14, in the browser with JavaScript on and off: a refund asks first (the amount and what
 * stays paid) and Cancel changes nothing; packing slips for one order and for a selection, without prices; the
 * registered users' search; a free-delivery code's line on the admin order; the discount-code field looks like the
 * other checkout fields. Screenshots go to the folder SHOTS_DIR names, when it is set.
 */
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createCustomer } from "../factories/customer";
import { createOrder } from "../factories/order";
import { uniqueEmail, uniqueName, uniquePhone } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { setCart, setLanguage } from "../support/shopper";
import { signInAsAdmin } from "./admin-fixtures";

const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string, javaScriptEnabled: boolean) {
  if (SHOTS && javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
}

const TEXT = {
  en: {
    amount: "Amount to refund in KD",
    refund: "Refund",
    question: "Refund 1.00 KD? After this refund 5.80 KD stays paid.",
    confirm: "Confirm refund of 1.00 KD",
    cancel: "Cancel",
    done: "Refund of 1.00 KD recorded.",
    slip: "Packing slip",
    printSelected: "Print packing slips",
    kd: "KD",
  },
  ar: {
    amount: "المبلغ المراد استرداده بالدينار",
    refund: "استرداد",
    question: "هل تريد استرداد ١٫٠٠ د.ك؟ بعد هذا الاسترداد يبقى ٥٫٨٠ د.ك مدفوعًا.",
    confirm: "تأكيد استرداد ١٫٠٠ د.ك",
    cancel: "إلغاء",
    done: "تم تسجيل استرداد ١٫٠٠ د.ك.",
    slip: "قسيمة التغليف",
    printSelected: "اطبع قسائم التغليف",
    kd: "د.ك",
  },
} as const;

for (const language of ["en", "ar"] as const) {
  test(`a refund asks first with the amount and what stays paid; Cancel changes nothing (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    const text = TEXT[language];
    const db = e2eDatabase();
    // 2 × 2.500 + 1.800 delivery = 6.800 KD, paid through the test provider (refunds are only recorded).
    const order = await createOrder(db);
    await db.payment.create({ data: { orderId: order.id, provider: "test", status: "paid", amountFils: order.totalFils, providerPaymentId: `tp_${crypto.randomUUID()}` } });
    await setLanguage(context, baseURL!, language);
    await signInAsAdmin(context, baseURL!);
    await page.goto(`/admin/timsar/orders/${order.orderNumber}`);
    const card = page.getByTestId("refund-card");

    await card.getByLabel(text.amount).fill("1.000");
    await card.getByRole("button", { name: text.refund, exact: true }).click();
    const question = page.getByTestId("refund-confirm");
    await expect(question.getByRole("status")).toHaveText(text.question);
    await shot(page, `refund-confirm-desktop-${language}`, javaScriptEnabled);
    // Asking refunds nothing.
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBe(0);

    await question.getByRole("link", { name: text.cancel }).click();
    await expect(question).toHaveCount(0);
    await expect(card.getByLabel(text.amount)).toHaveValue("");
    expect((await db.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBe(0);
    expect(await db.refund.count({ where: { orderId: order.id } })).toBe(0);

    await card.getByLabel(text.amount).fill("1.000");
    await card.getByRole("button", { name: text.refund, exact: true }).click();
    await question.getByRole("button", { name: text.confirm }).click();
    await expect(page.getByTestId("toast")).toHaveText(text.done);
    await expect(question).toHaveCount(0);
    expect(new URL(page.url()).search).toBe("");
    await expect.poll(async () => (await db.order.findUniqueOrThrow({ where: { id: order.id } })).refundedFils).toBe(1000);
  });

  test(`packing slips for one order and for a selection, without prices (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    const text = TEXT[language];
    const db = e2eDatabase();
    const phone = uniquePhone();
    const gift = `Happy birthday ${crypto.randomBytes(3).toString("hex")}`;
    const first = await createOrder(db, {
      phone,
      fullName: "Sara Al-Ali",
      items: [
        { nameEn: "Pink bow", nameAr: "فيونكة وردية", priceFils: 2500, quantity: 2, customTags: [{ titleEn: "Name", titleAr: "الاسم", value: gift }] },
        { nameEn: "Hair clip", nameAr: "مشبك شعر", priceFils: 1250, quantity: 1 },
      ],
    });
    const second = await createOrder(db, { phone, fullName: "Sara Al-Ali" });
    // A slip is written in its order's language (the parcel's), here the admin's too.
    await db.order.updateMany({ where: { id: { in: [first.id, second.id] } }, data: { language } });
    await setLanguage(context, baseURL!, language);
    await signInAsAdmin(context, baseURL!);

    await page.goto(`/admin/timsar/orders/${first.id}`);
    const [single] = await Promise.all([context.waitForEvent("page"), page.getByRole("link", { name: text.slip }).click()]);
    const slip = single.getByTestId("packing-slip");
    await expect(slip).toHaveCount(1);
    await expect(slip).toContainText(first.orderNumber);
    await expect(slip).toContainText("Sara Al-Ali");
    await expect(slip).toContainText(`+965 ${phone}`);
    await expect(slip).toContainText(gift);
    await expect(slip).toContainText(language === "ar" ? "فيونكة وردية" : "Pink bow");
    await expect(slip).toContainText(language === "ar" ? "شقة" : "Apartment");
    await expect(slip).not.toContainText(text.kd);
    await expect(slip).not.toContainText("2.50");
    await single.setViewportSize({ width: 1280, height: 800 });
    await shot(single, `packing-slip-desktop-${language}`, javaScriptEnabled);
    await single.close();

    await page.goto(`/admin/timsar/orders?search=${phone}`);
    for (const order of [first, second]) await page.getByRole("checkbox", { name: new RegExp(order.orderNumber) }).check();
    const [several] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: text.printSelected }).click()]);
    await expect(several.getByTestId("packing-slip")).toHaveCount(2);
    await expect(several.locator("body")).not.toContainText(text.kd);
    // Each slip starts a sheet of its own on paper.
    await several.emulateMedia({ media: "print" });
    expect(await several.getByTestId("packing-slip").first().evaluate((element) => getComputedStyle(element).breakAfter)).toBe("page");
    await expect(several.locator(".admin-nav")).toBeHidden();
  });
}

test("packing slips are the administrator's only, and kept by no cache", async ({ page, context, baseURL }) => {
  const order = await createOrder(e2eDatabase());
  const stranger = await page.request.get(`/admin/timsar/packing-slips?order=${order.id}`, { maxRedirects: 0 });
  expect([302, 303, 401, 403]).toContain(stranger.status());
  expect(await stranger.text()).not.toContain(order.orderNumber);
  await signInAsAdmin(context, baseURL!);
  const own = await page.request.get(`/admin/timsar/packing-slips?order=${order.orderNumber}`);
  expect(own.status()).toBe(200);
  expect(own.headers()["cache-control"]).toContain("no-store");
  expect(await own.text()).toContain(order.orderNumber);
});

for (const language of ["en", "ar"] as const) {
  test(`registered users show name and e-mail and are searched by phone, name or e-mail (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    const db = e2eDatabase();
    const fullName = uniqueName("Noura");
    const email = uniqueEmail("noura");
    const phone = uniquePhone();
    await createCustomer(db, { fullName, email, phone });
    const other = await createCustomer(db, { fullName: uniqueName("Hessa") });
    await setLanguage(context, baseURL!, language);
    await signInAsAdmin(context, baseURL!);
    await page.goto("/admin/timsar/registered-users");
    const search = page.getByRole("searchbox");
    for (const term of [fullName.toLowerCase(), email, `+965 ${phone.slice(0, 4)} ${phone.slice(4)}`]) {
      await search.fill(term);
      await search.press("Enter");
      const rows = page.getByTestId("users-table").locator("tbody tr");
      await expect(rows).toHaveCount(1);
      await expect(rows.first()).toContainText(fullName);
      await expect(rows.first()).toContainText(email);
      await expect(rows.first()).toContainText(phone);
      await expect(page.getByTestId("users-table")).not.toContainText(other.email);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, `registered-users-desktop-${language}`, javaScriptEnabled);
  });
}

test("a free-delivery code is its own line on the admin order, beside the delivery as charged", async ({ page, context, baseURL }) => {
  const db = e2eDatabase();
  const code = `SHIP${crypto.randomBytes(3).toString("hex").toUpperCase()}`;
  const coupon = await db.coupon.create({ data: { code, kind: "fixed", value: 0, freeDelivery: true } });
  const order = await createOrder(db, { deliveryFeeFils: 0, couponCode: code });
  await db.couponUse.create({ data: { couponId: coupon.id, orderId: order.id, email: "shopper@example.com", phone: order.phone } });
  const area = await db.deliveryArea.findUniqueOrThrow({ where: { nameEn: order.city } });
  await setLanguage(context, baseURL!, "en");
  await signInAsAdmin(context, baseURL!);
  await page.goto(`/admin/timsar/orders/${order.id}`);
  await expect(page.getByTestId("order-free-delivery")).toHaveText(`Code ${code}: ${(area.feeFils / 1000).toFixed(2)} KD delivery waived`);
  await expect(page.locator(".admin-totals")).toContainText("Delivery fee0.00 KD");
});

test("the discount-code field looks like every other checkout field (Arabic, phone)", async ({ page, context, baseURL, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await setLanguage(context, baseURL!, "ar");
  await setCart(context, baseURL!, [{ productId: "seed-product-01", quantity: 1, customTags: [] }]);
  // As the login page's guest button does: the answer sets the guest flag.
  expect((await page.request.post("/checkout", { form: { intent: "guest" } })).ok()).toBe(true);
  await page.goto("/checkout");
  const style = (selector: string) =>
    page.locator(selector).evaluate((element) => {
      const css = getComputedStyle(element);
      return { border: css.border, radius: css.borderRadius, height: css.minHeight, padding: css.paddingInlineStart, font: css.fontSize };
    });
  expect(await style("#couponCode")).toEqual(await style("input[name=email]"));
  await page.locator("#couponCode").scrollIntoViewIfNeeded();
  await shot(page, "checkout-discount-phone-ar", javaScriptEnabled);
});
