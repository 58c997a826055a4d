import { expect, test } from "./fixtures";
import { card, chooseLanguage, type Lang } from "./storefront-helpers";

// Seed facts used here: seed-product-03 is "Large Navy Bow with Tails" / "فيونكة كحلي كبيرة بذيول".
const SEARCH = {
  ar: {
    box: "بحث",
    button: "بحث",
    // Spelt as shoppers type it: teh marbuta as heh, yeh as alef maqsura, with a tatweel.
    words: "فيونكه كحلى كبـيرة",
    title: (words: string) => `بحث: ${words}`,
    noResults: /لا توجد منتجات تطابق «لا شيء هنا»/,
    nothing: "لا شيء هنا",
    sort: "السعر: من الأقل إلى الأعلى",
    apply: "تطبيق",
  },
  en: {
    box: "Search",
    button: "Search",
    words: "navy TAILS",
    title: (words: string) => `Search: ${words}`,
    noResults: /No products match “nothing here”/,
    nothing: "nothing here",
    sort: "Price: low to high",
    apply: "Apply",
  },
} as const;

for (const lang of ["ar", "en"] as Lang[]) {
  const text = SEARCH[lang];

  test.describe(`search (${lang})`, () => {
    test.beforeEach(async ({ context, baseURL }) => chooseLanguage(context, baseURL, lang));

    test("the search box finds a product however it is spelt, and says when nothing matches", async ({ page }) => {
      await page.goto("/product/seed-product-01");
      const box = page.getByRole("searchbox", { name: text.box });
      await box.fill(text.words);
      await box.press("Enter");
      await expect(page).toHaveURL(/\/search\?q=/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.title(text.words));
      await expect(page.getByRole("searchbox", { name: text.box })).toHaveValue(text.words);
      await expect(page.getByTestId("product-grid").locator("[data-product-id]").first()).toHaveAttribute("data-product-id", "seed-product-03");
      await expect(card(page, "seed-product-03")).toBeVisible();

      await page.getByRole("searchbox", { name: text.box }).fill(text.nothing);
      await page.getByRole("search").getByRole("button", { name: text.button }).click();
      await expect(page.getByTestId("products-empty")).toHaveText(text.noResults);
    });

    test("the sort on the search page keeps the words", async ({ page, javaScriptEnabled }) => {
      await page.goto("/search?q=bow");
      await page.getByLabel(lang === "ar" ? "الترتيب حسب" : "Sort by").selectOption({ label: text.sort });
      if (!javaScriptEnabled) await page.getByRole("button", { name: text.apply }).click();
      await expect(page).toHaveURL(/\/search\?q=bow&(color=&)?sort=price-asc/);
      // With JavaScript the address changes as the navigation commits, a moment before React shows the sorted
      // grid: read until it does. The text, not innerText: cards below the screen are laid out only when they come
      // near it (decision 0035).
      await expect(async () => {
        const prices = (await page.getByTestId("price").allTextContents()).map((value) => Number(value.replace(/[^\d.]/g, "")));
        expect(prices.length).toBeGreaterThan(1);
        expect(prices).toEqual([...prices].sort((a, b) => a - b));
      }).toPass({ timeout: 7000 });
    });
  });
}
