import type { LoaderFunctionArgs } from "@remix-run/node";
import { ProductsQuerySchema } from "~/api/request-schemas.server";
import { getVisibleCategoryBySlug, getVisibleProducts, loadProductRatings, STOREFRONT_PAGE_SIZE, searchVisibleProducts, type ProductDetail } from "~/models/catalogue/index.server";
import { jsonError, catalogueJson } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { ALL_CATEGORY_SLUG, readSearchChoice } from "~/shared/storefront";
import { productToJson } from "~/api/answers/catalogue.server";

/** Each product with its published reviews' `rating`, as the product read alone has it and its card shows it (issue 47): one grouped read. */
async function withRatings(products: ProductDetail[]) {
  const ratings = await loadProductRatings(products.map((product) => product.id));
  return products.map((product) => ({ ...productToJson(product), rating: ratings.get(product.id) ?? { average: 0, count: 0 } }));
}

/**
 * `GET /api/products`, optionally `?category={slug}`: the visible products (of a visible category). The synthetic
 * 'all' category means no filter; an unknown or hidden category answers 404.
 *
 * With `?q=` it searches names and descriptions in both languages, as the search page does, best match first, and
 * answers one page like the home grid's: `{ products, total, page, pageCount }`, with optional `color`, `sort`
 * (`price-asc`, `price-desc`, `best-sellers`) and `page`. Without `q`, `sort=best-sellers` lists every product by
 * units sold in paid orders of the last 90 days, ties newest first.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const parsed = ProductsQuerySchema.safeParse({ category: url.searchParams.get("category") ?? undefined });
  if (!parsed.success) {
    const message = bilingual("api.catalogue.invalidCategory");
    return jsonError(400, message, { category: [message] });
  }
  const slug = parsed.data.category && parsed.data.category !== ALL_CATEGORY_SLUG ? parsed.data.category : null;
  const category = slug ? await getVisibleCategoryBySlug(slug) : null;
  if (slug && !category) return jsonError(404, bilingual("api.catalogue.categoryNotFound"));
  if (url.searchParams.has("q")) {
    const choice = readSearchChoice(url.searchParams);
    const found = choice.query ? await searchVisibleProducts({ text: choice.query, color: choice.color, sort: choice.sort, categoryId: category?.id }) : [];
    const start = (choice.page - 1) * STOREFRONT_PAGE_SIZE;
    return catalogueJson(request, {
      products: await withRatings(found.slice(start, start + STOREFRONT_PAGE_SIZE)),
      total: found.length,
      page: choice.page,
      pageCount: Math.max(1, Math.ceil(found.length / STOREFRONT_PAGE_SIZE)),
    });
  }
  const products = await getVisibleProducts(slug, url.searchParams.get("sort") === "best-sellers" ? "best-sellers" : "default");
  return catalogueJson(request, { products: await withRatings(products) });
}
