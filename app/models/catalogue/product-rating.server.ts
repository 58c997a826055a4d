import { prisma } from "~/db.server";
import { cachedCatalogue } from "~/models/shop/index.server";

/**
 * What a product's published reviews add up to (CONTRACT.md "Reviews": a product as read carries `rating`; cards show
 * the average): read here, beside the products, because every listing and product answer shows it. The reviews
 * themselves are written and moderated by app/models/reviews; a published one moves the catalogue's version (the
 * Review table's triggers, decision 0090), so these kept answers follow it.
 */
export type ProductRating = { average: number; count: number };
export type RatingDistribution = ProductRating & { stars: Record<1 | 2 | 3 | 4 | 5, number> };

const NONE: ProductRating = { average: 0, count: 0 };

/** One decimal, as the stars are read ("4.3"). */
function averageOf(sum: number, count: number): number {
  return count === 0 ? 0 : Math.round((sum / count) * 10) / 10;
}

/**
 * The rating of each product named; one with no published review has `{ average: 0, count: 0 }`. Not kept by itself:
 * the listings and product answers that call it are (their cache follows the same version).
 */
export async function loadProductRatings(productIds: string[]): Promise<Map<string, ProductRating>> {
  const ids = [...new Set(productIds)];
  const ratings = new Map<string, ProductRating>(ids.map((id) => [id, NONE]));
  if (ids.length === 0) return ratings;
  const rows = await prisma.review.groupBy({ by: ["productId"], where: { productId: { in: ids }, status: "published" }, _sum: { rating: true }, _count: { _all: true } });
  for (const row of rows) ratings.set(row.productId, { average: averageOf(row._sum.rating ?? 0, row._count._all), count: row._count._all });
  return ratings;
}

/** One product's rating, kept with the catalogue (its product page and `GET /api/products/{id}`). */
export async function getProductRating(productId: string): Promise<ProductRating> {
  return cachedCatalogue(`rating:${productId}`, async () => (await loadProductRatings([productId])).get(productId) ?? NONE, "list");
}

/** A product's average, count and how many published reviews gave each number of stars (the product page). */
export async function getRatingDistribution(productId: string): Promise<RatingDistribution> {
  const rows = await cachedCatalogue(
    `rating-distribution:${productId}`,
    () => prisma.review.groupBy({ by: ["rating"], where: { productId, status: "published" }, _count: { _all: true } }),
    "list",
  );
  const stars: RatingDistribution["stars"] = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let sum = 0;
  let count = 0;
  for (const row of rows) {
    if (row.rating < 1 || row.rating > 5) continue;
    stars[row.rating as 1 | 2 | 3 | 4 | 5] = row._count._all;
    sum += row.rating * row._count._all;
    count += row._count._all;
  }
  return { average: averageOf(sum, count), count, stars };
}
