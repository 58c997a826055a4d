import { readPageParam } from "./paging";
import { isFilterColor, type FilterColor } from "./product";

/**
 * The home grid's choices live in the URL (?category=&color=&sort=&page=), so they can be shared and bookmarked;
 * the search page's too (/search?q=&color=&sort=&page=), where "default" sorts by relevance. "best-sellers" ranks
 * by units sold in paid orders of the last 90 days, ties in the default order. The sorts' labels come from the
 * loaders (`pageTexts.sorts`), so a new sort costs the home page's JavaScript no text (decision 0021).
 */
export const PRODUCT_SORTS = ["default", "price-asc", "price-desc", "best-sellers"] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The longest search the shop reads (characters); longer input is cut, never refused. */
export const MAX_SEARCH_LENGTH = 100;

/** SPEC section 3's synthetic first category. */
export const ALL_CATEGORY_SLUG = "all";

/** How many categories the bar shows before "More" (SPEC section 9). */
export const CATEGORIES_BEFORE_EXPANSION = 4;

export type StorefrontChoice = {
  categorySlug: string | null;
  color: FilterColor | null;
  sort: ProductSort;
  page: number;
  showAllCategories: boolean;
  /** The search page's words as typed, or null on the home page. */
  query: string | null;
};

/** Reads the choice from the URL; anything unknown falls back to the default instead of failing. */
export function readStorefrontChoice(searchParams: URLSearchParams): StorefrontChoice {
  const category = searchParams.get("category");
  const color = searchParams.get("color");
  const sort = searchParams.get("sort");
  return {
    categorySlug: category && category !== ALL_CATEGORY_SLUG && /^[a-z0-9-]{1,80}$/.test(category) ? category : null,
    color: isFilterColor(color) ? color : null,
    sort: (PRODUCT_SORTS as readonly string[]).includes(sort ?? "") ? (sort as ProductSort) : "default",
    page: readPageParam(searchParams, "page"),
    showAllCategories: searchParams.get("categories") === "all",
    query: null,
  };
}

/** The search page's choice: the words (cut to MAX_SEARCH_LENGTH), a colour, a sort and a page; no category. */
export function readSearchChoice(searchParams: URLSearchParams): StorefrontChoice {
  const query = (searchParams.get("q") ?? "").slice(0, MAX_SEARCH_LENGTH).trim();
  return { ...readStorefrontChoice(searchParams), categorySlug: null, showAllCategories: false, query };
}

/** The URL of a choice, leaving defaults out so the same choice always has the same URL. */
export function storefrontHref(choice: StorefrontChoice, change: Partial<StorefrontChoice> = {}): string {
  const next = { ...choice, ...change };
  const params = new URLSearchParams();
  if (next.query !== null) params.set("q", next.query);
  if (next.categorySlug) params.set("category", next.categorySlug);
  if (next.color) params.set("color", next.color);
  if (next.sort !== "default") params.set("sort", next.sort);
  if (next.page > 1) params.set("page", String(next.page));
  if (next.showAllCategories) params.set("categories", "all");
  const path = next.query !== null ? "/search" : "/";
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The cart's Checkout: signed-in shoppers go straight on, others log in first, marked as coming from checkout. */
export function checkoutHref(isSignedIn: boolean): string {
  return isSignedIn ? "/checkout" : "/login?from=checkout";
}
