import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { getDeliverySlotSettings, saveDeliverySlotSettings } from "~/models/shop/index.server";
import { deliverySlotSettingsJson } from "~/api/answers/shop.server";
import { DeliverySlotsBodySchema } from "~/shared/schemas.server";
import { jsonError, readJsonBody } from "~/utils/api.server";

/** GET /api/admin/delivery-slots: the owner's delivery windows, same-day cut-off and closed dates (Kuwait time). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "settings");
  return Response.json(deliverySlotSettingsJson(await getDeliverySlotSettings()), { headers: { "Cache-Control": "no-store" } });
}

/** PUT /api/admin/delivery-slots with the whole setting: windows sent replace those kept (by id); a bad field saves nothing. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "settings");
  if (request.method !== "PUT") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const body = DeliverySlotsBodySchema.safeParse(await readJsonBody(request));
  if (!body.success) {
    // Each refusal under its field's path ("windows.0.to"); zod's own wording (a wrong type) is said as the page's.
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of body.error.issues) {
      const key = issue.message.startsWith("admin.deliverySlots.errors.") ? issue.message : "admin.deliverySlots.errors.invalid";
      (fieldErrors[issue.path.join(".") || "body"] ??= []).push(bilingual(key as "admin.deliverySlots.errors.invalid"));
    }
    return jsonError(400, Object.values(fieldErrors)[0][0], fieldErrors);
  }
  await saveDeliverySlotSettings(body.data, admin);
  return Response.json(
    { message: bilingual("admin.deliverySlots.saved"), ...deliverySlotSettingsJson(await getDeliverySlotSettings()) },
    { headers: { "Cache-Control": "no-store" } },
  );
}
