import { describe, expect, it } from "vitest";
import { checkoutHref, readStorefrontChoice, storefrontHref } from "~/shared/storefront";

describe("the home page's URL", () => {
  it("reads category, colour, sort and page, falling back to defaults on anything unknown", () => {
    const choice = readStorefrontChoice(new URLSearchParams("category=bows&color=white&sort=price-asc&page=2"));
    expect(choice).toEqual({ categorySlug: "bows", color: "white", sort: "price-asc", page: 2, showAllCategories: false });
    const junk = readStorefrontChoice(new URLSearchParams("category=all&color=red&sort=cheap&page=-3"));
    expect(junk).toEqual({ categorySlug: null, color: null, sort: "default", page: 1, showAllCategories: false });
  });

  it("writes the same choice as the same short URL", () => {
    const choice = readStorefrontChoice(new URLSearchParams("color=&sort=default"));
    expect(storefrontHref(choice)).toBe("/");
    expect(storefrontHref(choice, { categorySlug: "bows", sort: "price-desc" })).toBe("/?category=bows&sort=price-desc");
  });

  it("sends Checkout to /checkout when signed in, else to login marked as from checkout", () => {
    expect(checkoutHref(true)).toBe("/checkout");
    expect(checkoutHref(false)).toBe("/login?from=checkout");
  });
});
