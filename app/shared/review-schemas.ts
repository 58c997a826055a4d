import * as z from "./zod";
import { REVIEW_BODY_MAX, REVIEW_REPLY_MAX, REVIEW_TITLE_MAX } from "./reviews";

/**
 * The review form (the review page of an order): one product of the order at a time, its stars, an optional title
 * and the text; the photo is a file beside them. The API takes the same fields as JSON (app/api/request-schemas).
 */
export const ReviewFormSchema = z.object({
  productId: z.string().trim().min(1).max(64),
  rating: z.number({ error: "reviews.errors.rating" }).int("reviews.errors.rating").min(1, "reviews.errors.rating").max(5, "reviews.errors.rating"),
  title: z.string().trim().max(REVIEW_TITLE_MAX, "reviews.errors.title").optional(),
  body: z.string({ error: "reviews.errors.body" }).trim().min(1, "reviews.errors.body").max(REVIEW_BODY_MAX, "reviews.errors.body"),
});

/** The owner's decision on one or several reviews (the admin list), or her reply to one. */
export const ReviewModerationSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("status"), status: z.enum(["published", "hidden"]), ids: z.array(z.string().min(1).max(64)).min(1, "admin.reviews.errors.noneChosen").max(100) }),
  z.object({ intent: z.literal("reply"), id: z.string().min(1).max(64), reply: z.string().trim().max(REVIEW_REPLY_MAX, "admin.reviews.errors.reply").default("") }),
]);
