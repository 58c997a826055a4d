import { describe, expect, it } from "vitest";
import { checkoutHref, readSearchChoice, readStorefrontChoice, storefrontHref } from "~/shared/storefront";

describe("the home page's URL", () => {
  it("reads category, colour, sort and page, falling back to defaults on anything unknown", () => {
    const choice = readStorefrontChoice(new URLSearchParams("category=bows&color=white&sort=price-asc&page=2"));
    expect(choice).toEqual({ categorySlug: "bows", color: "white", sort: "price-asc", page: 2, showAllCategories: false, query: null });
    expect(readStorefrontChoice(new URLSearchParams("sort=best-sellers")).sort).toBe("best-sellers");
    const junk = readStorefrontChoice(new URLSearchParams("category=all&color=red&sort=cheap&page=-3"));
    expect(junk).toEqual({ categorySlug: null, color: null, sort: "default", page: 1, showAllCategories: false, query: null });
  });

  it("writes the same choice as the same short URL", () => {
    const choice = readStorefrontChoice(new URLSearchParams("color=&sort=default"));
    expect(storefrontHref(choice)).toBe("/");
    expect(storefrontHref(choice, { categorySlug: "bows", sort: "price-desc" })).toBe("/?category=bows&sort=price-desc");
  });

  it("keeps the search page's words, colour, sort and page in its own URL, never a category", () => {
    const choice = readSearchChoice(new URLSearchParams("q=  ربطة شعر &category=bows&color=white&page=2"));
    expect(choice).toMatchObject({ query: "ربطة شعر", categorySlug: null, color: "white", page: 2 });
    expect(storefrontHref(choice, { page: 3 })).toBe("/search?q=%D8%B1%D8%A8%D8%B7%D8%A9+%D8%B4%D8%B9%D8%B1&color=white&page=3");
    expect(readSearchChoice(new URLSearchParams(`q=${"x".repeat(300)}`)).query).toHaveLength(100);
    expect(storefrontHref(readSearchChoice(new URLSearchParams("")))).toBe("/search?q=");
  });

  it("sends Checkout to /checkout when signed in, else to login marked as from checkout", () => {
    expect(checkoutHref(true)).toBe("/checkout");
    expect(checkoutHref(false)).toBe("/login?from=checkout");
  });
});
