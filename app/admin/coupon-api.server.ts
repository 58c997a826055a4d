import { z } from "zod";
import { parseCoupon } from "~/admin/coupon-form.server";
import { bilingual, type MessageKey } from "~/i18n/bilingual.server";
import type { CouponFormValue } from "~/shared/coupon-schema";

/**
 * CONTRACT.md names a discount code's fields for API clients (`type`, `minTotal`, `startsAt`, `endsAt`, `isActive`);
 * the admin form and the database say `kind`, `minProductsTotal`, `startsOn`, `endsOn`, `isEnabled`. The API takes
 * either name and answers both, CONTRACT's first (docs/decisions/0038-coupon-api-names.md).
 */
const CONTRACT_NAMES = {
  kind: "type",
  minProductsTotal: "minTotal",
  startsOn: "startsAt",
  endsOn: "endsAt",
  isEnabled: "isActive",
} as const satisfies Partial<Record<keyof CouponFormValue, string>>;

type FormName = keyof typeof CONTRACT_NAMES;
type FieldErrors = Partial<Record<string, MessageKey>>;
export type CouponBodyParse = { ok: true; value: CouponFormValue } | { ok: false; errors: FieldErrors };

/** CONTRACT's `percentage`, as the form's `percent`; either word is taken under either name. */
const readType = (value: unknown) => (value === "percentage" ? "percent" : value);

/** Two names given for one field agree when they say the same thing (`5` and `"5"`, `"percentage"` and `"percent"`). */
const sameValue = (field: FormName, a: unknown, b: unknown) =>
  field === "kind" ? readType(a) === readType(b) : String(a ?? "").trim() === String(b ?? "").trim();

const contractName = (field: string) => (CONTRACT_NAMES as Record<string, string>)[field] ?? field;

/**
 * Reads an API body with either name for each field; two names for one field with different values are refused
 * rather than one of them silently winning. Field errors come back under CONTRACT's names.
 */
export function parseCouponBody(body: unknown): CouponBodyParse {
  const input: Record<string, unknown> = body && typeof body === "object" && !Array.isArray(body) ? { ...(body as Record<string, unknown>) } : {};
  const conflicts: FieldErrors = {};
  for (const [field, name] of Object.entries(CONTRACT_NAMES) as [FormName, string][]) {
    if (!Object.hasOwn(input, name)) continue;
    if (Object.hasOwn(input, field) && !sameValue(field, input[field], input[name])) conflicts[name] = "admin.coupons.validation.conflictingNames";
    input[field] = input[name];
    delete input[name];
  }
  if (Object.keys(conflicts).length > 0) return { ok: false, errors: conflicts };
  input.kind = readType(input.kind);
  const parsed = parseCoupon(input);
  if (parsed.ok) return parsed;
  return { ok: false, errors: Object.fromEntries(Object.entries(parsed.errors).map(([field, key]) => [contractName(field), key])) };
}

/** The 400 answer's `message` and `fieldErrors` for a refused body. */
export function couponBodyErrors(errors: FieldErrors): { message: string; fieldErrors: Record<string, string[]> } {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, key] of Object.entries(errors)) {
    const other = Object.entries(CONTRACT_NAMES).find(([, contract]) => contract === name)?.[0];
    if (key) fieldErrors[name] = [bilingual(key, { name, other })];
  }
  const first = Object.entries(fieldErrors)[0];
  return { message: first ? first[1][0] : bilingual("admin.coupons.validation.codeInvalid"), fieldErrors };
}

/** A Kuwait day, or an ISO 8601 date-time (an instant; without an offset, Kuwait time). */
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}(T.+)?$/);
const other = (name: string) => ({ deprecated: true, description: `The shop's own name for \`${name}\`; give one or the other.` });

/** What POST and PUT take, for the OpenAPI document; the route reads it with `parseCouponBody`. */
export const CouponApiBody = z.object({
  code: z.string().describe("3 to 32 letters, digits, - or _; compared in upper case"),
  type: z.enum(["percentage", "fixed"]),
  value: z.number().optional().describe("percentage: a whole number 1 to 100; fixed: KD, up to 3 decimals (may be left out with freeDelivery)"),
  minTotal: z.number().nullable().optional().describe("KD: the products total an order needs"),
  startsAt: day.nullable().optional().describe("First day (Kuwait), YYYY-MM-DD; or the first instant, an ISO 8601 date-time"),
  endsAt: day.nullable().optional().describe("Last day (Kuwait), included, YYYY-MM-DD; or the instant it ends, an ISO 8601 date-time"),
  maxUses: z.number().int().min(1).nullable().optional(),
  maxUsesPerCustomer: z.number().int().min(1).nullable().optional(),
  freeDelivery: z.boolean().optional(),
  isActive: z.boolean().optional().describe("false when left out"),
  kind: z.enum(["percent", "fixed"]).optional().meta(other("type")),
  minProductsTotal: z.number().nullable().optional().meta(other("minTotal")),
  startsOn: day.nullable().optional().meta(other("startsAt")),
  endsOn: day.nullable().optional().meta(other("endsAt")),
  isEnabled: z.boolean().optional().meta(other("isActive")),
});
