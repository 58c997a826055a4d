import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { areaBodyErrors, duplicateAreaError, readAreaBody } from "~/admin/delivery-area-input.server";
import { getDeliveryAreaById, removeDeliveryArea, updateDeliveryArea } from "~/models/shop/index.server";
import { jsonError, readJsonBody } from "~/utils/api.server";
import { ownerAreaJson } from "~/api/answers/shop.server";

/**
 * PUT /api/admin/delivery-areas/{id} `{ name, governorate, fee, isHidden? }`: rename, re-price, hide or show (orders
 * already placed keep their name and fee). DELETE removes an area no order names, and hides one that has orders.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "settings");
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    const done = await removeDeliveryArea(id, admin);
    if (!done) return jsonError(404, bilingual("admin.deliveryAreas.notFound"));
    const message = bilingual(done === "hidden" ? "admin.deliveryAreas.hiddenInstead" : "admin.deliveryAreas.deleted");
    return Response.json({ message, outcome: done }, { headers: { "Cache-Control": "no-store" } });
  }
  if (request.method !== "PUT") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  if (!(await getDeliveryAreaById(id))) return jsonError(404, bilingual("admin.deliveryAreas.notFound"));
  const parsed = readAreaBody(await readJsonBody(request));
  if (!parsed.ok) {
    const { message, fieldErrors } = areaBodyErrors(parsed.errors);
    return jsonError(400, message, fieldErrors);
  }
  const saved = await updateDeliveryArea(id, parsed.value, admin);
  if (!saved.ok) {
    if (saved.reason === "notFound") return jsonError(404, bilingual("admin.deliveryAreas.notFound"));
    const { message, fieldErrors } = duplicateAreaError(saved.reason);
    return jsonError(409, message, fieldErrors);
  }
  return Response.json({ message: bilingual("admin.deliveryAreas.updated"), area: ownerAreaJson(saved.area) }, { headers: { "Cache-Control": "no-store" } });
}
