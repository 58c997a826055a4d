import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { getShopSettings, saveShopSettings } from "~/models/settings.server";
import { filsToKD, parseKDToFils } from "~/shared/money";
import { jsonError, readJsonBody } from "~/utils/api.server";

function settingsJson(settings: { freeDeliveryFromFils: number | null }) {
  return { freeDeliveryFromKD: settings.freeDeliveryFromFils === null ? null : filsToKD(settings.freeDeliveryFromFils) };
}

/** GET /api/admin/settings: `{ freeDeliveryFromKD }`, null when delivery is never free by amount. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "settings");
  return Response.json(settingsJson(await getShopSettings()), { headers: { "Cache-Control": "no-store" } });
}

/** PUT /api/admin/settings `{ freeDeliveryFromKD: 15 }` (or null to switch free delivery off). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "settings");
  if (request.method !== "PUT") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const body = (await readJsonBody(request)) as { freeDeliveryFromKD?: unknown } | null;
  const raw = body && typeof body === "object" ? body.freeDeliveryFromKD : undefined;
  const fils = raw === null ? null : typeof raw === "number" || typeof raw === "string" ? parseKDToFils(String(raw)) : undefined;
  if (fils === undefined || (raw !== null && fils === null)) {
    return jsonError(400, bilingual("admin.settings.invalid"), { freeDeliveryFromKD: [bilingual("admin.settings.invalid")] });
  }
  await saveShopSettings({ freeDeliveryFromFils: fils }, admin);
  return Response.json({ message: bilingual("admin.settings.saved"), ...settingsJson({ freeDeliveryFromFils: fils }) }, { headers: { "Cache-Control": "no-store" } });
}
