import type { LoaderFunctionArgs } from "@remix-run/node";
import { CategoryParamsSchema } from "~/api/request-schemas.server";
import { getVisibleCategoryBySlug } from "~/models/catalogue/index.server";
import { jsonError, catalogueJson } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { categoryToJson } from "~/api/answers/catalogue.server";

/** `GET /api/categories/{slug}`: a visible category; a hidden one answers 404 like a missing one. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = CategoryParamsSchema.safeParse(params);
  const category = parsed.success ? await getVisibleCategoryBySlug(parsed.data.slug) : null;
  if (!category) return jsonError(404, bilingual("api.catalogue.categoryNotFound"));
  return catalogueJson(request, { category: categoryToJson(category) });
}
