import * as z from "./zod";
import { westernDigits } from "./typed-digits";
import { parseAmountToFils } from "./money-input";
import { KUWAIT_PHONE_PATTERN, normalizeKuwaitiPhone } from "./phone";

/**
 * The shop's identity as the owner keeps it in the settings (CONTRACT.md "Shop settings"): what the footer, the legal
 * pages, every message and every invoice show. A value not set is null (a name or address: both halves null), and
 * is left out where it would show; nothing written in the code stands in for it (decision 0075).
 */
export type ShopIdentity = {
  shopName: { en: string; ar: string } | null;
  contactEmail: string | null;
  /** 8 digits, as every phone is kept */
  contactPhone: string | null;
  whatsappNumber: string | null;
  address: { en: string; ar: string } | null;
  /** the footer's line about the shop, in both languages */
  tagline: { en: string; ar: string } | null;
  /** the Instagram handle, without "@" */
  instagram: string | null;
  commercialRegistration: string | null;
  /** the owner's phone that hears of each paid order (kept now, used by a later issue) */
  ownerAlertsPhone: string | null;
};

export const IDENTITY_FIELDS = [
  "shopName",
  "contactEmail",
  "contactPhone",
  "whatsappNumber",
  "address",
  "tagline",
  "instagram",
  "commercialRegistration",
  "ownerAlertsPhone",
] as const satisfies readonly (keyof ShopIdentity)[];

/** The longest delivery promise the settings take: two months. */
export const MAX_DELIVERY_DAYS = 60;

const INSTAGRAM_HANDLE = /^[A-Za-z0-9._]{1,30}$/;

/** Empty text is "not set"; the form sends "" and the API may send null for that. */
// Typed as what the form sends, so that conform's fields are text; the API's other values fail the inner rule.
type Sent = string | null | undefined;

function blankToUndefined(value: Sent): Sent {
  if (value === null) return undefined;
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

const phoneText = (message: string) => z.string({ error: message }).regex(KUWAIT_PHONE_PATTERN, message);
const readPhone = (value: Sent) => (typeof value === "string" ? blankToUndefined(normalizeKuwaitiPhone(value)) : blankToUndefined(value));
const phone = (message: string) => z.preprocess(readPhone, phoneText(message));
// A field that may be cleared: null, "" or spaces read as "not set" inside the rule too, not only when left out, so
// that the API's null and the form's blank both clear it (CONTRACT.md "8 digits or null").
const optionalPhone = (message: string) => z.preprocess(readPhone, phoneText(message).optional()).optional();
const name = (message: string, max: number) => z.preprocess(blankToUndefined, z.string({ error: message }).trim().min(1, message).max(max, message));

/** "@timsar.accessories", "timsar.accessories" and the profile's address all keep the handle. */
export function instagramHandle(value: string): string {
  const text = value.trim();
  const fromUrl = /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(text);
  return (fromUrl ? fromUrl[1] : text).replace(/^@/, "");
}

export function instagramUrl(handle: string): string {
  return `https://www.instagram.com/${handle}`;
}

/** "60000000" → "+965 6000 0000", as shoppers read a Kuwaiti number. */
export function displayPhone(digits: string): string {
  return `+965 ${digits.slice(0, 4)} ${digits.slice(4)}`;
}

/**
 * The settings page's fields (one name per input) and their rules, which the API applies to the same fields too.
 * The shop's name, e-mail and phone are required on the page: the storefront has nothing to show without them.
 */
export const SettingsFormSchema = z.object({
  shopNameEn: name("admin.settings.errors.shopName", 80),
  shopNameAr: name("admin.settings.errors.shopName", 80),
  contactEmail: z.preprocess(
    blankToUndefined,
    z.string({ error: "admin.settings.errors.contactEmail" }).trim().max(120, "admin.settings.errors.contactEmail").regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "admin.settings.errors.contactEmail"),
  ),
  contactPhone: phone("admin.settings.errors.contactPhone"),
  whatsappNumber: optionalPhone("admin.settings.errors.whatsappNumber"),
  addressEn: name("admin.settings.errors.address", 200).optional(),
  addressAr: name("admin.settings.errors.address", 200).optional(),
  taglineEn: name("admin.settings.errors.tagline", 200).optional(),
  taglineAr: name("admin.settings.errors.tagline", 200).optional(),
  instagram: z
    .preprocess(
      (value: Sent) => (typeof value === "string" ? blankToUndefined(instagramHandle(value)) : blankToUndefined(value)),
      z.string({ error: "admin.settings.errors.instagram" }).regex(INSTAGRAM_HANDLE, "admin.settings.errors.instagram").optional(),
    )
    .optional(),
  commercialRegistration: z
    .preprocess(
      (value: Sent) => (typeof value === "string" ? blankToUndefined(westernDigits(value).trim()) : blankToUndefined(value)),
      z.string({ error: "admin.settings.errors.commercialRegistration" }).max(40, "admin.settings.errors.commercialRegistration").regex(/^[A-Za-z0-9/-]+(?: [A-Za-z0-9/-]+)*$/, "admin.settings.errors.commercialRegistration")
        .optional(),
    )
    .optional(),
  ownerAlertsPhone: optionalPhone("admin.settings.errors.ownerAlertsPhone"),
  // A checkbox: sent ("on") when ticked, absent when not; conform reads "on" as true.
  paymentReminders: z.boolean().optional(),
  reviewsAutoPublish: z.boolean().optional(),
  freeDeliveryFrom: z
    .preprocess(blankToUndefined, z.string({ error: "admin.settings.invalid" }).trim().refine((value) => parseAmountToFils(value) !== null, "admin.settings.invalid"))
    .optional(),
  // Days from placing to the promised delivery day (issue 48); left empty, the shop's default.
  deliveryDays: z
    .preprocess(
      (value: Sent | number) => {
        if (typeof value !== "string") return value === null ? undefined : value;
        const typed = westernDigits(value).trim();
        if (typed === "") return undefined;
        return /^\d+$/.test(typed) ? Number(typed) : typed;
      },
      z
        .number({ error: "admin.settings.errors.deliveryDays" })
        .int("admin.settings.errors.deliveryDays")
        .min(0, "admin.settings.errors.deliveryDays")
        .max(MAX_DELIVERY_DAYS, "admin.settings.errors.deliveryDays"),
    )
    .optional(),
  /** issue 48: what gift wrapping costs; blank: wrapping is not offered */
  giftWrap: z
    .preprocess(blankToUndefined, z.string({ error: "admin.settings.invalid" }).trim().refine((value) => parseAmountToFils(value) !== null, "admin.settings.invalid"))
    .optional(),
}).superRefine((form, ctx) => {
  // Both halves of the address or neither: a page in one language never shows the other's.
  if ((form.addressEn === undefined) !== (form.addressAr === undefined)) {
    ctx.addIssue({ code: "custom", path: [form.addressEn === undefined ? "addressEn" : "addressAr"], message: "admin.settings.errors.address" });
  }
  if ((form.taglineEn === undefined) !== (form.taglineAr === undefined)) {
    ctx.addIssue({ code: "custom", path: [form.taglineEn === undefined ? "taglineEn" : "taglineAr"], message: "admin.settings.errors.tagline" });
  }
});

export type SettingsForm = z.infer<typeof SettingsFormSchema>;
