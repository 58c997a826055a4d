import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAsAdmin } from "./admin-fixtures";
import { createProduct } from "../factories/product";
import { e2eDatabase } from "../support/e2e-database";
import { setCart, setLanguage } from "../support/shopper";

const SHOTS = "test-results/delivery-areas";

async function addArea(page: Page, nameEn: string, nameAr: string, governorate: string, fee: string) {
  const form = page.getByTestId("new-area");
  await form.getByLabel("Name in English").fill(nameEn);
  await form.getByLabel("Name in Arabic").fill(nameAr);
  await form.getByLabel("Governorate").selectOption(governorate);
  await form.getByLabel("Delivery fee (KD)").fill(fee);
  await form.getByRole("button", { name: "Add an area" }).click();
  await expect(page.locator(`[data-testid="area-row"][data-name="${nameEn}"]`)).toBeVisible();
}

/** The options of the checkout's area list, per governorate, as the shopper reads them. */
async function areaGroups(page: Page) {
  return page.locator('select[name="city"] optgroup').evaluateAll((groups) =>
    groups.map((group) => ({ label: group.getAttribute("label"), options: [...group.querySelectorAll("option")].map((option) => option.textContent ?? "") })),
  );
}

test("the owner adds an area, changes a fee and hides one; the checkout offers it in its governorate, sorted, in both languages", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const run = `${javaScriptEnabled ? "J" : "N"}${Date.now() % 100000}`;
  const added = { en: `Qibla ${run}`, ar: `القبلة ${run}` };
  const hidden = { en: `Shuhada ${run}`, ar: `الشهداء ${run}` };
  await signInAsAdmin(context, baseURL!);
  await setLanguage(context, baseURL!, "en");
  await page.goto("/admin/timsar/delivery-areas");
  await addArea(page, added.en, added.ar, "Capital", "1.9");
  await addArea(page, hidden.en, hidden.ar, "Hawalli", "1.8");

  const row = page.locator(`[data-testid="area-row"][data-name="${added.en}"]`);
  await row.getByLabel("Delivery fee (KD)").fill("2.1");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Delivery area saved.")).toBeVisible();
  await expect(page.locator(`[data-testid="area-row"][data-name="${added.en}"]`).getByLabel("Delivery fee (KD)")).toHaveValue("2.100");
  const hideRow = page.locator(`[data-testid="area-row"][data-name="${hidden.en}"]`);
  await hideRow.getByLabel("Hidden from the checkout").check();
  await hideRow.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(`[data-testid="area-row"][data-name="${hidden.en}"]`).getByLabel("Hidden from the checkout")).toBeChecked();
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/admin-en-1280-${javaScriptEnabled ? "js" : "nojs"}.png` });
  await setLanguage(context, baseURL!, "ar");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/timsar/delivery-areas");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("مناطق التوصيل");
  await page.screenshot({ path: `${SHOTS}/admin-ar-390-${javaScriptEnabled ? "js" : "nojs"}.png` });

  const product = await createProduct(e2eDatabase(), { stockQuantity: 5 });
  await setCart(context, baseURL!, [{ productId: product.id, quantity: 1, customTags: [] }]);
  expect((await page.request.post("/checkout", { form: { intent: "guest" } })).ok()).toBe(true);
  for (const [language, capital, name, fee] of [
    ["en", "Capital", added.en, "2.10 KD"],
    ["ar", "العاصمة", added.ar, "٢٫١٠ د.ك"],
  ] as const) {
    await setLanguage(context, baseURL!, language);
    await page.goto("/checkout");
    const groups = await areaGroups(page);
    const collator = new Intl.Collator(language);
    expect(groups.map((group) => group.label)).toEqual([...groups.map((group) => group.label!)].sort(collator.compare));
    for (const group of groups) expect(group.options).toEqual([...group.options].sort(collator.compare));
    expect(groups.find((group) => group.label === capital)?.options).toContain(`${name} (${fee})`);
    expect(groups.flatMap((group) => group.options).some((option) => option.includes(hidden.en) || option.includes(hidden.ar))).toBe(false);
  }

  if (javaScriptEnabled) {
    const search = page.getByLabel("ابحث عن منطقتك");
    await search.fill("سلمية");
    expect((await areaGroups(page)).flatMap((group) => group.options)).toEqual(["السالمية (١٫٨٠ د.ك)"]);
    await page.screenshot({ path: `${SHOTS}/checkout-ar-390-search.png`, fullPage: false });
    await search.press("Enter");
    await expect(page.locator('select[name="city"]')).toHaveValue("Salmiya");
    await setLanguage(context, baseURL!, "en");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/checkout");
    await page.getByLabel("Search for your area").fill("salm");
    expect((await areaGroups(page)).flatMap((group) => group.options)).toEqual(["Salmiya (1.80 KD)"]);
    await page.locator('select[name="city"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checkout-en-1280-search.png` });
    // Emptied, the search gives back every area.
    await page.getByLabel("Search for your area").fill("");
  } else {
    await page.locator('select[name="city"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checkout-ar-390-nojs.png` });
  }
  await page.locator('select[name="city"]').selectOption(added.en);
  await expect(page.locator('select[name="city"]')).toHaveValue(added.en);
});

test("the area list stays where it is when the page's script arrives; without a script no empty place is kept", async ({ page, context, baseURL, javaScriptEnabled }) => {
  const product = await createProduct(e2eDatabase(), { stockQuantity: 5 });
  await setCart(context, baseURL!, [{ productId: product.id, quantity: 1, customTags: [] }]);
  expect((await page.request.post("/checkout", { form: { intent: "guest" } })).ok()).toBe(true);
  await setLanguage(context, baseURL!, "ar");
  await page.setViewportSize({ width: 390, height: 844 });
  const areaListTop = () => page.evaluate(() => document.querySelector('select[name="city"]')!.getBoundingClientRect().top + window.scrollY);

  if (!javaScriptEnabled) {
    await page.goto("/checkout");
    // The search box needs the script: it is not shown, and no empty place is left for it above the area list.
    await expect(page.getByLabel("ابحث عن منطقتك")).toBeHidden();
    const [blockTop, listFieldTop] = await page.evaluate(() =>
      [".area-select", ".area-select > .field:has(select)"].map((selector) => document.querySelector(selector)!.getBoundingClientRect().top),
    );
    expect(listFieldTop).toBe(blockTop);
    return;
  }

  // The page as the server sent it, measured while the browser entry is held back, then once it has hydrated: on a
  // slow phone the shopper reaches for the list in between, and it must not move down under their finger.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/entry\.client-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  // Not page.goto, which waits for the hydration held back here (tests/e2e/fixtures.ts).
  await page.evaluate((url) => setTimeout(() => location.assign(url)), `${baseURL}/checkout`);
  await page.waitForFunction(() => document.readyState !== "loading" && document.querySelector('select[name="city"]') !== null);
  const before = await areaListTop();
  const searchShown = () => page.evaluate(() => [...document.querySelectorAll(".area-select__search")].some((box) => getComputedStyle(box).visibility === "visible"));
  expect(await searchShown()).toBe(false);
  release();
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await expect(page.getByLabel("ابحث عن منطقتك")).toBeVisible();
  expect(await areaListTop()).toBe(before);
});
