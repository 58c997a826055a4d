import type { FilterColor } from "~/shared/product";
import { normalizeSearchText, searchWords } from "~/shared/search-text";
import type { ProductSort } from "~/shared/storefront";
import { cachedCatalogue } from "~/models/shop/index.server";
import { variantHasColor } from "./filter-colors.server";
import { loadProductRatings } from "./product-rating.server";
import { getSalesRanks, getVisibleProducts, listingPage, STOREFRONT_PAGE_SIZE, type ProductCard, type ProductDetail } from "./product.server";

/**
 * Search over the visible catalogue, in memory (decision 0023), through an index built once per catalogue version
 * (the catalogue cache drops it when anything changes): every distinct word of the products' normalised names and
 * descriptions (app/shared/search-text.ts), with the products it appears in. A search word is compared with the
 * distinct words, not with every product, and only the products of the words it matches are scored; the price
 * orders are sorted once. So a search costs about a tenth of a millisecond for 5,000 products, even for a word
 * that matches them all.
 *
 * Scores: a whole word of the name 10, the start of a name word 6, elsewhere in a name word 4, the start of a
 * description word 2, elsewhere in it 1; every search word must match, and the whole phrase in the name adds 5.
 */
type Index = {
  /** the visible products, in the home page's order (newest first): a product is its position here */
  products: ProductDetail[];
  names: string[];
  words: string[];
  /** for each distinct word, the products whose name has it, and those whose description has it */
  inNames: number[][];
  inDescriptions: number[][];
  /** the products by price, cheapest first and dearest first, ties in the home page's order */
  cheapestFirst: Int32Array;
  dearestFirst: Int32Array;
  /** the scores of recent search words: shoppers type the same few words */
  recentWords: Map<string, Uint8Array>;
};

const RECENT_WORDS = 200;

function buildIndex(products: ProductDetail[]): Index {
  const wordIds = new Map<string, number>();
  const index: Index = {
    products,
    names: [],
    words: [],
    inNames: [],
    inDescriptions: [],
    cheapestFirst: new Int32Array(0),
    dearestFirst: new Int32Array(0),
    recentWords: new Map(),
  };
  const note = (text: string, lists: number[][], product: number) => {
    for (const word of new Set(text.split(" "))) {
      if (!word) continue;
      let id = wordIds.get(word);
      if (id === undefined) {
        id = index.words.push(word) - 1;
        wordIds.set(word, id);
        index.inNames.push([]);
        index.inDescriptions.push([]);
      }
      lists[id].push(product);
    }
  };
  products.forEach((product, position) => {
    const name = normalizeSearchText(`${product.nameEn} ${product.nameAr}`);
    index.names.push(name);
    note(name, index.inNames, position);
    note(normalizeSearchText(`${product.descriptionEn} ${product.descriptionAr}`), index.inDescriptions, position);
  });
  const positions = products.map((_, position) => position);
  index.cheapestFirst = Int32Array.from([...positions].sort((a, b) => products[a].priceFils - products[b].priceFils || a - b));
  index.dearestFirst = Int32Array.from([...positions].sort((a, b) => products[b].priceFils - products[a].priceFils || a - b));
  return index;
}

async function searchIndex(): Promise<Index> {
  return cachedCatalogue("search-index", async () => buildIndex(await getVisibleProducts(null)));
}

/** How well one search word matches each product (0: not at all), from the distinct words it matches. */
function wordScores(index: Index, word: string): Uint8Array {
  const recent = index.recentWords.get(word);
  if (recent) return recent;
  const scores = new Uint8Array(index.products.length);
  index.words.forEach((candidate, id) => {
    const starts = candidate.startsWith(word);
    if (!starts && !candidate.includes(word)) return;
    const inName = candidate === word ? 10 : starts ? 6 : 4;
    for (const product of index.inNames[id]) if (scores[product] < inName) scores[product] = inName;
    const inDescription = starts ? 2 : 1;
    for (const product of index.inDescriptions[id]) if (scores[product] < inDescription) scores[product] = inDescription;
  });
  if (index.recentWords.size >= RECENT_WORDS) index.recentWords.delete(index.recentWords.keys().next().value as string);
  index.recentWords.set(word, scores);
  return scores;
}

export type SearchQuery = { text: string; color: FilterColor | null; sort: ProductSort; page: number; categoryId?: string | null };

/** The visible products matching every word of `text`, best first (or by price, or by units sold), with the colour filter. */
export async function searchVisibleProducts(query: Omit<SearchQuery, "page">): Promise<ProductDetail[]> {
  const words = searchWords(query.text);
  if (words.length === 0) return [];
  const index = await searchIndex();
  const { products } = index;
  const perWord = words.map((word) => wordScores(index, word));
  const phrase = words.length > 1 ? words.join(" ") : null;
  const scores = new Uint8Array(products.length);
  for (let position = 0; position < products.length; position++) {
    const product = products[position];
    if (query.color && product.filterColor !== query.color && !product.variants.some((variant) => variantHasColor(variant.optionValues, query.color!))) continue;
    if (query.categoryId && product.categoryId !== query.categoryId) continue;
    let score = 0;
    for (const wordScore of perWord) {
      if (wordScore[position] === 0) {
        score = 0;
        break;
      }
      score += wordScore[position];
    }
    if (score > 0 && phrase && index.names[position].includes(phrase)) score += 5;
    scores[position] = score;
  }
  const found = (order: Iterable<number>) => {
    const matches: number[] = [];
    for (const position of order) if (scores[position] > 0) matches.push(position);
    return matches;
  };
  let order: number[];
  if (query.sort === "price-asc" || query.sort === "price-desc") {
    // Walked in an order already by price (ties in the home page's order), so the sort only moves the best matches
    // first among equal prices, in one pass over runs that are already sorted.
    const direction = query.sort === "price-asc" ? 1 : -1;
    order = found(direction === 1 ? index.cheapestFirst : index.dearestFirst).sort(
      (a, b) => direction * (products[a].priceFils - products[b].priceFils) || scores[b] - scores[a] || a - b,
    );
  } else {
    order = bestFirst(found(products.keys()), scores);
    if (query.sort === "best-sellers") {
      const units = await getSalesRanks();
      order.sort((a, b) => (units.get(products[b].id) ?? 0) - (units.get(products[a].id) ?? 0));
    }
  }
  return order.map((position) => products[position]);
}

/** The matches (in the home page's order) by score, best first, a stable counting sort: ties keep that order. */
function bestFirst(matches: number[], scores: Uint8Array): number[] {
  const counts = new Uint32Array(256);
  for (const position of matches) counts[255 - scores[position]]++;
  let start = 0;
  for (let slot = 0; slot < 256; slot++) {
    const count = counts[slot];
    counts[slot] = start;
    start += count;
  }
  const sorted = new Array<number>(matches.length);
  for (const position of matches) sorted[counts[255 - scores[position]]++] = position;
  return sorted;
}

/** One page of search results for the search page, as the home grid pages its products. */
export async function searchStorefrontProducts(query: SearchQuery): Promise<{ products: ProductCard[]; total: number; pageCount: number }> {
  const found = await searchVisibleProducts(query);
  const start = (query.page - 1) * STOREFRONT_PAGE_SIZE;
  const shown = found.slice(start, start + STOREFRONT_PAGE_SIZE);
  // A card shows its product's stars, as the home grid's do (CONTRACT.md "Reviews"): one grouped read for the page.
  const ratings = await loadProductRatings(shown.map((product) => product.id));
  const products = shown.map((product) => ({
    id: product.id,
    nameEn: product.nameEn,
    nameAr: product.nameAr,
    priceFils: product.priceFils,
    priceBeforeDiscountFils: product.priceBeforeDiscountFils,
    hasDiscount: product.hasDiscount,
    stockQuantity: product.stockQuantity,
    isAvailable: product.isAvailable,
    imageUrl: product.imageUrl,
    hasOptions: product.hasOptions,
    priceFrom: product.hasOptions && product.variants.some((variant) => variant.priceFils !== product.priceFils),
    ...(ratings.get(product.id)?.count ? { rating: ratings.get(product.id) } : {}),
  }));
  return listingPage({ products, total: found.length, pageCount: Math.max(1, Math.ceil(found.length / STOREFRONT_PAGE_SIZE)) });
}
