import { prisma } from "~/db.server";
import { Prisma } from "~/generated/prisma/client";
import type { FilterColor } from "~/shared/product";
import { kuwaitDayStart, todayInKuwait } from "~/shared/admin-dates";
import type { ProductSort } from "~/shared/storefront";
import { cachedCatalogue } from "~/models/shop/index.server";
import { loadProductRatings, type ProductRating } from "./product-rating.server";
import { variantHasColor } from "./filter-colors.server";
import { OPTIONS_AND_VARIANTS, optionTexts, type SaleVariant } from "./product-variant.server";

/** What a shopper may see: the product and its category are both visible. */
export const VISIBLE: Prisma.ProductWhereInput = { isVisible: true, category: { isVisible: true } };

const CARD_FIELDS = {
  id: true,
  nameEn: true,
  nameAr: true,
  priceFils: true,
  priceBeforeDiscountFils: true,
  hasDiscount: true,
  stockQuantity: true,
  isAvailable: true,
  imageUrl: true,
  hasOptions: true,
} satisfies Prisma.ProductSelect;

const DETAIL_FIELDS = {
  ...CARD_FIELDS,
  descriptionEn: true,
  descriptionAr: true,
  isNewArrival: true,
  colorNameEn: true,
  colorNameAr: true,
  colorLevelEn: true,
  colorLevelAr: true,
  filterColor: true,
  categoryId: true,
  isVisible: true,
  updatedAt: true,
  gallery: { select: { url: true }, orderBy: { position: "asc" } },
  customTags: { select: { titleEn: true, titleAr: true, required: true }, orderBy: { position: "asc" } },
  ...OPTIONS_AND_VARIANTS,
} satisfies Prisma.ProductSelect;

export type ProductCard = Prisma.ProductGetPayload<{ select: typeof CARD_FIELDS }> & { priceFrom?: boolean; rating?: ProductRating };

/**
 * Cards of products whose variants differ in price say "from" before the lowest (issue 31): one query for the
 * page's products with options, none when it has none.
 */
async function withPriceFrom(products: ProductCard[]): Promise<ProductCard[]> {
  const ids = products.filter((product) => product.hasOptions).map((product) => product.id);
  // A card shows its product's stars too (issue 47): one grouped read for the page's cards.
  const [prices, ratings] = await Promise.all([
    ids.length ? prisma.productVariant.findMany({ where: { productId: { in: ids }, isHidden: false }, select: { productId: true, priceFils: true } }) : [],
    loadProductRatings(products.map((product) => product.id)),
  ]);
  return products.map((product) => {
    const rating = ratings.get(product.id);
    const rated = rating && rating.count > 0 ? { ...product, rating } : product;
    return product.hasOptions ? { ...rated, priceFrom: prices.some((row) => row.productId === product.id && row.priceFils !== product.priceFils) } : rated;
  });
}
export type ProductDetail = Prisma.ProductGetPayload<{ select: typeof DETAIL_FIELDS }>;

export const STOREFRONT_PAGE_SIZE = 12;

const ORDER_BY: Record<ProductSort, Prisma.ProductOrderByWithRelationInput[]> = {
  default: [{ createdAt: "desc" }, { id: "asc" }],
  "price-asc": [{ priceFils: "asc" }, { id: "asc" }],
  "price-desc": [{ priceFils: "desc" }, { id: "asc" }],
  // ranked by sales after reading (byUnitsSold); this is the order among equals
  "best-sellers": [{ createdAt: "desc" }, { id: "asc" }],
};

/** How far back the storefront's "Best sellers" sort counts sales. */
export const BEST_SELLERS_SORT_DAYS = 90;

/**
 * Units each product sold in paid orders placed from `since` until `before`, for the storefront's "Best sellers" sort: the same
 * grouped pass as the report's, over the covering indexes. Products without sales are absent.
 */
export async function getUnitsSoldSince(since: Date, before: Date): Promise<Map<string, number>> {
  const rows = await prisma.$queryRaw<{ productId: string | null; units: number | bigint }[]>`
    SELECT i."productId" AS "productId", SUM(i."quantity") AS "units"
    FROM "OrderItem" i JOIN "Order" o ON o."id" = i."orderId"
    WHERE o."paymentStatus" = 'paid' AND o."createdAt" >= ${since} AND o."createdAt" < ${before}
    GROUP BY i."productId"`;
  return new Map(rows.flatMap((row) => (row.productId === null ? [] : [[row.productId, Number(row.units)] as const])));
}

/**
 * Units each product sold over the BEST_SELLERS_SORT_DAYS whole Kuwait days before today, kept with the catalogue:
 * a daily ranking, computed once a day (and after a change to an earlier day's sales), whichever request asks
 * first. Today's sales wait for midnight, so a paid order does not empty every listing's cache (decision 0059).
 */
export function getSalesRanks(now = new Date()): Promise<Map<string, number>> {
  const today = todayInKuwait(now);
  const before = kuwaitDayStart(today);
  const since = new Date(before.getTime() - BEST_SELLERS_SORT_DAYS * 24 * 60 * 60 * 1000);
  return cachedCatalogue(`sales-ranks:${today}`, () => getUnitsSoldSince(since, before), "list");
}

/** Most units sold first; the sort is stable, so equals keep the order they came in (the default order). */
export function byUnitsSold<T extends { id: string }>(products: T[], units: Map<string, number>): T[] {
  return [...products].sort((a, b) => (units.get(b.id) ?? 0) - (units.get(a.id) ?? 0));
}

export type StorefrontQuery = { categorySlug: string | null; color: FilterColor | null; sort: ProductSort; page: number };

/**
 * One page of the home grid. The page is capped by STOREFRONT_PAGE_SIZE so a catalogue of thousands renders as
 * fast as a small one; the filters match the (isVisible, filterColor / priceFils / createdAt) indexes.
 */
export async function getStorefrontProducts(query: StorefrontQuery) {
  return cachedCatalogue(`storefront:${JSON.stringify(query)}`, async () => listingPage(await loadStorefrontProducts(query)), "list");
}

/**
 * A listing shows whether a product is for sale, not how many are left: its cards say 1 or 0, so a listing follows
 * the listing version, which a sale that leaves a product on sale does not move (decision 0059).
 */
export function listingPage<T extends { products: ProductCard[] }>(page: T): T {
  return { ...page, products: page.products.map((product) => ({ ...product, stockQuantity: product.stockQuantity > 0 ? 1 : 0 })) };
}

/**
 * The colour filter's products: the product's own colour, or one of its shown variants' values naming it (issue 43).
 * The values are JSON, which SQLite and PostgreSQL query differently: the visible variants' values are read and
 * matched here, once per cached listing.
 */
async function colorFilter(color: FilterColor): Promise<Prisma.ProductWhereInput> {
  const variants = await prisma.productVariant.findMany({
    where: { isHidden: false, product: { ...VISIBLE, hasOptions: true } },
    select: { productId: true, optionValues: true },
  });
  const ids = [...new Set(variants.filter((variant) => variantHasColor(variant.optionValues, color)).map((variant) => variant.productId))];
  return ids.length ? { OR: [{ filterColor: color }, { id: { in: ids } }] } : { filterColor: color };
}

async function loadStorefrontProducts(query: StorefrontQuery) {
  const where: Prisma.ProductWhereInput = {
    ...VISIBLE,
    ...(query.categorySlug ? { category: { isVisible: true, slug: query.categorySlug } } : {}),
    ...(query.color ? await colorFilter(query.color) : {}),
  };
  if (query.sort === "best-sellers") {
    // Ranks live outside the database's ordering: the page is cut from every matching id, then read in full.
    const [matching, units] = await Promise.all([prisma.product.findMany({ where, orderBy: ORDER_BY.default, select: { id: true } }), getSalesRanks()]);
    const start = (query.page - 1) * STOREFRONT_PAGE_SIZE;
    const pageIds = byUnitsSold(matching, units)
      .slice(start, start + STOREFRONT_PAGE_SIZE)
      .map((product) => product.id);
    const rows = pageIds.length ? await prisma.product.findMany({ where: { id: { in: pageIds } }, select: CARD_FIELDS }) : [];
    const byId = new Map(rows.map((product) => [product.id, product]));
    const products = await withPriceFrom(pageIds.flatMap((id) => byId.get(id) ?? []));
    return { products, total: matching.length, pageCount: Math.max(1, Math.ceil(matching.length / STOREFRONT_PAGE_SIZE)) };
  }
  const [total, products] = await Promise.all([
    prisma.product.count({ where }),
    prisma.product.findMany({
      where,
      orderBy: ORDER_BY[query.sort],
      skip: (query.page - 1) * STOREFRONT_PAGE_SIZE,
      take: STOREFRONT_PAGE_SIZE,
      select: CARD_FIELDS,
    }),
  ]);
  return { products: await withPriceFrom(products), total, pageCount: Math.max(1, Math.ceil(total / STOREFRONT_PAGE_SIZE)) };
}

/** `GET /api/products`: every visible product, optionally of one visible category, newest first or best sellers first. */
export async function getVisibleProducts(categorySlug?: string | null, sort: "default" | "best-sellers" = "default"): Promise<ProductDetail[]> {
  const products = await getVisibleProductsNewestFirst(categorySlug);
  return sort === "best-sellers" ? byUnitsSold(products, await getSalesRanks()) : products;
}

function getVisibleProductsNewestFirst(categorySlug?: string | null): Promise<ProductDetail[]> {
  return cachedCatalogue(`products:${categorySlug ?? ""}`, () =>
    prisma.product.findMany({
      where: categorySlug ? { ...VISIBLE, category: { isVisible: true, slug: categorySlug } } : VISIBLE,
      orderBy: ORDER_BY.default,
      select: DETAIL_FIELDS,
    }),
  );
}

/** The product page and `GET /api/products/{id}`; hidden answers like missing. */
export async function getVisibleProduct(id: string): Promise<ProductDetail | null> {
  return cachedCatalogue(`product:${id}`, () => prisma.product.findFirst({ where: { id, ...VISIBLE }, select: DETAIL_FIELDS }), { productId: id });
}

/** For the sitemap: just enough to list every visible product page. */
/** The sitemap's products: each visible one, when it last changed, and its pictures in the page's order. */
export async function getVisibleProductIds() {
  const rows = await prisma.product.findMany({
    where: VISIBLE,
    select: { id: true, updatedAt: true, imageUrl: true, gallery: { select: { url: true }, orderBy: { position: "asc" } } },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => ({ id: row.id, updatedAt: row.updatedAt, images: productImages(row) }));
}

/** A product as the cart, the checkout and an order price it: today's row, its custom tags in the admin's order. */
export type ProductForSale = {
  id: string;
  nameEn: string;
  nameAr: string;
  imageUrl: string;
  priceFils: number;
  stockQuantity: number;
  isAvailable: boolean;
  customTags: { titleEn: string; titleAr: string; required: boolean }[];
  /** with options, the variants shown (issue 31); without, the product is its own one variant */
  hasOptions: boolean;
  variants: SaleVariant[];
};

/**
 * The products among `ids` that a shopper may see (VISIBLE, written in SQL), with their custom tags and, for a
 * product with options, its shown variants, in one query: an order's pricing is one statement whether its product
 * has options or not (a Prisma read of the variants cost an order of a variant four times the time of this query,
 * docs/decisions/0062). Cart lines are priced only through this, whether shown, checked out or ordered.
 * `onlyVariants`: read just these variants of the products with options (a cart or an order names its own).
 */
export async function getProductsForSale(ids: string[], onlyVariants?: string[]): Promise<Map<string, ProductForSale>> {
  const products = new Map<string, ProductForSale>();
  if (ids.length === 0) return products;
  // Rows of kind 0: the product, once per custom tag (or once with null tag columns); kind 1: one of its variants.
  // SQLite answers booleans as 0 / 1 and JSON as text.
  type Row = {
    kind: number | bigint;
    id: string;
    nameEn: string | null;
    nameAr: string | null;
    imageUrl: string | null;
    priceFils: number | bigint;
    stockQuantity: number | bigint;
    isAvailable: number | boolean;
    hasOptions: number | boolean | null;
    titleEn: string | null;
    titleAr: string | null;
    required: number | boolean | null;
    variantId: string | null;
    optionValues: Prisma.JsonValue;
  };
  // Lines that name no variant need none: a product with options is then not for sale to them.
  const variantRows =
    onlyVariants?.length === 0
      ? Prisma.empty
      : Prisma.sql`
    UNION ALL
    SELECT 1, v."productId", NULL, NULL, v."imageUrl", v."priceFils", v."stockQuantity", v."isAvailable", NULL,
      NULL, NULL, NULL, v."id", v."optionValues", v."position", v."id"
    FROM "ProductVariant" v
      JOIN "Product" p ON p."id" = v."productId"
      JOIN "Category" c ON c."id" = p."categoryId"
    WHERE p."id" IN (${Prisma.join(ids)}) AND p."hasOptions" = TRUE AND p."isVisible" = TRUE AND c."isVisible" = TRUE
      AND v."isHidden" = FALSE ${onlyVariants ? Prisma.sql`AND v."id" IN (${Prisma.join(onlyVariants)})` : Prisma.empty}`;
  const rows = await prisma.$queryRaw<Row[]>`
    SELECT 0 AS "kind", p."id" AS "id", p."nameEn", p."nameAr", p."imageUrl", p."priceFils", p."stockQuantity", p."isAvailable", p."hasOptions",
      t."titleEn", t."titleAr", t."required", NULL AS "variantId", NULL AS "optionValues", t."position" AS "position", t."id" AS "sortId"
    FROM "Product" p
      JOIN "Category" c ON c."id" = p."categoryId"
      LEFT JOIN "ProductCustomTag" t ON t."productId" = p."id"
    WHERE p."id" IN (${Prisma.join(ids)}) AND p."isVisible" = TRUE AND c."isVisible" = TRUE
    ${variantRows}
    ORDER BY "kind", "id", "position", "sortId"`;
  for (const row of rows) {
    if (Number(row.kind) === 1) {
      products.get(row.id)?.variants.push({
        id: row.variantId!,
        optionValues: optionTexts(typeof row.optionValues === "string" ? (JSON.parse(row.optionValues) as Prisma.JsonValue) : row.optionValues),
        priceFils: Number(row.priceFils),
        stockQuantity: Number(row.stockQuantity),
        isAvailable: Boolean(Number(row.isAvailable)),
        imageUrl: row.imageUrl,
      });
      continue;
    }
    let product = products.get(row.id);
    if (!product) {
      product = {
        id: row.id,
        nameEn: row.nameEn ?? "",
        nameAr: row.nameAr ?? "",
        imageUrl: row.imageUrl ?? "",
        priceFils: Number(row.priceFils),
        stockQuantity: Number(row.stockQuantity),
        isAvailable: Boolean(Number(row.isAvailable)),
        customTags: [],
        hasOptions: Boolean(Number(row.hasOptions)),
        variants: [],
      };
      products.set(row.id, product);
    }
    if (row.titleEn !== null) product.customTags.push({ titleEn: row.titleEn, titleAr: row.titleAr ?? "", required: Boolean(Number(row.required)) });
  }
  return products;
}

/** Buying needs stock above 0 (SPEC section 4); the admin's availability switch can also stop it. */
export function isInStock(product: Pick<ProductCard, "stockQuantity" | "isAvailable">): boolean {
  return product.isAvailable && product.stockQuantity > 0;
}

/** The old price is shown only when the discount is on and the old price exists (SPEC section 2). */
export function showsDiscount(product: Pick<ProductCard, "hasDiscount" | "priceBeforeDiscountFils">): boolean {
  return product.hasDiscount && product.priceBeforeDiscountFils !== null;
}

/** Main image first, then the gallery without repeating it (SPEC section 2, product page). */
export function productImages(product: Pick<ProductDetail, "imageUrl" | "gallery">): string[] {
  return [...new Set([product.imageUrl, ...product.gallery.map((image) => image.url)])];
}
