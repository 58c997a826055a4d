import type { LoaderFunctionArgs } from "@remix-run/node";
import { ProductParamsSchema } from "~/api/request-schemas.server";
import { getProductRating, getVisibleProduct } from "~/models/catalogue/index.server";
import { jsonError, catalogueJson } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { productToJson } from "~/api/answers/catalogue.server";

/** `GET /api/products/{id}`: the product page's data; hidden answers 404 like missing. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = ProductParamsSchema.safeParse(params);
  const product = parsed.success ? await getVisibleProduct(parsed.data.id) : null;
  if (!product) return jsonError(404, bilingual("api.catalogue.productNotFound"));
  return catalogueJson(request, { product: { ...productToJson(product), rating: await getProductRating(product.id) } });
}
