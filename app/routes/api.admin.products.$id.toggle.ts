import type { ActionFunctionArgs } from "@remix-run/node";
import { toggleProduct } from "~/models/catalogue/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";

/** PUT /api/admin/products/{id}/toggle: hides a visible product or shows a hidden one. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  if (request.method !== "PUT" && request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const product = await toggleProduct(params.id ?? "", admin);
  if (!product) return jsonError(404, bilingual("admin.products.notFound"));
  return Response.json({ isVisible: product.isVisible });
}
