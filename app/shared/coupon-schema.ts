import * as z from "./zod";
import { dayOrInstant } from "./admin-dates";
import { parseAmountToFils } from "./money-input";
import { westernDigits } from "./typed-digits";

/** The coupon list's row buttons: switch a code on or off, or delete it. */
export const CouponRowActionSchema = z.object({ couponId: z.string().trim().min(1).max(64), intent: z.enum(["enable", "disable", "delete"]) });

/** Letters, digits, "-" and "_": what a shopper can type from a poster or an Instagram story. Compared in upper case. */
export const COUPON_CODE_PATTERN = /^[A-Za-z0-9_-]{3,32}$/;
export const COUPON_KINDS = ["percent", "fixed"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** "  ramadan10 " → "RAMADAN10"; Arabic-Indic digits typed on an Arabic keyboard count as digits. */
export function normalizeCouponCode(value: string): string {
  return value
    .trim()
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .toUpperCase();
}

/**
 * The API sends numbers and booleans, the admin form sends text and "on": both read as the form's text, its digits
 * as 0–9 whatever keyboard typed them (a percentage of ٢٠ is 20).
 */
const text = z.preprocess(
  (value) => (typeof value === "number" ? String(value) : value === null || value === "" ? undefined : typeof value === "string" ? westernDigits(value) : value),
  z.string().trim().max(40).optional(),
);
const flag = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

const wholeAtLeastOne = (value: string | undefined) => value === undefined || (/^\d{1,7}$/.test(value) && Number(value) >= 1);

/**
 * A discount code as the owner writes it (form and API), messages are translation keys. Percentages are whole
 * numbers from 1 to 100; amounts are KD with up to 3 decimals; days are Kuwait days, the end day included, and the
 * API may give an ISO 8601 date-time instead for a start or an end at that instant.
 */
export const CouponSchema = z
  .object({
    code: z.preprocess(
      (value) => (typeof value === "string" ? normalizeCouponCode(value) : value),
      z.string({ error: "admin.coupons.validation.codeInvalid" }).regex(COUPON_CODE_PATTERN, "admin.coupons.validation.codeInvalid"),
    ),
    kind: z.enum(COUPON_KINDS, { error: "admin.coupons.validation.kindInvalid" }),
    value: text,
    minProductsTotal: text.refine((value) => value === undefined || parseAmountToFils(value) !== null, "admin.coupons.validation.amountInvalid"),
    startsOn: text.refine((value) => value === undefined || dayOrInstant(value, "start") !== null, "admin.coupons.validation.dateInvalid"),
    endsOn: text.refine((value) => value === undefined || dayOrInstant(value, "end") !== null, "admin.coupons.validation.dateInvalid"),
    maxUses: text.refine(wholeAtLeastOne, "admin.coupons.validation.usesInvalid"),
    maxUsesPerCustomer: text.refine(wholeAtLeastOne, "admin.coupons.validation.usesInvalid"),
    freeDelivery: flag,
    isEnabled: flag,
  })
  .superRefine((coupon, ctx) => {
    if (coupon.kind === "percent") {
      const percent = coupon.value !== undefined && /^\d{1,3}$/.test(coupon.value) ? Number(coupon.value) : 0;
      if (percent < 1 || percent > 100) ctx.addIssue({ code: "custom", path: ["value"], message: "admin.coupons.validation.percentInvalid" });
    } else if (!((coupon.value !== undefined && parseAmountToFils(coupon.value)) || coupon.freeDelivery)) {
      // A fixed amount above zero, or none at all on a code that only gives free delivery.
      ctx.addIssue({ code: "custom", path: ["value"], message: "admin.coupons.validation.amountInvalid" });
    }
    const starts = coupon.startsOn ? dayOrInstant(coupon.startsOn, "start") : null;
    const ends = coupon.endsOn ? dayOrInstant(coupon.endsOn, "end") : null;
    if (starts && ends && ends <= starts) {
      ctx.addIssue({ code: "custom", path: ["endsOn"], message: "admin.coupons.validation.endBeforeStart" });
    }
  });

export type CouponFormValue = z.infer<typeof CouponSchema>;
