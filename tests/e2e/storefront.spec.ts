import { expect, test } from "./fixtures";
import { card, chooseLanguage, expectCartCount, openCart, TEXT, type Lang } from "./storefront-helpers";
import { figure } from "../support/digits";

// Seed facts used here: bows holds seed-product-01..06 (03 is discounted, 06 needs a name); clips-and-pins holds
// 09 (out of stock) and 08; "archived" is a hidden category; seed-product-hidden is a hidden product.

for (const lang of ["ar", "en"] as Lang[]) {
  const text = TEXT[lang];

  test.describe(`home (${lang})`, () => {
    test.beforeEach(async ({ context, baseURL }) => chooseLanguage(context, baseURL, lang));

    test("shows the hero, the category bar with 'all' first and 4 categories, and More / Show Less", async ({ page, javaScriptEnabled }) => {
      await page.goto("/");
      await expect(page.locator("html")).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(page.locator(".hero source")).toHaveAttribute("srcset", "/images/hero-mobile.webp");
      await expect(page.locator(".hero img")).toHaveAttribute("src", "/images/hero-desktop.webp");
      const bar = page.locator("#categories-section");
      await expect(bar.getByRole("heading", { level: 2 })).toHaveText(text.categories);
      const chips = bar.getByTestId("category-chip");
      await expect(chips.first()).toHaveText(text.all);
      await expect(chips.first()).toHaveAttribute("aria-current", "page");
      await expect(chips.filter({ visible: true })).toHaveCount(5);
      await expect(bar).not.toContainText(lang === "ar" ? "مؤرشف" : "Archived");

      const more = bar.getByTestId("categories-more");
      await expect(more).toHaveText(new RegExp(`^${text.more}`));
      await more.click();
      await expect(bar.getByTestId("categories-more")).toHaveText(new RegExp(`^${text.showLess}`));
      // Every chip is shown: the seed's 6 visible categories, plus any an admin test in another worker has just made.
      const allChips = await chips.count();
      expect(allChips).toBeGreaterThanOrEqual(7);
      await expect(chips.filter({ visible: true })).toHaveCount(allChips);
      if (!javaScriptEnabled) await expect(page).toHaveURL(/categories=all/);
      await bar.getByTestId("categories-more").click();
      await expect(chips.filter({ visible: true })).toHaveCount(5);
      await expect(bar.getByTestId("categories-more")).toHaveText(new RegExp(`^${text.more}`));
    });

    test("a category, a colour and a sort live in the URL and the server answers them", async ({ page, request }) => {
      await page.goto("/");
      await page.locator("#categories-section").getByTestId("category-chip").nth(3).click();
      await expect(page).toHaveURL(/\?category=bows$/);
      const bows = ((await (await request.get("/api/products?category=bows")).json()) as { products: { _id: string; filterColor: string }[] }).products;
      await expect(page.getByTestId("product-card")).toHaveCount(bows.length);
      await expect(card(page, "seed-product-hidden")).toHaveCount(0);

      await page.getByLabel(lang === "ar" ? "اللون" : "Colour").selectOption("primaryPink");
      await page.getByRole("button", { name: lang === "ar" ? "تطبيق" : "Apply" }).click();
      await expect(page).toHaveURL(/category=bows.*color=primaryPink|color=primaryPink.*category=bows/);
      const pink = bows.filter((product) => product.filterColor === "primaryPink");
      await expect(page.getByTestId("product-card")).toHaveCount(pink.length);

      await page.goto("/?category=bows&sort=price-asc");
      // The text, not innerText: cards below the screen are laid out only when they come near it (decision 0035).
      const ascending = await page.getByTestId("price").allTextContents();
      const values = ascending.map((value) => Number(value.replace(/[^\d.]/g, "")));
      expect(values).toEqual([...values].sort((a, b) => a - b));
      await page.goto("/?category=bows&sort=price-desc");
      const descending = (await page.getByTestId("price").allTextContents()).map((value) => Number(value.replace(/[^\d.]/g, "")));
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
    });

    test("an empty or filtered-out list says so, and hidden categories show nothing", async ({ page }) => {
      await page.goto("/?category=archived");
      await expect(page.getByTestId("products-empty")).toHaveText(text.empty);
      await page.goto("/?category=school-bags&color=white");
      await expect(page.getByTestId("products-empty")).toHaveText(text.empty);
    });
  });

  test.describe(`product card (${lang})`, () => {
    test.beforeEach(async ({ context, baseURL }) => chooseLanguage(context, baseURL, lang));

    test("shows SALE with the old price struck through, and Out of Stock instead of buttons", async ({ page }) => {
      await page.goto("/?category=bows");
      const discounted = card(page, "seed-product-03");
      await expect(discounted.getByTestId("sale-badge")).toHaveText(text.sale);
      await expect(discounted.locator("s")).toContainText(`${figure("3.00", lang)} ${text.kd}`);
      await expect(discounted.getByTestId("price")).toContainText(`${figure("2.25", lang)} ${text.kd}`);
      await expect(discounted.locator("img")).toHaveAttribute("alt", lang === "ar" ? "فيونكة كحلي كبيرة بذيول" : "Large Navy Bow with Tails");
      await page.goto("/?category=clips-and-pins");
      const soldOut = card(page, "seed-product-09");
      await expect(soldOut.getByTestId("out-of-stock")).toHaveText(text.outOfStock);
      await expect(soldOut.getByRole("button")).toHaveCount(0);
    });

    test("Add to Cart shows 'Added to cart' and counts in the header; Buy Now opens the cart", async ({ page, javaScriptEnabled }) => {
      await page.goto("/?category=clips-and-pins");
      await card(page, "seed-product-08").getByRole("button", { name: new RegExp(`^${text.addToCart}`) }).click();
      await expect(page.getByTestId("toast")).toHaveText(text.added);
      await expectCartCount(page, 1);
      await expect(page).toHaveURL(/\?category=clips-and-pins$/);
      await card(page, "seed-product-08").getByRole("button", { name: new RegExp(`^${text.buyNow}`) }).click();
      const cart = javaScriptEnabled ? page.getByTestId("cart-drawer") : page.locator("main");
      await expect(cart).toBeVisible();
      if (!javaScriptEnabled) await expect(page).toHaveURL(/\/cart$/);
      await expect(cart.getByTestId("cart-item")).toHaveCount(1);
      await expect(cart.getByTestId("cart-item-quantity")).toHaveText(figure("2", lang));
      await expectCartCount(page, 2);
    });

    test("a product needing a name sends the shopper to its page with SPEC's message", async ({ page }) => {
      await page.goto("/?category=bows");
      await card(page, "seed-product-06").getByRole("button", { name: new RegExp(`^${text.addToCart}`) }).click();
      await expect(page).toHaveURL(/\/product\/seed-product-06$/);
      await expect(page.getByTestId("toast")).toHaveText(text.tagsGridAdd);
      await expectCartCount(page, 0);
    });
  });

  test.describe(`product page (${lang})`, () => {
    test.beforeEach(async ({ context, baseURL }) => chooseLanguage(context, baseURL, lang));

    test("shows name, description, price with discount, stock, thumbnails and structured data", async ({ page }) => {
      const response = await page.goto("/product/seed-product-03");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "ar" ? "فيونكة كحلي كبيرة بذيول" : "Large Navy Bow with Tails");
      await expect(page.locator(".product-page__description")).toContainText(lang === "ar" ? "فيونكة كبيرة" : "A generous bow");
      await expect(page.getByTestId("old-price")).toContainText(`${figure("3.00", lang)} ${text.kd}`);
      await expect(page.getByTestId("sale-badge")).toHaveText(text.sale);
      await expect(page.getByTestId("stock-label")).toHaveText(text.inStock);
      const thumbs = page.getByTestId("thumbnail");
      await expect(thumbs).toHaveCount(4);
      await expect(thumbs.first().locator("img")).toHaveAttribute("src", "/uploads/catalogue/seed-product-03-main.webp");
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
        "@type": string;
        offers: { priceCurrency: string; price: string; availability: string }[];
      };
      expect(jsonLd["@type"]).toBe("Product");
      // One offer per variant a shopper can choose (issue 46); a product without options is its own one.
      expect(jsonLd.offers).toEqual([expect.objectContaining({ priceCurrency: "KWD", price: "2.250", availability: "https://schema.org/InStock" })]);
    });

    test("a thumbnail shows its picture, and the zoom opens and closes from the keyboard", async ({ page, javaScriptEnabled }) => {
      await page.goto("/product/seed-product-03");
      await page.getByTestId("thumbnail").nth(2).click();
      await expect(page.getByTestId("main-image")).toHaveAttribute("src", "/uploads/catalogue/seed-product-03-gallery-2.webp");
      const zoom = page.getByTestId("zoom-open");
      if (!javaScriptEnabled) {
        await expect(zoom).toHaveAttribute("href", "/uploads/catalogue/seed-product-03-gallery-2.webp");
        return;
      }
      await zoom.focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("zoom-overlay")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByTestId("zoom-overlay")).toBeHidden();
      await expect(zoom).toBeFocused();
    });

    test("Out of Stock and a real 404 for missing or hidden products", async ({ page }) => {
      await page.goto("/product/seed-product-09");
      await expect(page.getByTestId("stock-label")).toHaveText(lang === "ar" ? "غير متوفر" : "Out of Stock");
      await expect(page.getByTestId("add-to-cart")).toHaveCount(0);
      for (const id of ["no-such-product", "seed-product-hidden"]) {
        const response = await page.goto(`/product/${id}`);
        expect(response?.status()).toBe(404);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.notFound);
      }
    });

    test("a required custom tag blocks adding; filled in, the value travels with the item", async ({ page, javaScriptEnabled }) => {
      await page.goto("/product/seed-product-06");
      const input = page.getByTestId("custom-tag-input");
      await expect(input).toHaveAttribute("aria-required", "true");
      await expect(page.locator("label[for='tag-0']")).toContainText(lang === "ar" ? "مطلوب" : "required");
      await page.getByTestId("add-to-cart").click();
      await expect(page.getByTestId("toast")).toHaveText(text.tagsProduct);
      await expectCartCount(page, 0);
      await page.getByTestId("custom-tag-input").fill("Sara");
      await page.getByTestId("add-to-cart").click();
      await expect(page.getByTestId("toast")).toHaveText(text.added);
      await expectCartCount(page, 1);
      const cart = await openCart(page, javaScriptEnabled);
      await expect(cart.getByTestId("cart-item")).toContainText("Sara");
    });
  });
}
