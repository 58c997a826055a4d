import { expect, test } from "./fixtures";
import { chooseLanguage, type Lang } from "./storefront-helpers";

const LEGAL_FACTS = {
  en: {
    terms: ["14 days of delivery", "unused and in their original packaging", "gift", "Delivery and gift-wrapping fees are not refunded", "bring the items to our physical shop", "except for delivery or payment", "Payment is online only", "processed only after its payment has succeeded"],
    headings: ["General information", "Products and pricing", "Payment", "Delivery", "Return and exchange", "Privacy", "Disclaimer"],
  },
  ar: {
    terms: ["خلال 14 يومًا", "غير مستخدم وفي تغليفه الأصلي", "هدية", "ولا تُردّ رسوم التوصيل ولا رسوم تغليف الهدايا", "ثم أحضر المنتجات إلى محلنا", "إلا لغرض التوصيل أو الدفع", "الدفع إلكتروني فقط", "إلا بعد نجاح الدفع"],
    headings: ["معلومات عامة", "المنتجات والأسعار", "الدفع", "التوصيل", "الاسترجاع والاستبدال", "الخصوصية", "إخلاء المسؤولية"],
  },
};

test.describe("terms and privacy", () => {
  for (const lang of ["ar", "en"] as Lang[]) {
    test(`/terms-and-conditions follows the chosen language (${lang}) and carries every fact`, async ({ page, context, baseURL }) => {
      await chooseLanguage(context, baseURL, lang);
      await page.goto("/terms-and-conditions");
      const article = page.getByTestId("legal-page");
      await expect(article).toHaveAttribute("dir", lang === "ar" ? "rtl" : "ltr");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(lang === "ar" ? "الشروط والأحكام" : "Terms and Conditions");
      const headings = await article.getByRole("heading", { level: 2 }).allInnerTexts();
      expect(headings.map((heading) => heading.replace(/^\d+\.\s*/, ""))).toEqual(LEGAL_FACTS[lang].headings);
      for (const fact of LEGAL_FACTS[lang].terms) await expect(article).toContainText(fact);
      await expect(page).toHaveTitle(lang === "ar" ? /الشروط والأحكام/ : /Terms and Conditions/);
    });
  }

  test("/ar/ pages are Arabic and right to left even for a visitor who chose English", async ({ page, context, baseURL }) => {
    await chooseLanguage(context, baseURL, "en");
    await page.goto("/ar/terms-and-conditions");
    const article = page.getByTestId("legal-page");
    await expect(article).toHaveAttribute("lang", "ar");
    await expect(article).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("الشروط والأحكام");
    await page.goto("/ar/privacy-policy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("سياسة الخصوصية");
    await expect(page.getByTestId("legal-page")).toContainText("إلا لغرض التوصيل أو الدفع");
    await page.goto("/privacy-policy");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy Policy");
    await expect(page.getByTestId("legal-page")).toContainText("except for delivery or payment");
  });
});

test.describe("findable", () => {
  test("each page has its own title, description, canonical and hreflang alternates", async ({ page, context, baseURL }) => {
    await page.goto("/product/seed-product-01");
    await expect(page).toHaveTitle(/فيونكة ستان مدرسية/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /ستان/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/product\/seed-product-01$/);
    await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", /^http.*\/product\/seed-product-01\?lang=en$/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
    // The picture a shared link shows is there, as a JPEG.
    const shared = await page.request.get((await page.locator('meta[property="og:image"]').getAttribute("content")) ?? "");
    expect([shared.status(), shared.headers()["content-type"]]).toEqual([200, "image/jpeg"]);
    // The English alternate is English whatever the cookie says.
    await page.goto("/product/seed-product-01?lang=en");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/product\/seed-product-01\?lang=en$/);
    await chooseLanguage(context, baseURL, "en");
    await page.goto("/?category=bows&sort=price-asc");
    await expect(page).toHaveTitle(/Bows/);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/\?category=bows$/);
    await page.goto("/terms-and-conditions");
    await expect(page.locator('link[rel="alternate"][hreflang="ar"]')).toHaveAttribute("href", /\/ar\/terms-and-conditions$/);
  });

  test("sitemap.xml lists visible products and robots.txt points at it", async ({ request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain("/product/seed-product-01</loc>");
    expect(sitemap).toContain("/ar/terms-and-conditions</loc>");
    expect(sitemap).not.toContain("seed-product-hidden");
    expect(sitemap).not.toContain("category=archived");
    const robots = await (await request.get("/robots.txt")).text();
    expect(robots).toMatch(/^Sitemap: http.*\/sitemap\.xml$/m);
  });

  test("every image has its size and an alt text in the page's language", async ({ page }) => {
    await page.goto("/?category=bows");
    const images = page.locator("main img");
    for (const image of await images.all()) {
      await expect(image).toHaveAttribute("width", /\d+/);
      await expect(image).toHaveAttribute("height", /\d+/);
      await expect(image).toHaveAttribute("alt", /.*/);
    }
    await expect(page.locator('[data-product-id="seed-product-01"] img')).toHaveAttribute("alt", "فيونكة ستان مدرسية");
  });
});

test.describe("public catalogue API", () => {
  test("answers the shapes of SPEC section 7 and 404 for hidden items", async ({ request }) => {
    const categories = (await (await request.get("/api/categories")).json()) as { categories: { slug: string; isVisible: boolean }[] };
    expect(categories.categories.map((category) => category.slug)).toContain("hair-accessories");
    expect(categories.categories.map((category) => category.slug)).not.toContain("archived");
    expect((await request.get("/api/categories/archived")).status()).toBe(404);
    const product = (await (await request.get("/api/products/seed-product-03")).json()) as { product: Record<string, unknown> };
    expect(product.product).toMatchObject({ _id: "seed-product-03", price: 2.25, priceBeforeDiscount: 3, hasDiscount: true });
    const hidden = await request.get("/api/products/seed-product-hidden");
    expect(hidden.status()).toBe(404);
    expect(await hidden.json()).toEqual({ message: expect.stringContaining("Product not found") });
  });
});
