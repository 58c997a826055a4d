import * as z from "./zod";
import { westernDigits } from "./typed-digits";
import { EmailSchema } from "./account-schemas";
import { readKuwaitiPhone } from "./phone";

/**
 * The storefront's forms as conform reads them (parseWithZod on the server only: routes import these through
 * schemas.server.ts, so zod stays out of the pages' first load, decision 0021).
 */

const LineId = z.string().min(1).max(32);

/** One value or several under one name, as conform hands them over: a product's tag inputs are all named `tag`. */
const tagList = z.preprocess((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]), z.array(z.string().max(200)).max(10));

/**
 * Every cart change (the cart's, the product page's and the grid's forms, posted by fetchers or plainly). Parsed
 * without conform's coercion: a blank tag input keeps its place in the list as "", so tag n stays the product's tag n.
 */
export const CartFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(["add", "buy"]),
    productId: z.string().min(1).max(64),
    source: z.enum(["card", "product"]).default("product"),
    /** the chosen variant of a product with options (issue 31); blank: none chosen */
    variantId: z.string().max(64).optional(),
    tag: tagList,
  }),
  z.object({
    intent: z.literal("quantity"),
    lineId: LineId,
    quantity: z.preprocess((value) => (typeof value === "string" ? Number(westernDigits(value)) : value), z.number().int()),
  }),
  z.object({ intent: z.literal("remove"), lineId: LineId }),
  z.object({ intent: z.literal("clear") }),
]);

/** "Notify me" on a product page: the address, and the variant chosen when the product has options (cut to 64). */
export const StockNoticeSignUpSchema = EmailSchema.extend({
  variantId: z.preprocess((value) => (typeof value === "string" ? value.slice(0, 64) : value), z.string().optional()),
});

/** The confirm and unsubscribe pages' button: the link's token (its shape is checked where it is looked up). */
export const StockNoticeTokenSchema = z.object({ token: z.string().max(64) });

/** The language toggle: the language asked for (checked where it is used) and the page to go back to. */
export const LanguageFormSchema = z.object({ lang: z.string().max(8).optional(), redirectTo: z.string().max(2000).optional() });

/** A discount code as the checkout posts it: trimmed, blank for none; longer than any code the shop makes is refused. */
const couponCode = z
  .string()
  .trim()
  .max(64)
  .optional()
  .transform((code) => code || null);

/** The code posted with Pay, read beside CheckoutSchema so the order's details keep their own shape. */
export const CheckoutCouponSchema = z.object({ couponCode });

/** The products' total the checkout showed, posted with Pay; left out (an older page, a client of its own), nothing is compared. */
export const CheckoutShownTotalSchema = z.object({
  shownSubtotalFils: z.preprocess((value) => (value === "" ? undefined : typeof value === "string" ? Number(value) : value), z.number().int().min(0).optional()),
});

/**
 * The checkout's Apply and Remove (a fetcher's body, or the whole checkout form without JavaScript). The e-mail and
 * phone typed so far decide a once-per-shopper code, so the phone is read as the order will keep it (+965 and
 * Arabic digits included); a contact that is not one yet is simply not used.
 */
export const CouponPreviewSchema = z.object({
  intent: z.enum(["applyCoupon", "removeCoupon"]),
  couponCode,
  email: z
    .string()
    .optional()
    .transform((email) => (email?.trim() && email.trim().length <= 254 ? email.trim() : null)),
  phone: z.string().optional().transform(readKuwaitiPhone),
});
