import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { DELAY_NOTICES_PER_ORDER, checkDelayDate, queueDelayNotice } from "~/models/fulfilment/index.server";
import { jsonError, readJsonBody } from "~/utils/api.server";

/**
 * POST /api/admin/orders/{id}/delay `{ date: "YYYY-MM-DD" }`: tells the shopper their order will arrive on that day
 * (the order page's delay notice); 400 with `fieldErrors.date` for a missing, wrong or past day; 409 (both
 * languages) for an order unpaid, cancelled or delivered, or one that has had its 3 notices.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "orders:write");
  if (request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const body = await readJsonBody(request);
  const checked = checkDelayDate(body && typeof body === "object" && "date" in body ? (body as { date: unknown }).date : undefined);
  if (!checked.ok) {
    const message = bilingual(`admin.delay.${checked.problem}`);
    return jsonError(400, message, { date: [message] });
  }
  const queued = await queueDelayNotice(params.id ?? "", checked.date, admin);
  if (!queued.ok) {
    if (queued.reason === "notFound") return jsonError(404, bilingual("admin.order.notFound"));
    return jsonError(409, bilingual(`admin.delay.${queued.reason}`, { max: DELAY_NOTICES_PER_ORDER }));
  }
  return Response.json({ message: bilingual("admin.delay.queued"), date: checked.date }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return jsonError(405, bilingual("admin.api.methodNotAllowed"));
}
