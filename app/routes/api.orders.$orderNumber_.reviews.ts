import type { ActionFunctionArgs } from "@remix-run/node";
import { parseJsonBody, postOnly } from "~/auth/account-api.server";
import { getCustomerFromRequest } from "~/auth/session.server";
import { ReviewRequestBodySchema } from "~/api/request-schemas.server";
import { reviewJson } from "~/api/answers/reviews.server";
import { bilingual } from "~/i18n/bilingual.server";
import { getLanguage } from "~/i18n/i18next.server";
import { OrderPhoneLimitedError } from "~/models/orders/index.server";
import { ReviewError, writeReview } from "~/models/reviews/index.server";
import { hitRateLimit } from "~/models/shop/index.server";
import { normalizeOrderNumber } from "~/shared/order-number";
import { jsonError, tooManyRequests } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";

/**
 * `POST /api/orders/{orderNumber}/reviews` (CONTRACT.md "Reviews"): the signed-in owner of the order, or anyone giving
 * its phone, reviews one of its products. 201 `{ review }`; 400 a rating or text out of range; 403 a wrong phone;
 * 404 an unknown order; 409 not delivered, already reviewed, or not in the order; 429 past the guessing limits.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, bilingual("api.methodNotAllowed"));
  const address = clientAddress(context);
  const limit = await hitRateLimit(`reviews:${address}`, 30, 600);
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
  const { data } = await parseJsonBody(request, ReviewRequestBodySchema);
  const customer = await getCustomerFromRequest(request);
  try {
    const review = await writeReview({
      orderNumber: normalizeOrderNumber(params.orderNumber ?? ""),
      customerId: customer?.id ?? null,
      phone: data.phone ?? null,
      address,
      productId: data.productId,
      rating: data.rating,
      title: data.title ?? null,
      body: data.body,
      language: await getLanguage(request),
    });
    return Response.json({ review: reviewJson(review) }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof OrderPhoneLimitedError) return tooManyRequests(error.retryAfterSeconds);
    if (error instanceof ReviewError) return jsonError(error.status, bilingual(`reviews.errors.${error.reason}`));
    throw error;
  }
}

export const loader = postOnly;
