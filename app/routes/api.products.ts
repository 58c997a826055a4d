import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { getVisibleCategoryBySlug } from "~/models/category.server";
import { getVisibleProducts, productToJson } from "~/models/product.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { ALL_CATEGORY_SLUG } from "~/shared/storefront";

const QuerySchema = z.object({ category: z.string().regex(/^[a-z0-9-]{1,80}$/, "bad slug").optional() });

/**
 * `GET /api/products`, optionally `?category={slug}`: the visible products (of a visible category). The synthetic
 * 'all' category means no filter; an unknown or hidden category answers 404.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = QuerySchema.safeParse({ category: url.searchParams.get("category") ?? undefined });
  if (!parsed.success) {
    const message = bilingual("shop.api.invalidCategory");
    return jsonError(400, message, { category: [message] });
  }
  const slug = parsed.data.category && parsed.data.category !== ALL_CATEGORY_SLUG ? parsed.data.category : null;
  if (slug && !(await getVisibleCategoryBySlug(slug))) return jsonError(404, bilingual("shop.api.categoryNotFound"));
  const products = await getVisibleProducts(slug);
  return Response.json({ products: products.map(productToJson) }, { headers: { "Cache-Control": "no-cache" } });
}
