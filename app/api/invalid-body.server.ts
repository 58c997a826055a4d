import type { z } from "zod";
import { bilingual, type MessageKey } from "~/i18n/bilingual.server";
import { RETURN_REASONS, RETURN_RESOLUTIONS } from "~/shared/returns";
import { jsonError } from "~/utils/api.server";

/** The shop's words for a field of a request body, by its name: zod's own texts are English and name its types. */
const FIELD_MESSAGES: Record<string, { key: MessageKey; options?: Record<string, unknown> }> = {
  items: { key: "api.fields.items" },
  _id: { key: "api.fields.product" },
  productId: { key: "api.fields.product" },
  variantId: { key: "api.fields.variantId" },
  exchangeVariantId: { key: "api.fields.exchangeVariantId" },
  quantity: { key: "api.fields.quantity" },
  customTags: { key: "api.fields.customTags" },
  address: { key: "api.fields.address" },
  couponCode: { key: "api.fields.couponCode" },
  notifyWhatsApp: { key: "api.fields.notifyWhatsApp" },
  gift: { key: "api.fields.gift" },
  deliverySlot: { key: "api.fields.deliverySlot" },
  reason: { key: "api.fields.reason", options: { reasons: RETURN_REASONS.join(", ") } },
  resolution: { key: "api.fields.resolution", options: { resolutions: RETURN_RESOLUTIONS.join(", ") } },
  notes: { key: "api.fields.notes" },
  phone: { key: "checkoutValidation.phoneInvalid" },
};

/** A wrong field's message: the nearest name on its path the shop words ("items.0.quantity" → quantity, "gift.note" → gift). */
function messageFor(path: readonly PropertyKey[]): string {
  if (path.length === 0) return bilingual("api.fields.body");
  for (const segment of [...path].reverse()) {
    const known = typeof segment === "string" ? FIELD_MESSAGES[segment] : undefined;
    if (known) return bilingual(known.key, known.options);
  }
  return bilingual("api.fields.invalid", { field: path.join(".") });
}

/**
 * CONTRACT.md's 400 for a body its schema refuses: each wrong field under its own path (`items.0.quantity`, `body` for
 * a body that is not an object), in the shop's two languages; `message` is the given one, else the first field's.
 */
export function invalidBody(error: z.ZodError, message?: string): Response {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "body";
    const text = messageFor(issue.path);
    if (!fieldErrors[field]?.includes(text)) (fieldErrors[field] ??= []).push(text);
  }
  return jsonError(400, message ?? Object.values(fieldErrors)[0]?.[0] ?? bilingual("api.fields.body"), fieldErrors);
}
