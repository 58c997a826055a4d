import { prisma } from "~/db.server";
import { cachedCatalogue } from "~/models/shop/index.server";
import { getRatingDistribution } from "~/models/catalogue/index.server";
import { REVIEWS_PAGE_SIZE, type ReviewStatus } from "~/shared/reviews";

/** A review as the shop reads it; app/api/answers/reviews.server.ts names CONTRACT.md's fields. */
export const reviewSelect = {
  id: true,
  productId: true,
  rating: true,
  title: true,
  body: true,
  authorName: true,
  language: true,
  status: true,
  heldReason: true,
  photoUrl: true,
  reply: true,
  repliedAt: true,
  createdAt: true,
} as const;

export type ReviewRow = {
  id: string;
  productId: string;
  rating: number;
  title: string | null;
  body: string;
  authorName: string;
  language: string;
  status: string;
  heldReason: string | null;
  photoUrl: string | null;
  reply: string | null;
  repliedAt: Date | null;
  createdAt: Date;
};

/**
 * A product's published reviews, newest first, one page at a time, with its average, count and distribution: the
 * product page and `GET /api/products/{id}/reviews`. Kept with the catalogue: publishing or hiding a review moves its
 * version (the Review table's triggers), so a kept answer never shows a hidden review.
 */
export async function getPublishedReviews(productId: string, page = 1) {
  const [summary, reviews] = await Promise.all([
    getRatingDistribution(productId),
    cachedCatalogue(
      `reviews:${productId}:${page}`,
      () =>
        prisma.review.findMany({
          where: { productId, status: "published" },
          orderBy: [{ createdAt: "desc" }, { id: "desc" }],
          skip: (page - 1) * REVIEWS_PAGE_SIZE,
          take: REVIEWS_PAGE_SIZE,
          select: reviewSelect,
        }),
      "list",
    ),
  ]);
  return { ...summary, reviews, page, pageCount: Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE)) };
}

export type PublishedReviews = Awaited<ReturnType<typeof getPublishedReviews>>;

export const ADMIN_REVIEWS_PAGE_SIZE = 50;

/** The owner's list (`/admin/timsar/reviews`, `GET /api/admin/reviews`): by status, newest first, with order and product. */
export async function listAdminReviews(input: { status?: ReviewStatus | null; page?: number }) {
  const where = input.status ? { status: input.status } : {};
  const page = Math.max(1, input.page ?? 1);
  const [total, rows, counts] = await Promise.all([
    prisma.review.count({ where }),
    prisma.review.findMany({
      where,
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      skip: (page - 1) * ADMIN_REVIEWS_PAGE_SIZE,
      take: ADMIN_REVIEWS_PAGE_SIZE,
      select: { ...reviewSelect, order: { select: { id: true, orderNumber: true } }, product: { select: { nameEn: true, nameAr: true, imageUrl: true } } },
    }),
    prisma.review.groupBy({ by: ["status"], _count: { _all: true } }),
  ]);
  const byStatus = Object.fromEntries(counts.map((row) => [row.status, row._count._all])) as Partial<Record<ReviewStatus, number>>;
  return { reviews: rows, total, page, pageCount: Math.max(1, Math.ceil(total / ADMIN_REVIEWS_PAGE_SIZE)), byStatus };
}

export type AdminReview = Awaited<ReturnType<typeof listAdminReviews>>["reviews"][number];

export async function getAdminReview(id: string) {
  return prisma.review.findUnique({
    where: { id },
    select: { ...reviewSelect, order: { select: { id: true, orderNumber: true } }, product: { select: { nameEn: true, nameAr: true, imageUrl: true } } },
  });
}
