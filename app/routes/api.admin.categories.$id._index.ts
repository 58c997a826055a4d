import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteCategory, getAdminCategory, updateCategory } from "~/models/catalogue/index.server";
import { readCategoryUpload } from "~/admin/category-api.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { categoryToJson } from "~/api/answers/catalogue.server";

/** GET /api/admin/categories/{id} */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const category = await getAdminCategory(params.id ?? "");
  if (!category) return jsonError(404, bilingual("admin.categories.notFound"));
  return Response.json({ category: categoryToJson(category) }, { headers: { "Cache-Control": "no-store" } });
}

/** PUT renames (multipart `name`, optional new `iconImage`); DELETE refuses with 409 while products remain. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    const result = await deleteCategory(id, admin);
    if (result.ok) return Response.json({ message: bilingual("admin.categories.deleted") });
    if (result.reason === "notFound") return jsonError(404, bilingual("admin.categories.notFound"));
    return jsonError(409, bilingual("admin.categories.hasProducts", { count: result.productCount }));
  }
  if (request.method !== "PUT" && request.method !== "PATCH") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  if (!(await getAdminCategory(id))) return jsonError(404, bilingual("admin.categories.notFound"));
  const upload = await readCategoryUpload(request, "edit", id);
  const category = await updateCategory(id, { ...upload.names, iconImage: upload.iconImage ?? undefined }, admin);
  if (!category) return jsonError(404, bilingual("admin.categories.notFound"));
  return Response.json({ message: bilingual("admin.categories.updated"), category: categoryToJson((await getAdminCategory(id))!) });
}
