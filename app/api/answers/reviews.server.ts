import type { AdminReview, PublishedReviews, ReviewRow } from "~/models/reviews/index.server";
import { languageOrDefault } from "~/shared/language";
import { isReviewStatus } from "~/shared/reviews";

/** Reviews as the JSON API speaks them (CONTRACT.md "Reviews"): the model reads the rows, this names the fields. */
export function reviewJson(review: ReviewRow) {
  return {
    _id: review.id,
    productId: review.productId,
    rating: review.rating,
    title: review.title,
    body: review.body,
    authorName: review.authorName,
    language: languageOrDefault(review.language),
    verifiedPurchase: true as const,
    status: isReviewStatus(review.status) ? review.status : "pending",
    photoUrl: review.photoUrl,
    reply: review.reply && review.repliedAt ? { body: review.reply, at: review.repliedAt.toISOString() } : null,
    createdAt: review.createdAt.toISOString(),
  };
}

/** `GET /api/products/{id}/reviews`: one page of the published reviews, the average, the count and the distribution. */
export function productReviewsJson(page: PublishedReviews) {
  return {
    reviews: page.reviews.map(reviewJson),
    average: page.average,
    count: page.count,
    distribution: page.stars,
    page: page.page,
    pageCount: page.pageCount,
  };
}

export function adminReviewJson(review: AdminReview) {
  return {
    ...reviewJson(review),
    heldReason: review.heldReason,
    order: { _id: review.order.id, orderNumber: review.order.orderNumber },
    product: { name: { en: review.product.nameEn, ar: review.product.nameAr }, imageUrl: review.product.imageUrl },
  };
}
