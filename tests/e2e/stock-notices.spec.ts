import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createProduct, createProductWithOptions } from "../factories/product";
import { uniqueEmail, uniqueName } from "../factories/unique";
import { mailCount, waitForMail } from "../setup/mailbox";
import { e2eDatabase } from "../support/e2e-database";
import { setLanguage } from "../support/shopper";
import { signInAsAdmin } from "./admin-fixtures";

// Back in stock (issue 16), with and without JavaScript (the two Playwright projects), in Arabic and English: the
// product page's Notify me form, the confirmation mail and its page, the owner's restock through the admin API, the
// mail read from the loopback SMTP server, and its unsubscribe link.

const TEXT = {
  ar: {
    email: "البريد الإلكتروني",
    submit: "أعلمني",
    invalid: "يرجى إدخال بريد إلكتروني صحيح.",
    received: (email: string) => `شكرًا لك. سنرسل رسالة واحدة إلى ${email} عندما يتوفر هذا المنتج من جديد.`,
    confirm: "نعم، أرسلوها",
    confirmed: (email: string) => `تم التأكيد: ستصل إلى ${email}`,
    stop: "إيقاف هذه الرسائل",
    done: (email: string) => `تم: حُذف ${email} من القائمة`,
    unknown: "هذا الرابط لم يعد صالحًا",
    inStock: "متوفر",
  },
  en: {
    email: "E-mail",
    submit: "Notify me",
    invalid: "Please enter a valid email address.",
    received: (email: string) => `Thank you. We will e-mail ${email} once when this product is back in stock.`,
    confirm: "Yes, send them",
    confirmed: (email: string) => `Confirmed: ${email} will get one e-mail`,
    stop: "Stop these e-mails",
    done: (email: string) => `Done: ${email} is off the list`,
    unknown: "This link is not valid any more",
    inStock: "In Stock",
  },
} as const;

async function signUp(page: Page, language: "ar" | "en", email: string) {
  const form = page.getByTestId("stock-notice");
  await form.getByLabel(TEXT[language].email).fill(email);
  await form.getByRole("button", { name: TEXT[language].submit }).click();
}

/** The owner puts units back on sale, as the admin API does it (the same model function as the edit form). */
async function restock(context: BrowserContext, page: Page, baseURL: string, productId: string) {
  await signInAsAdmin(context, baseURL);
  const response = await page.request.put(`/api/admin/products/${productId}`, { data: { stockQuantity: 4, isAvailable: true } });
  expect(response.status()).toBe(200);
  await context.clearCookies({ name: "__admin" });
}

function linkIn(text: string, path: string): string {
  const match = new RegExp(`http://localhost:\\d+${path.replace(/[?]/g, "\\?")}[^\\s]*`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[0];
}

for (const language of ["ar", "en"] as const) {
  test(`a shopper in ${language === "ar" ? "Arabic" : "English"} asks to be told, confirms the address, gets one mail when the owner restocks, and unsubscribes`, async ({
    page,
    context,
    baseURL,
  }) => {
    const t = TEXT[language];
    const product = await createProduct(e2eDatabase(), { stockQuantity: 0, nameEn: uniqueName("Velvet Bow"), nameAr: uniqueName("فيونكة مخملية") });
    const email = uniqueEmail("notify");
    await setLanguage(context, baseURL!, language);
    const javaScript = test.info().project.name === "js";
    await page.goto(`/product/${product.id}`);
    await expect(page.getByTestId("out-of-stock")).toBeVisible();

    // A bad address is the field's error, in the page's language; nothing is saved.
    await signUp(page, language, "someone@example");
    const field = page.getByTestId("stock-notice").getByLabel(t.email);
    await expect(page.getByTestId("stock-notice").getByText(t.invalid)).toBeVisible();
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveValue("someone@example");

    // With JavaScript a fetcher posts and the page stays (a mark left on the window survives); without, the page is new.
    if (javaScript) await page.evaluate(() => Object.assign(window, { stayedHere: true }));
    await signUp(page, language, email.toUpperCase());
    await expect(page.getByTestId("stock-notice-answer")).toContainText(t.received(email));
    if (javaScript) expect(await page.evaluate(() => (window as unknown as { stayedHere?: boolean }).stayedHere)).toBe(true);
    const confirmation = await waitForMail(email);
    // Signing up again answers exactly the same: the page tells no one whether the address was already waiting.
    const firstAnswer = await page.getByTestId("stock-notice-answer").textContent();
    await signUp(page, language, email);
    await expect(page.getByTestId("stock-notice-answer")).toHaveText(firstAnswer!);
    expect(await e2eDatabase().stockNotice.findMany({ where: { productId: product.id }, select: { email: true, language: true } })).toEqual([{ email, language }]);
    await waitForMail(email, 1);

    // The confirmation link asks first; the button confirms.
    await page.goto(linkIn(confirmation.text, "/stock-notices/confirm?token="));
    await expect(page.getByTestId("confirm-message")).toContainText(email);
    await page.getByRole("button", { name: t.confirm }).click();
    await expect(page.getByTestId("confirm-message")).toContainText(t.confirmed(email));

    await restock(context, page, baseURL!, product.id);
    const mail = await waitForMail(email, 2);
    expect(mail.subject).toContain(language === "ar" ? product.nameAr : product.nameEn);
    expect(mail.subject).toContain(language === "ar" ? "متوفر من جديد" : "is back in stock");

    await page.goto(linkIn(mail.text, `/product/${product.id}`));
    await expect(page.getByTestId("stock-label")).toHaveText(t.inStock);
    await expect(page.getByTestId("stock-notice")).toHaveCount(0);

    const unsubscribe = linkIn(mail.text, "/stock-notices/unsubscribe?token=");
    await page.goto(unsubscribe);
    await expect(page.getByTestId("unsubscribe-message")).toContainText(email);
    expect(await e2eDatabase().stockNotice.count({ where: { email } })).toBe(1);
    await page.getByRole("button", { name: t.stop }).click();
    await expect(page.getByTestId("unsubscribe-message")).toContainText(t.done(email));
    expect(await e2eDatabase().stockNotice.count({ where: { email } })).toBe(0);

    await page.goto(unsubscribe);
    await expect(page.getByTestId("unsubscribe-message")).toContainText(t.unknown);
    await expect(page.getByRole("button", { name: t.stop })).toHaveCount(0);
    // Two confirmation mails and one back-in-stock mail, whatever else ran meanwhile (the timed pass, the hook).
    expect(mailCount(email)).toBe(3);
  });
}

test("a shopper signs up for a sold-out colour of a clip whose other colour is in stock: the notice names that variant", async ({ page, context, baseURL }) => {
  const red = { en: "Red", ar: "أحمر" };
  const blue = { en: "Blue", ar: "أزرق" };
  const { product, variants } = await createProductWithOptions(
    e2eDatabase(),
    [{ nameEn: "Colour", values: [red, blue] }],
    [{ optionValues: [red], stockQuantity: 0 }, { optionValues: [blue], stockQuantity: 3 }],
    { nameEn: uniqueName("Notice clip"), nameAr: uniqueName("مشبك التنبيه") },
  );
  const email = uniqueEmail("variant-notify");
  await setLanguage(context, baseURL!, "en");
  await page.goto(`/product/${product.id}?variant=${variants[0].id}`);
  await expect(page.getByTestId("out-of-stock")).toBeVisible();
  await signUp(page, "en", email);
  await expect(page.getByTestId("stock-notice-answer")).toContainText(TEXT.en.received(email));
  // Without JavaScript the page comes back on the same variant, still sold out.
  await expect(page).toHaveURL(new RegExp(`variant=${variants[0].id}`));
  await expect(page.getByTestId("out-of-stock")).toBeVisible();
  expect(await e2eDatabase().stockNotice.findMany({ where: { productId: product.id }, select: { email: true, variantId: true } })).toEqual([{ email, variantId: variants[0].id }]);
});
