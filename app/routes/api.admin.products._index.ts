import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { createProduct, listAdminProducts } from "~/models/catalogue/index.server";
import { readProductInput } from "~/admin/product-api.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { productJson } from "~/api/answers/catalogue.server";

/** GET /api/admin/products?categoryId&stock=low: every product, hidden ones included; or the low-stock ones. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const query = new URL(request.url).searchParams;
  const categoryId = query.get("categoryId");
  const stock = query.get("stock");
  if (stock !== null && stock !== "low" && stock !== "") {
    const message = bilingual("admin.api.invalidStockFilter");
    return jsonError(400, message, { stock: [message] });
  }
  const products = await listAdminProducts({ categoryId, stock: stock === "low" ? "low" : null });
  return Response.json({ products: products.map(productJson) }, { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/admin/products: SPEC section 7's payload; images must have come from POST /api/upload. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  if (request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const input = await readProductInput(request, "create");
  const result = await createProduct(input, admin);
  if (!result.ok && result.reason === "skuTaken") {
    const message = bilingual("admin.products.skuTaken", { sku: result.sku });
    return jsonError(409, message, { [`variants[${result.index}].sku`]: [message] });
  }
  if (!result.ok) {
    const message = bilingual("admin.validation.adminCategoryRequired");
    return jsonError(400, message, { categoryId: [message] });
  }
  return Response.json({ message: bilingual("admin.products.created"), product: productJson(result.product) }, { status: 201 });
}
