import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAdminOrder } from "~/models/fulfilment/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { orderDetailJson } from "~/api/answers/orders.server";

/** GET /api/admin/orders/{id}: by the order's id or its order number. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "orders:read");
  const order = await getAdminOrder(params.id ?? "");
  if (!order) return jsonError(404, bilingual("admin.order.notFound"));
  return Response.json({ order: orderDetailJson(order) }, { headers: { "Cache-Control": "no-store" } });
}
