import { expect, test } from "./fixtures";
import { expectThankYou, payByTestCard } from "./storefront-helpers";
import { createCustomer } from "../factories/customer";
import { createOrder } from "../factories/order";
import { createProduct } from "../factories/product";
import { uniqueName } from "../factories/unique";
import { e2eDatabase } from "../support/e2e-database";
import { setCart, setLanguage, setSavedCart, signInAsNewCustomer } from "../support/shopper";

// Issue 43, point 11: the checkout offers a signed-in shopper her last addresses; the thank-you page says "paid"
// and lists the items, the address and a tracking link. Screenshots at 390 px in Arabic and 1280 px in English.
const SHOTS = "test-results/screenshots";

const TEXTS = {
  en: {
    use: "Use this address",
    paid: "Paid: we have received your payment in full.",
    address: "Salmiya, Block 4, Gulf Road 9, Building number 14",
    track: "Track your order",
  },
  ar: {
    use: "استخدم هذا العنوان",
    paid: "تم الدفع: استلمنا المبلغ كاملاً.",
    address: "السالمية، القطعة 4، Gulf Road 9، رقم المبنى 14",
    track: "تتبّع طلبك",
  },
} as const;

async function earlierOrder(customerId: string | null, minutesAgo: number, address: { city: string; street: string; streetNumber: string; block: string }) {
  const order = await createOrder(e2eDatabase(), { customerId, createdAt: new Date(Date.now() - minutesAgo * 60_000) });
  await e2eDatabase().order.update({ where: { id: order.id }, data: address });
}

for (const language of ["ar", "en"] as const) {
  const texts = TEXTS[language];
  const width = language === "ar" ? 390 : 1280;

  test(`the checkout offers the last addresses used, and the thank-you page says paid with the items, address and tracking (${language})`, async ({
    page,
    context,
    baseURL,
    javaScriptEnabled,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await setLanguage(context, baseURL!, language);
    const shopper = await signInAsNewCustomer(context, baseURL!);
    await earlierOrder(shopper.id, 30, { city: "Salmiya", street: "Gulf Road", streetNumber: "9", block: "4" });
    await earlierOrder(shopper.id, 20, { city: "Hawalli", street: "Tunis Street", streetNumber: "12", block: "3" });
    await earlierOrder(shopper.id, 10, { city: "Salmiya", street: "Gulf Road", streetNumber: "9", block: "4" });
    const stranger = await createCustomer(e2eDatabase());
    await earlierOrder(stranger.id, 5, { city: "Jabriya", street: "Stranger Street", streetNumber: "1", block: "1" });
    const product = await createProduct(e2eDatabase(), { stockQuantity: 5, nameEn: uniqueName("Satin Bow"), nameAr: uniqueName("فيونكة ستان") });
    await setSavedCart(shopper.id, [{ productId: product.id, quantity: 2, customTags: [] }]);

    await page.goto("/checkout");
    const choices = page.getByTestId("saved-address");
    // Most recent first, each once, and nobody else's.
    await expect(choices).toHaveCount(2);
    await expect(choices.nth(0)).toContainText(texts.address);
    await expect(choices.nth(1)).toContainText("Tunis Street 12");
    await expect(page.getByTestId("saved-addresses")).not.toContainText("Stranger Street");
    await expect(page.locator('[name="street"]')).toHaveValue("");
    await choices.nth(0).getByText(texts.use).click();
    await expect(page).toHaveURL(/\/checkout\?address=0$/);
    await expect(page.locator('[name="city"]')).toHaveValue("Salmiya");
    await expect(page.locator('[name="street"]')).toHaveValue("Gulf Road");
    await expect(page.locator('[name="streetNumber"]')).toHaveValue("9");
    await expect(page.locator('[name="block"]')).toHaveValue("4");
    await expect(page.locator('[name="buildingNumber"]')).toHaveValue("14");
    await expect(choices.nth(0)).toHaveAttribute("aria-current", "true");
    if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/checkout-saved-addresses-${language}-${width}.png`, fullPage: true });

    await page.getByTestId("pay-button").click();
    await expect(page).toHaveURL(/\/payment\?orderSessionId=ps_/, { timeout: 10_000 });
    const orderNumber = (await page.getByTestId("payment-order-number").textContent())!.trim();
    await payByTestCard(page, { holder: "Noura Al-Sabah" });
    await expectThankYou(page, orderNumber);
    await expect(page.getByTestId("payment-paid")).toHaveText(texts.paid);
    await expect(page.getByTestId("paid-items")).toContainText(language === "en" ? `${product.nameEn} × 2` : `${product.nameAr} × ٢`);
    await expect(page.getByTestId("paid-address")).toHaveText(texts.address);
    await expect(page.getByTestId("track-order")).toHaveText(texts.track);
    await expect(page.getByTestId("track-order")).toHaveAttribute("href", `/view-invoice?orderNumber=${orderNumber}`);
    if (javaScriptEnabled) await page.screenshot({ path: `${SHOTS}/thank-you-${language}-${width}.png`, fullPage: true });

    // A stranger with the number learns that it is paid and where to track it, not what or where.
    const other = await page.context().browser()!.newContext({ baseURL, javaScriptEnabled });
    await setLanguage(other, baseURL!, language);
    const strangerPage = await other.newPage();
    await strangerPage.goto(`/payment-success?orderNumber=${orderNumber}`);
    await expect(strangerPage.getByTestId("payment-paid")).toHaveText(texts.paid);
    await expect(strangerPage.getByTestId("paid-address")).toHaveCount(0);
    await other.close();
  });

  test(`a shopper who is not signed in is offered no saved address (${language})`, async ({ page, context, baseURL }) => {
    await setLanguage(context, baseURL!, language);
    const product = await createProduct(e2eDatabase(), { stockQuantity: 5 });
    await setCart(context, baseURL!, [{ productId: product.id, quantity: 1, customTags: [] }]);
    expect((await page.request.post("/checkout", { form: { intent: "guest" } })).ok()).toBe(true);
    await page.goto("/checkout?address=0");
    await expect(page.getByTestId("pay-button")).toBeVisible();
    await expect(page.getByTestId("saved-addresses")).toHaveCount(0);
    await expect(page.locator('[name="street"]')).toHaveValue("");
  });
}
