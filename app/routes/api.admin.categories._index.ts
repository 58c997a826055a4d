import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createCategory, getAdminCategory, listAdminCategories } from "~/models/catalogue/index.server";
import { readCategoryUpload } from "~/admin/category-api.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { categoryToJson } from "~/api/answers/catalogue.server";

/** GET /api/admin/categories: every category, hidden ones included, with its product count. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const categories = await listAdminCategories();
  return Response.json({ categories: categories.map(categoryToJson) }, { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/admin/categories, multipart: name (JSON of en and ar) and iconImage (an image file). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  if (request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const upload = await readCategoryUpload(request, "create");
  const category = await createCategory({ ...upload.names, iconImage: upload.iconImage! }, admin);
  const created = await getAdminCategory(category.id);
  return Response.json({ message: bilingual("admin.categories.created"), category: categoryToJson(created!) }, { status: 201 });
}
