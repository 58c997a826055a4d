import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAdminCategory, listAdminProducts } from "~/models/catalogue/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { productJson } from "~/api/answers/catalogue.server";

/** GET /api/admin/categories/{id}/products */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const id = params.id ?? "";
  if (!(await getAdminCategory(id))) return jsonError(404, bilingual("admin.categories.notFound"));
  const products = await listAdminProducts({ categoryId: id });
  return Response.json({ products: products.map(productJson) }, { headers: { "Cache-Control": "no-store" } });
}
