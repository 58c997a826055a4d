import { expect, test } from "./fixtures";
import { createDeliveryArea } from "../factories/delivery-area";
import { createProduct } from "../factories/product";
import { e2eDatabase } from "../support/e2e-database";
import { setCart, setLanguage } from "../support/shopper";

// Issue 43 (3): the checkout's phone field stopped at 8 characters, so "+965 5123 4567" was kept as 96551234.
test("a phone typed with +965 and spaces is kept whole in the field and stored as its 8 digits", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const db = e2eDatabase();
  const product = await createProduct(db, { stockQuantity: 5 });
  const city = await createDeliveryArea(db, 1800);
  await setLanguage(context, baseURL!, "en");
  await setCart(context, baseURL!, [{ productId: product.id, quantity: 1, customTags: [] }]);
  expect((await page.request.post("/checkout", { form: { intent: "guest" } })).ok()).toBe(true);
  await page.goto("/checkout");

  const email = `phone-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}@example.com`;
  await page.getByTestId("building-Villa").check({ force: true });
  await page.locator('[name="fullName"]').fill("Sara Ahmad");
  await page.locator('[name="email"]').fill(email);
  const phone = page.locator('[name="phone"]');
  // Typed key by key, as a shopper does, so whatever the field does on input runs.
  await phone.pressSequentially("+965 5123 4567");
  await expect(phone).toHaveValue("+965 5123 4567");
  await page.locator('[name="city"]').selectOption(city);
  await page.locator('[name="street"]').fill("Tunis Street");
  await page.locator('[name="streetNumber"]').fill("12");
  await page.locator('[name="block"]').fill("3");
  await page.locator('[name="buildingNumber"]').fill("7");
  await page.getByTestId("pay-button").click();
  await expect(page).toHaveURL(/\/payment\?orderSessionId=ps_/, { timeout: 10_000 });
  expect(await db.order.findFirstOrThrow({ where: { email }, select: { phone: true } })).toEqual({ phone: "51234567" });
});

test("a pasted number that is not a Kuwaiti phone is refused with the field's message, not cut to fit", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const db = e2eDatabase();
  const product = await createProduct(db, { stockQuantity: 5 });
  const city = await createDeliveryArea(db, 1800);
  await setLanguage(context, baseURL!, "ar");
  await setCart(context, baseURL!, [{ productId: product.id, quantity: 1, customTags: [] }]);
  expect((await page.request.post("/checkout", { form: { intent: "guest" } })).ok()).toBe(true);
  await page.goto("/checkout");
  const email = `phone-bad-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}@example.com`;
  await page.getByTestId("building-Villa").check({ force: true });
  await page.locator('[name="fullName"]').fill("سارة أحمد");
  await page.locator('[name="email"]').fill(email);
  await page.locator('[name="phone"]').fill("+965 5123 45678");
  await expect(page.locator('[name="phone"]')).toHaveValue("+965 5123 45678");
  await page.locator('[name="city"]').selectOption(city);
  await page.locator('[name="street"]').fill("شارع تونس");
  await page.locator('[name="streetNumber"]').fill("12");
  await page.locator('[name="block"]').fill("3");
  await page.locator('[name="buildingNumber"]').fill("7");
  if (javaScriptEnabled) {
    // The browser's own check holds Pay back and names the field once it was touched: the field is left again here
    // (a blur of a field that no longer has the focus is no event, and the other fields' fills may have come first).
    await page.locator('[name="phone"]').focus();
    await page.locator('[name="phone"]').blur();
  } else {
    await page.getByTestId("pay-button").click();
  }
  await expect(page.getByText("يرجى إدخال رقم هاتف كويتي صحيح (٨ أرقام، يبدأ بـ ٥ أو ٦ أو ٩).")).toBeVisible();
  expect(await db.order.count({ where: { email } })).toBe(0);
});
