import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { areaBodyErrors, duplicateAreaError, readAreaBody } from "~/admin/delivery-area-input.server";
import { createDeliveryArea, listDeliveryAreasForOwner } from "~/models/shop/index.server";
import { jsonError, readJsonBody } from "~/utils/api.server";
import { ownerAreaJson } from "~/api/answers/shop.server";

/** GET /api/admin/delivery-areas: every area, hidden ones too, with how many orders name it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "settings");
  const areas = await listDeliveryAreasForOwner();
  return Response.json({ areas: areas.map(ownerAreaJson) }, { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/admin/delivery-areas `{ name, governorate, fee }`: 201; 400 with field errors; 409 a name another area has. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "settings");
  if (request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const parsed = readAreaBody(await readJsonBody(request));
  if (!parsed.ok) {
    const { message, fieldErrors } = areaBodyErrors(parsed.errors);
    return jsonError(400, message, fieldErrors);
  }
  const saved = await createDeliveryArea(parsed.value, admin);
  if (!saved.ok) {
    const { message, fieldErrors } = duplicateAreaError(saved.reason === "duplicateAr" ? "duplicateAr" : "duplicateEn");
    return jsonError(409, message, fieldErrors);
  }
  return Response.json({ message: bilingual("admin.deliveryAreas.created"), area: ownerAreaJson(saved.area) }, { status: 201, headers: { "Cache-Control": "no-store" } });
}
