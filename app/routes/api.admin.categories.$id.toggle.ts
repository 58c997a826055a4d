import type { ActionFunctionArgs } from "@remix-run/node";
import { toggleCategory } from "~/models/catalogue/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";

/** PUT /api/admin/categories/{id}/toggle */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  if (request.method !== "PUT" && request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const category = await toggleCategory(params.id ?? "", admin);
  if (!category) return jsonError(404, bilingual("admin.categories.notFound"));
  return Response.json({ isVisible: category.isVisible });
}
