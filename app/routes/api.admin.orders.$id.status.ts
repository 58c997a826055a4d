import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { orderListJson, setOrderStatus } from "~/models/admin-order.server";
import { requireAdminApi } from "~/auth/admin-session.server";
import { jsonError, readJsonBody } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { ORDER_STATUSES } from "~/shared/order-status";

export const StatusBody = z.object({ status: z.enum(ORDER_STATUSES) });

/** PUT /api/admin/orders/{id}/status {status}: any status may follow any other. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminApi(request);
  if (request.method !== "PUT" && request.method !== "PATCH") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const parsed = StatusBody.safeParse(await readJsonBody(request));
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
