import type { ActionFunctionArgs } from "@remix-run/node";
import { OrderStatusBodySchema } from "~/api/request-schemas.server";
import { setOrderStatus } from "~/models/fulfilment/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError, readJsonBody } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { orderListJson } from "~/api/answers/orders.server";

/** PUT /api/admin/orders/{id}/status {status}: any status may follow any other. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "orders:write");
  if (request.method !== "PUT" && request.method !== "PATCH") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const parsed = OrderStatusBodySchema.safeParse(await readJsonBody(request));
  if (!parsed.success) {
    const message = bilingual("admin.api.unknownOrderStatus");
    return jsonError(400, message, { status: [message] });
  }
  const order = await setOrderStatus({ idOrNumber: params.id ?? "", status: parsed.data.status, admin });
  if (!order) return jsonError(404, bilingual("admin.order.notFound"));
  return Response.json({ message: bilingual("admin.orders.statusUpdated"), order: orderListJson(order) });
}

export function loader() {
  return jsonError(405, bilingual("admin.api.methodNotAllowed"));
}
