import type { ActionFunctionArgs } from "@remix-run/node";
import { refund } from "~/admin/refund-action.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { getAdminOrder } from "~/models/fulfilment/index.server";
import { jsonError, readJsonBody } from "~/utils/api.server";
import { orderDetailJson } from "~/api/answers/orders.server";

/**
 * POST /api/admin/orders/{id}/refund `{ amount? }` (CONTRACT.md): refunds through the order's gateway, by default
 * all that is left; 409 when the order is not paid or the amount is more than what is left; 502 when the gateway
 * refuses or does not answer.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "refunds:write");
  if (request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  // The body is optional: no body at all refunds all that is left.
  const body = (await request.clone().text()).trim() === "" ? {} : await readJsonBody(request);
  const amount = body && typeof body === "object" && "amount" in body ? (body as { amount: unknown }).amount : undefined;
  const outcome = await refund(params.id ?? "", amount, admin);
  if (!outcome.ok) return jsonError(outcome.status, bilingual(outcome.key));
  const order = await getAdminOrder(outcome.orderId);
  return Response.json({ order: order && orderDetailJson(order) }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return jsonError(405, bilingual("admin.api.methodNotAllowed"));
}
