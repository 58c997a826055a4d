import type { FilterColor } from "~/shared/product";
import { normalizeSearchText, searchWords } from "~/shared/search-text";
import type { ProductSort } from "~/shared/storefront";
import { cachedCatalogue } from "./catalogue-cache.server";
import { getSalesRanks, getVisibleProducts, STOREFRONT_PAGE_SIZE, type ProductCard, type ProductDetail } from "./product.server";

/**
 * Search over the visible catalogue, in memory: the products are read once per catalogue version (the catalogue
 * cache drops them when anything changes) and their names and descriptions normalised once
 * (app/shared/search-text.ts), so a search is a scan of prepared strings, a few milliseconds for 5,000 products on
 * either database, with Arabic spelling variants matched alike.
 */
type Entry = { product: ProductDetail; order: number; nameWords: string[]; name: string; description: string };

async function searchIndex(): Promise<Entry[]> {
  return cachedCatalogue("search-index", async () =>
    (await getVisibleProducts(null)).map((product, order) => {
      const name = normalizeSearchText(`${product.nameEn} ${product.nameAr}`);
      return {
        product,
        order,
        name,
        nameWords: name.split(" "),
        description: normalizeSearchText(`${product.descriptionEn} ${product.descriptionAr}`),
      };
    }),
  );
}

/** How well one word matches a product: a whole word of its name counts most, its description least; 0 is no match. */
function wordScore(entry: Entry, word: string): number {
  if (entry.nameWords.includes(word)) return 10;
  if (entry.nameWords.some((nameWord) => nameWord.startsWith(word))) return 6;
  if (entry.name.includes(word)) return 4;
  if (entry.description.startsWith(word) || entry.description.includes(` ${word}`)) return 2;
  if (entry.description.includes(word)) return 1;
  return 0;
}

export type SearchQuery = { text: string; color: FilterColor | null; sort: ProductSort; page: number; categoryId?: string | null };
type Match = { entry: Entry; score: number };

/** The visible products matching every word of `text`, best first (or by price), with the colour filter. */
export async function searchVisibleProducts(query: Omit<SearchQuery, "page">): Promise<ProductDetail[]> {
  const words = searchWords(query.text);
  if (words.length === 0) return [];
  const phrase = words.join(" ");
  const matches: Match[] = [];
  for (const entry of await searchIndex()) {
    if (query.color && entry.product.filterColor !== query.color) continue;
    if (query.categoryId && entry.product.categoryId !== query.categoryId) continue;
    let score = 0;
    for (const word of words) {
      const points = wordScore(entry, word);
      if (points === 0) {
        score = 0;
        break;
      }
      score += points;
    }
    if (score === 0) continue;
    if (words.length > 1 && entry.name.includes(phrase)) score += 5;
    matches.push({ entry, score });
  }
  const byRelevance = (a: Match, b: Match) => b.score - a.score || a.entry.order - b.entry.order;
  const byPrice = (direction: 1 | -1) => (a: Match, b: Match) =>
    direction * (a.entry.product.priceFils - b.entry.product.priceFils) || byRelevance(a, b);
  const units = query.sort === "best-sellers" ? await getSalesRanks() : null;
  const byUnits = (a: Match, b: Match) => (units?.get(b.entry.product.id) ?? 0) - (units?.get(a.entry.product.id) ?? 0) || byRelevance(a, b);
  matches.sort(query.sort === "price-asc" ? byPrice(1) : query.sort === "price-desc" ? byPrice(-1) : units ? byUnits : byRelevance);
  return matches.map((match) => match.entry.product);
}

/** One page of search results for the search page, as the home grid pages its products. */
export async function searchStorefrontProducts(query: SearchQuery): Promise<{ products: ProductCard[]; total: number; pageCount: number }> {
  const found = await searchVisibleProducts(query);
  const start = (query.page - 1) * STOREFRONT_PAGE_SIZE;
  const products = found.slice(start, start + STOREFRONT_PAGE_SIZE).map((product) => ({
    id: product.id,
    nameEn: product.nameEn,
    nameAr: product.nameAr,
    priceFils: product.priceFils,
    priceBeforeDiscountFils: product.priceBeforeDiscountFils,
    hasDiscount: product.hasDiscount,
    stockQuantity: product.stockQuantity,
    isAvailable: product.isAvailable,
    imageUrl: product.imageUrl,
  }));
  return { products, total: found.length, pageCount: Math.max(1, Math.ceil(found.length / STOREFRONT_PAGE_SIZE)) };
}
