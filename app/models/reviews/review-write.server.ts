import { isConstraintRefusal, prisma } from "~/db.server";
import { checkOrderPhone, OrderPhoneLimitedError } from "~/models/orders/index.server";
import { getShopSettings } from "~/models/shop/index.server";
import { languageOrDefault, type Language } from "~/shared/language";
import { holdsLinkOrPhone, reviewAuthorName } from "~/shared/reviews";
import { isValidReviewToken } from "./review-link.server";
import { reviewSelect, type ReviewRow } from "./review-read.server";

/**
 * Writing a review (CONTRACT.md "Reviews", issue 47): only the shopper of a delivered order, once per product per
 * order, so every review is a verified purchase. Who may write for an order: its signed-in owner, the holder of the
 * review link (a signed token), or anyone giving its phone, the phone checked by the guard every lookup by number and
 * phone shares, whose limits are checked before the phone is compared (decision 0068).
 */

export type ReviewFailure = "notFound" | "wrongPhone" | "notDelivered" | "alreadyReviewed" | "notInOrder";

export class ReviewError extends Error {
  constructor(
    readonly reason: ReviewFailure,
    readonly status: 403 | 404 | 409,
  ) {
    super(reason);
  }
}

/** Who asks: a signed-in customer, a review link's token, or a phone (with the client's address for the guard). */
export type ReviewAsker = { customerId: string | null; token?: string | null; phone?: string | null; address: string };

const orderForReview = {
  id: true,
  orderNumber: true,
  phone: true,
  fullName: true,
  customerId: true,
  status: true,
  language: true,
  items: { orderBy: { id: "asc" }, select: { productId: true, nameEn: true, nameAr: true, imageUrl: true } },
  reviews: { select: { productId: true, rating: true, status: true } },
} as const;

/**
 * The order a shopper may review, or null when there is none by that number. Throws ReviewError("wrongPhone") when
 * nothing lets the asker in, and OrderPhoneLimitedError past the guessing limits.
 */
export async function orderForShopperReview(orderNumber: string, who: ReviewAsker) {
  const order = await prisma.order.findUnique({ where: { orderNumber }, select: orderForReview });
  if (!order) return null;
  if (who.customerId && order.customerId === who.customerId) return order;
  if (isValidReviewToken(order.orderNumber, who.token)) return order;
  const checked = await checkOrderPhone(order, who.phone, who.address);
  if (checked.kind === "limited") throw new OrderPhoneLimitedError(checked.retryAfterSeconds);
  if (checked.kind === "wrongPhone") throw new ReviewError("wrongPhone", 403);
  return order;
}

export type ReviewOrder = NonNullable<Awaited<ReturnType<typeof orderForShopperReview>>>;

export type WriteReviewInput = ReviewAsker & {
  orderNumber: string;
  productId: string;
  rating: number;
  title?: string | null;
  body: string;
  /** the language of the page or request it was written in; it is shown with that language's lang and dir */
  language: Language;
  photoUrl?: string | null;
};

/**
 * Writes one review. It waits for the owner (`pending`) unless she turned `reviewsAutoPublish` on, and even then when
 * it holds a link or a phone number. A second review of the same product of the same order is refused by the unique
 * (orderId, productId) key, so two posts at once make one.
 */
export async function writeReview(input: WriteReviewInput): Promise<ReviewRow> {
  const order = await orderForShopperReview(input.orderNumber, input);
  if (!order) throw new ReviewError("notFound", 404);
  if (order.status !== "delivered") throw new ReviewError("notDelivered", 409);
  if (!order.items.some((item) => item.productId === input.productId)) throw new ReviewError("notInOrder", 409);
  if (order.reviews.some((review) => review.productId === input.productId)) throw new ReviewError("alreadyReviewed", 409);
  const title = input.title?.trim() || null;
  const held = holdsLinkOrPhone(`${title ?? ""}\n${input.body}`);
  const autoPublish = (await getShopSettings()).reviewsAutoPublish;
  try {
    return await prisma.review.create({
      data: {
        orderId: order.id,
        productId: input.productId,
        rating: input.rating,
        title,
        body: input.body.trim(),
        authorName: reviewAuthorName(order.fullName),
        language: languageOrDefault(input.language),
        status: autoPublish && !held ? "published" : "pending",
        heldReason: held ? "link" : null,
        photoUrl: input.photoUrl ?? null,
      },
      select: reviewSelect,
    });
  } catch (error) {
    if (isConstraintRefusal(error, "unique", "Review", "orderId")) throw new ReviewError("alreadyReviewed", 409);
    throw error;
  }
}
