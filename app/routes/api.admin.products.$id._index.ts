import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { deleteProduct, getAdminProduct, updateProduct } from "~/models/catalogue/index.server";
import { readProductInput } from "~/admin/product-api.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { productJson } from "~/api/answers/catalogue.server";

/** GET /api/admin/products/{id} */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const product = await getAdminProduct(params.id ?? "");
  if (!product) return jsonError(404, bilingual("admin.products.notFound"));
  return Response.json({ product: productJson(product) }, { headers: { "Cache-Control": "no-store" } });
}

/** PUT updates (fields left out keep their values), DELETE removes the product (409 while an order names it). */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    const deleted = await deleteProduct(id, admin);
    if (deleted === "notFound") return jsonError(404, bilingual("admin.products.notFound"));
    if (deleted === "ordered") return jsonError(409, bilingual("admin.products.ordered"));
    return Response.json({ message: bilingual("admin.products.deleted") });
  }
  if (request.method !== "PUT" && request.method !== "PATCH") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const existing = await getAdminProduct(id);
  if (!existing) return jsonError(404, bilingual("admin.products.notFound"));
  const input = await readProductInput(request, "edit", existing);
  const result = await updateProduct(id, input, admin);
  if (!result.ok) {
    if (result.reason === "notFound") return jsonError(404, bilingual("admin.products.notFound"));
    if (result.reason === "belowHeld") {
      const message = bilingual("admin.products.belowHeld", { count: result.heldQuantity });
      return jsonError(409, message, { stockQuantity: [message] });
    }
    if (result.reason === "skuTaken") {
      const message = bilingual("admin.products.skuTaken", { sku: result.sku });
      return jsonError(409, message, { [`variants[${result.index}].sku`]: [message] });
    }
    const message = bilingual("admin.validation.adminCategoryRequired");
    return jsonError(400, message, { categoryId: [message] });
  }
  return Response.json({ message: bilingual("admin.products.updated"), product: productJson(result.product) });
}
