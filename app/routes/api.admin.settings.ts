import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { getShopSettings, saveShopSettings, type ShopSettings } from "~/models/shop/index.server";
import { settingsJson } from "~/api/answers/shop.server";
import { parseAmountToFils } from "~/shared/money-input";
import { SettingsFormSchema } from "~/shared/shop-settings";
import { jsonError, readJsonBody } from "~/utils/api.server";

type Rule = keyof typeof SettingsFormSchema.shape;

/** One field of the body by the settings page's rule; undefined when it is right, else the message's key. */
function check<Name extends Rule>(rule: Name, value: unknown): { ok: true; value: unknown } | { ok: false; error: string } {
  const parsed = SettingsFormSchema.shape[rule].safeParse(value);
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, error: parsed.error.issues[0]?.message ?? "admin.settings.invalid" };
}

/** Reads the fields sent (CONTRACT.md "Shop settings"); a field left out is not in the patch. */
function readBody(body: Record<string, unknown>): { ok: true; patch: Partial<ShopSettings> } | { ok: false; fieldErrors: Record<string, string> } {
  const patch: Partial<ShopSettings> = {};
  const errors: Record<string, string> = {};
  const single = (field: "contactEmail" | "contactPhone" | "whatsappNumber" | "instagram" | "commercialRegistration" | "ownerAlertsPhone") => {
    if (!Object.hasOwn(body, field)) return;
    const checked = check(field, typeof body[field] === "number" ? String(body[field]) : body[field]);
    if (checked.ok) patch[field] = (checked.value as string | undefined) ?? null;
    else errors[field] = checked.error;
  };
  const pair = (field: "shopName" | "address" | "tagline", rule: "shopNameEn" | "addressEn" | "taglineEn", message: string) => {
    if (!Object.hasOwn(body, field)) return;
    const value = body[field];
    if (value === null && field !== "shopName") {
      patch[field] = null;
      return;
    }
    const halves = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
    const en = check(rule, halves.en);
    const ar = check(rule, halves.ar);
    if (!en.ok || !ar.ok || en.value === undefined || ar.value === undefined) errors[field] = message;
    else patch[field] = { en: en.value as string, ar: ar.value as string };
  };
  pair("shopName", "shopNameEn", "admin.settings.errors.shopName");
  pair("address", "addressEn", "admin.settings.errors.address");
  pair("tagline", "taglineEn", "admin.settings.errors.tagline");
  single("contactEmail");
  single("contactPhone");
  single("whatsappNumber");
  single("instagram");
  single("commercialRegistration");
  single("ownerAlertsPhone");
  if (Object.hasOwn(body, "paymentReminders")) {
    if (typeof body.paymentReminders === "boolean") patch.paymentReminders = body.paymentReminders;
    else errors.paymentReminders = "admin.settings.errors.paymentReminders";
  }
  if (Object.hasOwn(body, "reviewsAutoPublish")) {
    if (typeof body.reviewsAutoPublish === "boolean") patch.reviewsAutoPublish = body.reviewsAutoPublish;
    else errors.reviewsAutoPublish = "admin.settings.errors.reviewsAutoPublish";
  }
  if (Object.hasOwn(body, "freeDeliveryFromKD")) {
    const raw = body.freeDeliveryFromKD;
    const fils = raw === null ? null : typeof raw === "number" || typeof raw === "string" ? parseAmountToFils(String(raw)) : undefined;
    if (fils === undefined || (raw !== null && fils === null)) errors.freeDeliveryFromKD = "admin.settings.invalid";
    else patch.freeDeliveryFromFils = fils;
  }
  if (Object.hasOwn(body, "deliveryDays")) {
    const checked = typeof body.deliveryDays === "number" || typeof body.deliveryDays === "string" ? check("deliveryDays", body.deliveryDays) : null;
    if (checked?.ok && typeof checked.value === "number") patch.deliveryDays = checked.value;
    else errors.deliveryDays = "admin.settings.errors.deliveryDays";
  }
  if (Object.hasOwn(body, "giftWrapKD")) {
    const raw = body.giftWrapKD;
    const fils = raw === null ? null : typeof raw === "number" || typeof raw === "string" ? parseAmountToFils(String(raw)) : undefined;
    if (fils === undefined || (raw !== null && fils === null)) errors.giftWrapKD = "admin.settings.invalid";
    else patch.giftWrapFils = fils;
  }
  return Object.keys(errors).length ? { ok: false, fieldErrors: errors } : { ok: true, patch };
}

/** GET /api/admin/settings: every setting, null where it is not set (CONTRACT.md "Shop settings"). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "settings");
  return Response.json(settingsJson(await getShopSettings()), { headers: { "Cache-Control": "no-store" } });
}

/** PUT /api/admin/settings with any of the settings; a field left out keeps its value, one bad field saves nothing. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "settings");
  if (request.method !== "PUT") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const body = await readJsonBody(request);
  if (!body || typeof body !== "object" || Array.isArray(body)) return jsonError(400, bilingual("admin.settings.invalidBody"));
  const read = readBody(body as Record<string, unknown>);
  if (!read.ok) {
    const fieldErrors = Object.fromEntries(Object.entries(read.fieldErrors).map(([field, key]) => [field, [bilingual(key as Parameters<typeof bilingual>[0])]]));
    return jsonError(400, Object.values(fieldErrors)[0][0], fieldErrors);
  }
  await saveShopSettings(read.patch, admin);
  return Response.json({ message: bilingual("admin.settings.saved"), ...settingsJson(await getShopSettings()) }, { headers: { "Cache-Control": "no-store" } });
}
