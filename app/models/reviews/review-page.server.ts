import { OrderPhoneLimitedError } from "~/models/orders/index.server";
import { ReviewError, orderForShopperReview, type ReviewAsker } from "./review-write.server";

/**
 * The review page's view of an order (`/review/{orderNumber}`): asks for the phone when neither a session, a valid
 * link nor the right phone lets the visitor in; else each product of the order once, with the stars already given
 * when it was reviewed, and whether the order takes reviews yet (delivered).
 */
export async function reviewPageView(orderNumber: string, who: ReviewAsker) {
  let order;
  try {
    order = await orderForShopperReview(orderNumber, who);
  } catch (error) {
    if (error instanceof OrderPhoneLimitedError) return { kind: "limited" as const, retryAfterSeconds: error.retryAfterSeconds };
    if (!(error instanceof ReviewError)) throw error;
    return { kind: "needPhone" as const, wrongPhone: Boolean(who.phone) };
  }
  if (!order) return { kind: "notFound" as const };
  const reviewed = new Map(order.reviews.map((review) => [review.productId, review]));
  const seen = new Set<string>();
  const products = order.items.flatMap((item) => {
    if (!item.productId || seen.has(item.productId)) return [];
    seen.add(item.productId);
    const review = reviewed.get(item.productId);
    return [{ productId: item.productId, name: { en: item.nameEn, ar: item.nameAr }, imageUrl: item.imageUrl, review: review ? { rating: review.rating, status: review.status } : null }];
  });
  return { kind: "found" as const, orderNumber: order.orderNumber, delivered: order.status === "delivered", products };
}
