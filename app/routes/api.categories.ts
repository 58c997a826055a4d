import { categoryToJson, getVisibleCategories } from "~/models/category.server";

/** `GET /api/categories`: the visible categories, as the category bar shows them. */
export async function loader() {
  const categories = await getVisibleCategories();
  return Response.json({ categories: categories.map(categoryToJson) }, { headers: { "Cache-Control": "no-cache" } });
}
