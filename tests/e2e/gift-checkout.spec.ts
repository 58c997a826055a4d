import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { e2eDatabase } from "../support/e2e-database";
import { setCart, setLanguage } from "../support/shopper";
import { takeSettingsTurn } from "../support/settings-turn";
import { signInAsAdmin } from "./admin-fixtures";
import { createProduct } from "../factories/product";

/**
 * Issue 48, points 1 and 2: a gift with a note, wrapping and a recipient, delivered in a window the owner offers; with
 * and without JavaScript, in Arabic at a phone's width and in English at a desktop's. The packing slip, printed to PDF
 * as the owner prints it, carries the note and the recipient and no price.
 */
const SHOTS = "tests/.tmp/shots/gift";
const WINDOW_ID = "e2e-gift-window";

async function continueAsGuest(page: Page) {
  expect((await page.request.post("/checkout", { form: { intent: "guest" } })).ok()).toBe(true);
}

// A product of this file's own, so that its orders leave the seed bow's stock to the checkout's journeys.
let productId = "";
test.beforeAll(async () => {
  productId = (await createProduct(e2eDatabase(), { stockQuantity: 100, nameEn: "Velvet Gift Bow", nameAr: "فيونكة مخمل للهدايا" })).id;
});

// The windows and the wrapping are the shop's: every other journey checks out without them, and the delivery-times
// journey saves the windows whole, so each takes its turn with the settings.
let releaseTurn: (() => void) | null = null;
test.beforeEach(async () => {
  releaseTurn = await takeSettingsTurn();
  const db = e2eDatabase();
  await db.deliveryWindow.upsert({ where: { id: WINDOW_ID }, create: { id: WINDOW_ID, fromTime: "16:00", toTime: "20:00", capacity: 50, days: "0,1,2,3,4,5,6" }, update: {} });
  await db.shopSetting.upsert({ where: { key: "giftWrapFils" }, create: { key: "giftWrapFils", value: "500" }, update: { value: "500" } });
});

test.afterEach(async () => {
  const db = e2eDatabase();
  await db.deliveryWindow.deleteMany({ where: { id: WINDOW_ID } });
  await db.shopSetting.deleteMany({ where: { key: "giftWrapFils" } });
  releaseTurn?.();
  releaseTurn = null;
});

for (const { language, viewport, texts } of [
  {
    language: "ar" as const,
    viewport: { width: 390, height: 844 },
    texts: { isGift: "هذا الطلب هدية", tooLong: "رسالة الهدية لا تزيد على ٢٠٠ حرف.", wrapLine: "تغليف الهدية" },
  },
  {
    language: "en" as const,
    viewport: { width: 1280, height: 900 },
    texts: { isGift: "This is a gift", tooLong: "The gift note can be at most 200 characters.", wrapLine: "Gift wrapping" },
  },
]) {
  test(`a gift with a note, wrapping, a recipient and a delivery window (${language})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    await page.setViewportSize(viewport);
    await setLanguage(context, baseURL!, language);
    await setCart(context, baseURL!, [{ productId, quantity: 1, customTags: [] }]);
    await continueAsGuest(page);
    await page.goto("/checkout");

    await page.getByTestId("building-Villa").check({ force: true });
    await page.locator('[name="fullName"]').fill(language === "ar" ? "سارة أحمد" : "Sara Gift");
    await page.locator('[name="email"]').fill(`gift.${language}.${javaScriptEnabled ? "js" : "nojs"}@example.com`);
    await page.locator('[name="phone"]').fill("51234567");
    await page.locator('[name="city"]').selectOption("Hawalli");
    await page.locator('[name="street"]').fill("Tunis Street");
    await page.locator('[name="streetNumber"]').fill("12");
    await page.locator('[name="block"]').fill("3");
    await page.locator('[name="buildingNumber"]').fill("7");

    // The gift's fields show once the box is ticked, with or without JavaScript.
    await expect(page.getByTestId("gift-note")).toBeHidden();
    await page.getByLabel(texts.isGift).check();
    await expect(page.getByTestId("gift-note")).toBeVisible();
    await page.getByTestId("gift-note").fill("🎀".repeat(201));
    if (javaScriptEnabled) await expect(page.getByTestId("gift-note-count")).toContainText(language === "ar" ? "٢٠١" : "201 / 200");
    await page.getByTestId("pay-button").click();
    await expect(page.getByText(texts.tooLong)).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/checkout/);

    const note = language === "ar" ? "كل عام وأنتِ بخير يا نورة، مع حبي 🎀" : "Happy birthday, Noura! With love 🎀";
    await page.getByTestId("gift-note").fill(note);
    await page.getByTestId("gift-wrap").check();
    await page.getByTestId("gift-recipient-name").fill(language === "ar" ? "نورة" : "Noura");
    await page.getByTestId("gift-recipient-phone").fill("99887766");
    if (javaScriptEnabled) await expect(page.getByTestId("order-summary")).toContainText(texts.wrapLine);
    const slot = page.getByTestId("delivery-slots").locator('input[type="radio"]').first();
    const slotValue = (await slot.getAttribute("value"))!;
    await slot.check({ force: true });
    if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/checkout-gift-${language}-${viewport.width}.png`, fullPage: true });

    await page.getByTestId("pay-button").click();
    await expect(page).toHaveURL(/\/payment\?orderSessionId=ps_/, { timeout: 10_000 });
    const orderNumber = (await page.getByTestId("payment-order-number").textContent())!.trim();
    const order = await e2eDatabase().order.findUniqueOrThrow({ where: { orderNumber } });
    const [date] = slotValue.split("|");
    expect(order).toMatchObject({
      isGift: true,
      giftNote: note,
      giftWrap: true,
      giftWrapFils: 500,
      totalFils: order.subtotalFils + order.deliveryFeeFils + 500,
      giftRecipientPhone: "99887766",
      phone: "51234567",
      deliveryDate: date,
      deliveryFrom: "16:00",
      deliveryTo: "20:00",
    });

    // The owner prints the packing slip: the note and the recipient, no price.
    await e2eDatabase().order.update({ where: { orderNumber }, data: { paymentStatus: "paid", paidAt: new Date() } });
    // The shopper reads her order by its number and phone: the day and the window she chose (probe 9).
    await page.goto(`/view-invoice?orderNumber=${orderNumber}&phone=51234567`);
    await expect(page.getByTestId("order-promised-by")).toContainText(language === "ar" ? "من ١٦:٠٠ إلى ٢٠:٠٠" : "16:00 to 20:00");
    await signInAsAdmin(context, baseURL!);
    await page.goto(`/admin/timsar/packing-slips?order=${orderNumber}`);
    await expect(page.getByTestId("slip-gift")).toContainText(note);
    if (!javaScriptEnabled) return;
    const pdf = `${SHOTS}/packing-slip-${language}.pdf`;
    fs.mkdirSync(SHOTS, { recursive: true });
    await page.pdf({ path: pdf, format: "A4", printBackground: true });
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"]).toString();
    for (const expected of [orderNumber, language === "ar" ? "نورة" : "Noura", "99887766", language === "ar" ? "رسالة الهدية" : "Gift note"]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/KD|د\.ك/);
    execFileSync("pdftoppm", ["-png", "-r", "70", "-f", "1", "-l", "1", pdf, `${SHOTS}/packing-slip-${language}`]);
  });
}
