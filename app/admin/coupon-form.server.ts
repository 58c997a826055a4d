import type { TFunction } from "i18next";
import { CouponSchema, type CouponFormValue } from "~/shared/coupon-schema";
import { bilingual, type MessageKey } from "~/i18n/bilingual.server";

export type CouponFieldErrors = Partial<Record<keyof CouponFormValue, string>>;

export type CouponParse = { ok: true; value: CouponFormValue } | { ok: false; errors: Partial<Record<keyof CouponFormValue, MessageKey>> };

/** One reading for the admin form (text, "on") and the API (JSON numbers and booleans). */
export function parseCoupon(input: Record<string, unknown>): CouponParse {
  const parsed = CouponSchema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: Partial<Record<keyof CouponFormValue, MessageKey>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "code") as keyof CouponFormValue;
    errors[field] ??= (issue.message.startsWith("admin.") ? issue.message : "admin.coupons.validation.codeInvalid") as MessageKey;
  }
  return { ok: false, errors };
}

/** conform's field errors as the form shows them: each field's first message, a stray zod text read as a bad code. */
export function couponFormErrors(error: Record<string, string[] | null> | null | undefined): Partial<Record<keyof CouponFormValue, MessageKey>> {
  const errors: Partial<Record<keyof CouponFormValue, MessageKey>> = {};
  for (const [name, messages] of Object.entries(error ?? {})) {
    const message = messages?.[0] ?? "";
    errors[(name || "code") as keyof CouponFormValue] ??= (message.startsWith("admin.") ? message : "admin.coupons.validation.codeInvalid") as MessageKey;
  }
  return errors;
}

export function translatedErrors(errors: Partial<Record<string, MessageKey>>, t: TFunction): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, t(key as MessageKey)]));
}

/** The API's field errors: each in both languages, as a list (CONTRACT.md's error shape). */
export function bilingualErrors(errors: Partial<Record<string, MessageKey>>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, [bilingual(key as MessageKey)]]));
}
