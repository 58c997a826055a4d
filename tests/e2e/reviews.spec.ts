/**
 * Issue 47 in the browser, with and without JavaScript, in Arabic at 390 px and English at 1280 px: the buyer of a
 * delivered order opens the invitation's signed link without signing in, picks the stars from the keyboard, writes a
 * title and a text and sends; a second review of the same product is refused; the owner publishes it and replies; the
 * product page shows the average, the count, the distribution, the review in its own language and the reply, and a
 * card its stars; hiding it takes it away. My Orders leads a signed-in buyer to the same page. The invitation itself
 * (job, outbox, SMTP) is tested in tests/integration/review-invites.test.ts.
 */
import type { BrowserContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { E2E_SECRET, setLanguage, signInAsNewCustomer } from "../support/shopper";
import { reviewLinkPath } from "../../app/models/reviews/review-link.server";
import { pictureBuffer, signInAsAdmin } from "./admin-fixtures";
import { card } from "./storefront-helpers";

const SHOTS = "tests/.tmp/shots/reviews";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const NARROW_PHONE = { width: 360, height: 740 };

const TEXT = {
  ar: {
    fullName: "فاطمة الكندري",
    author: "فاطمة ك.",
    title: "جميلة جدًا",
    body: "الفيونكة ناعمة وابنتي تلبسها كل يوم.",
    sent: "شكرًا لك! تم إرسال تقييمك.",
    pending: "سيظهر بعد أن يراجعه المتجر.",
    already: "تم تقييم هذا المنتج من هذا الطلب من قبل.",
    reply: "شكرًا لك، سعدنا برأيك.",
    average: "٤٫٠ من ٥",
    count: "تقييم واحد",
    fourStars: "عدد تقييمات ٤ نجوم: ١",
    writeReview: "قيّم المنتجات",
    badPhoto: "تُقبل صور جيه بي إي جي أو بي إن جي أو ويب بي فقط.",
  },
  en: {
    fullName: "Noor Al-Sabah",
    author: "Noor S.",
    title: "Very pretty",
    body: "Soft bow, my daughter wears it every day.",
    sent: "Thank you! Your review was sent.",
    pending: "It will show once the shop has checked it.",
    already: "This product of this order has already been reviewed.",
    reply: "Thank you, we are glad you like it.",
    average: "4.0 out of 5",
    count: "1 review",
    fourStars: "4 stars: 1",
    writeReview: "Review the products",
    badPhoto: "Only JPEG, PNG or WebP images are accepted.",
  },
} as const;

/** A delivered order of one new product (the newest, so the home page's first card), in `language`. */
async function deliveredOrder(language: "ar" | "en", customerId?: string) {
  const db = e2eDatabase();
  const product = await createProduct(db, { nameEn: uniqueName("Review Bow"), nameAr: "فيونكة التقييم", priceFils: 3500, stockQuantity: 10 });
  const order = await createOrder(db, {
    status: "delivered",
    fullName: TEXT[language].fullName,
    customerId,
    items: [{ productId: product.id, nameEn: product.nameEn, nameAr: product.nameAr, priceFils: 3500, quantity: 1 }],
  });
  await db.order.update({ where: { id: order.id }, data: { language, deliveredAt: new Date() } });
  return { product, order };
}

/** The photo's small size is there and, where the page's scripts may be asked (with JavaScript), drawn. */
async function expectPictureShown(img: Locator, javaScriptEnabled: boolean) {
  await expect(img).toHaveAttribute("src", /^\/uploads\/reviews\/[0-9a-f]{24}-400\.webp$/);
  if (!javaScriptEnabled) return;
  await img.scrollIntoViewIfNeeded();
  await expect.poll(() => img.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
}

/** The owner's context, in the test's language and size. */
async function ownerPage(browser: { newContext: (options?: object) => Promise<BrowserContext> }, baseURL: string, language: "ar" | "en", javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled, viewport: language === "ar" ? PHONE : DESKTOP });
  await setLanguage(context, baseURL, language);
  await signInAsAdmin(context, baseURL);
  return context.newPage();
}

for (const language of ["ar", "en"] as const) {
  const text = TEXT[language];
  const other = language === "ar" ? "en" : "ar";

  test(`a buyer reviews from the invitation's link, the owner publishes and replies, the shop shows it until hidden (${language})`, async ({ page, context, baseURL, browser, javaScriptEnabled }) => {
    await setLanguage(context, baseURL!, language);
    await page.setViewportSize(language === "ar" ? PHONE : DESKTOP);
    const { product, order } = await deliveredOrder(language);
    // Signed as the invitation signs it, with the journeys' server secret (playwright.config.ts).
    const link = reviewLinkPath(order.orderNumber, Date.now(), E2E_SECRET);

    // A second tab opened on the same link before the first sends: its form goes stale.
    const stale = await context.newPage();
    await stale.goto(link);

    await page.goto(link);
    const item = page.locator(`[data-testid="review-product"][data-product-id="${product.id}"]`);
    await expect(item.getByTestId("review-form")).toBeVisible();
    await expect(page.getByTestId("review-phone")).toHaveCount(0);

    // A file that is not a picture is refused under the field, in the page's language, and nothing is saved.
    await item.locator(`#rating-${product.id}-3`).check();
    await item.locator("textarea[name=body]").fill(text.body);
    await item.locator("input[name=photo]").setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
    await item.getByTestId("review-submit").click();
    await expect(item.getByTestId("photo-error")).toHaveText(text.badPhoto);
    expect(await e2eDatabase().review.count({ where: { orderId: order.id } })).toBe(0);

    // The stars are a radio group: focus the first, take it with Space, move to four with an arrow key.
    await item.locator(`#rating-${product.id}-5`).focus();
    await page.keyboard.press("Space");
    await expect(item.locator(`#rating-${product.id}-5`)).toBeChecked();
    await page.keyboard.press("ArrowDown");
    await expect(item.locator(`#rating-${product.id}-4`)).toBeChecked();
    await expect(item.locator(`#rating-${product.id}-4`)).toBeFocused();
    await item.getByLabel(language === "ar" ? "العنوان (اختياري)" : "Title (optional)").fill(text.title);
    await item.locator("textarea[name=body]").fill(text.body);
    await item.locator("input[name=photo]").setInputFiles({ name: "bow.png", mimeType: "image/png", buffer: await pictureBuffer("#f9a8d4") });
    if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/form-${language}.png`, fullPage: true });
    await item.getByTestId("review-submit").click();

    await expect(page.getByTestId("toast")).toHaveText(text.sent);
    await expect(item.getByTestId("review-done")).toContainText(text.pending);
    const review = await e2eDatabase().review.findFirstOrThrow({ where: { orderId: order.id, productId: product.id } });
    expect(review).toMatchObject({ rating: 4, title: text.title, body: text.body, language, status: "pending", authorName: text.author });
    expect(review.photoUrl).toMatch(/^\/uploads\/reviews\/[0-9a-f]{24}\.webp$/);

    // The stale tab's second review of the same product is refused in the page's language, and so is the API's.
    const staleItem = stale.locator(`[data-testid="review-product"][data-product-id="${product.id}"]`);
    await staleItem.locator(`#rating-${product.id}-1`).check();
    await staleItem.locator("textarea[name=body]").fill("Again");
    await staleItem.getByTestId("review-submit").click();
    await expect(stale.getByRole("alert").filter({ hasText: text.already })).toBeVisible();
    const again = await page.request.post(`/api/orders/${order.orderNumber}/reviews`, { data: { phone: order.phone, productId: product.id, rating: 1, body: "Again" } });
    expect(again.status()).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(text.already);
    expect(await e2eDatabase().review.count({ where: { orderId: order.id } })).toBe(1);
    await stale.close();

    // Waiting reviews show nowhere in the shop.
    await page.goto(`/product/${product.id}`);
    await expect(page.getByTestId("reviews-none")).toBeVisible();

    // The owner publishes it from the waiting list, then replies from the published one.
    const owner = await ownerPage(browser, baseURL!, language, javaScriptEnabled);
    await owner.goto("/admin/timsar/reviews");
    const row = owner.locator(`[data-testid="admin-review"][data-review-id="${review.id}"]`);
    await expect(row).toContainText(text.body);
    await expect(row).toContainText(order.orderNumber);
    await expectPictureShown(row.getByTestId("review-photo").locator("img"), javaScriptEnabled);
    await row.getByTestId("publish-review").click();
    await expect(owner.getByTestId("toast")).toBeVisible();
    await expect(row).toHaveCount(0);
    await owner.goto("/admin/timsar/reviews?status=published");
    await row.locator("textarea[name=reply]").fill(text.reply);
    await row.getByTestId("save-reply").click();
    await expect(owner.getByTestId("toast")).toBeVisible();
    await expect(row.locator("textarea[name=reply]")).toHaveValue(text.reply);
    await expect(row).toHaveAttribute("data-status", "published");
    // The list as the owner finds it next time (no toast over it), its counts in the page's digits.
    await owner.goto("/admin/timsar/reviews?status=published");
    await expect(owner.locator('.admin-tab[aria-current="page"]')).toContainText(language === "ar" ? /\([٠-٩]+\)/ : /\([0-9]+\)/);
    await expectPictureShown(row.getByTestId("review-photo").locator("img"), javaScriptEnabled);
    if (javaScriptEnabled) {
      await owner.evaluate(() => window.scrollTo(0, 0));
      await owner.screenshot({ path: `${SHOTS}/admin-${language}.png`, fullPage: true });
    }

    // The product page: the average, the count, the distribution, the review in its own language, and the reply.
    await page.goto(`/product/${product.id}`);
    const summary = page.getByTestId("reviews-summary");
    await expect(summary).toHaveAttribute("data-count", "1");
    await expect(summary).toContainText(text.average);
    await expect(summary).toContainText(text.count);
    await expect(page.getByLabel(text.fourStars)).toHaveAttribute("value", "1");
    const shown = page.getByTestId("review");
    await expect(shown).toHaveCount(1);
    await expect(shown.locator("article")).toHaveAttribute("lang", language);
    await expect(shown.locator("article")).toHaveAttribute("dir", language === "ar" ? "rtl" : "ltr");
    await expect(shown).toContainText(text.title);
    await expect(shown).toContainText(text.author);
    await expect(shown.getByTestId("review-reply")).toContainText(text.reply);
    await expect(shown.getByTestId("review-photo")).toHaveAttribute("href", review.photoUrl!);
    await expectPictureShown(shown.getByTestId("review-photo").locator("img"), javaScriptEnabled);
    if (javaScriptEnabled) {
      // Back at the top, so the sticky header sits where a visitor sees it and not over the reviews.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `${SHOTS}/product-${language}.png`, fullPage: true });
    }

    // In the other language's frame the review keeps its own.
    await setLanguage(context, baseURL!, other);
    await page.goto(`/product/${product.id}`);
    await expect(page.locator("html")).toHaveAttribute("dir", other === "ar" ? "rtl" : "ltr");
    await expect(page.getByTestId("review").locator("article")).toHaveAttribute("lang", language);
    await setLanguage(context, baseURL!, language);

    // The newest product's card, first on the home page, shows its stars.
    await page.goto("/");
    await expect(card(page, product.id).getByTestId("card-rating")).toHaveAttribute("data-count", "1");
    await expect(card(page, product.id).getByTestId("card-rating")).toHaveAttribute("data-average", "4");

    // Hidden: gone from the page and the card.
    await owner.goto("/admin/timsar/reviews?status=published");
    await row.getByTestId("hide-review").click();
    await expect(owner.getByTestId("toast")).toBeVisible();
    await expect(row).toHaveCount(0);
    await owner.context().close();
    await page.goto(`/product/${product.id}`);
    await expect(page.getByTestId("reviews-none")).toBeVisible();
    await expect(page.getByTestId("review")).toHaveCount(0);
    await page.goto("/");
    await expect(card(page, product.id)).toBeVisible();
    await expect(card(page, product.id).getByTestId("card-rating")).toHaveCount(0);
  });

  test(`My Orders leads the signed-in buyer of a delivered order to its review page (${language})`, async ({ page, context, baseURL }) => {
    await setLanguage(context, baseURL!, language);
    // The narrowest phone the shop is drawn for: the review page's form once grew wider than it (probe 9).
    await page.setViewportSize(language === "ar" ? NARROW_PHONE : DESKTOP);
    const customer = await signInAsNewCustomer(context, baseURL!);
    const { product, order } = await deliveredOrder(language, customer.id);
    await page.goto("/my-orders");
    const link = page.getByTestId("review-order").and(page.locator(`[href="/review/${order.orderNumber}"]`));
    await expect(link).toHaveText(text.writeReview);
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/review/${order.orderNumber}$`));
    await expect(page.locator(`[data-testid="review-product"][data-product-id="${product.id}"]`).getByTestId("review-form")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });
}
