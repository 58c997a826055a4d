import type { LoaderFunctionArgs } from "@remix-run/node";
import { ProductParamsSchema } from "~/api/request-schemas.server";
import { productReviewsJson } from "~/api/answers/reviews.server";
import { bilingual } from "~/i18n/bilingual.server";
import { getVisibleProduct } from "~/models/catalogue/index.server";
import { getPublishedReviews } from "~/models/reviews/index.server";
import { PAGE_RULE } from "~/shared/paging";
import { catalogueJson, jsonError, readApiPaging } from "~/utils/api.server";

/** `GET /api/products/{id}/reviews?page=` (CONTRACT.md "Reviews"): published reviews only, newest first, with the average. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = ProductParamsSchema.safeParse(params);
  const product = parsed.success ? await getVisibleProduct(parsed.data.id) : null;
  if (!product) return jsonError(404, bilingual("api.catalogue.productNotFound"));
  const { page } = readApiPaging(new URL(request.url).searchParams, { page: PAGE_RULE });
  return catalogueJson(request, productReviewsJson(await getPublishedReviews(product.id, page)));
}
