import type { LoaderFunctionArgs } from "@remix-run/node";
import { getVisibleCategories } from "~/models/catalogue/index.server";
import { catalogueJson } from "~/utils/api.server";
import { categoryToJson } from "~/api/answers/catalogue.server";

/** `GET /api/categories`: the visible categories, as the category bar shows them; `304` when unchanged. */
export async function loader({ request }: LoaderFunctionArgs) {
  const categories = await getVisibleCategories();
  return catalogueJson(request, { categories: categories.map(categoryToJson) });
}
