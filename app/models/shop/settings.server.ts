import { prisma } from "~/db.server";
import { recordAudit, type AuditActor, type AuditParams } from "./audit.server";
import { cachedCatalogue } from "./catalogue-cache.server";
import { listOrderableAreas, type DeliveryArea } from "./delivery-area.server";
import { getDeliverySlotSettings } from "./delivery-window.server";
import type { DeliverySlotSettings } from "~/shared/delivery-slots";
import { getEnv } from "~/env.server";
import { getLanguage } from "~/i18n/i18next.server";
import type { Language } from "~/shared/language";
import { displayPhone, instagramUrl, type ShopIdentity } from "~/shared/shop-settings";

/**
 * The owner's settings (issues 16 and 43), kept in the database so every server of the shop reads the same, and
 * cached with the catalogue: a write to `ShopSetting` moves the catalogue's version in the same transaction
 * (its triggers), so a saved change shows on the next request everywhere, kept pages included
 * (docs/decisions/0026-discount-codes.md, 0055, 0075).
 */
export type ShopSettings = ShopIdentity & {
  /** delivery is free from this products total (after any discount); null: never free by amount */
  freeDeliveryFromFils: number | null;
  /** whether unpaid orders get payment reminders (CONTRACT.md "Unfinished checkouts"); on until the owner turns it off */
  paymentReminders: boolean;
  /** days from placing to the promised delivery day, when no delivery window is chosen (issue 48, decision 0093) */
  deliveryDays: number;
  /** issue 48: what gift wrapping costs; null: the checkout does not offer it */
  giftWrapFils: number | null;
  /** whether a new review is published at once (CONTRACT.md "Reviews"); off until the owner turns it on */
  reviewsAutoPublish: boolean;
};

const FREE_DELIVERY_FROM = "freeDeliveryFromFils";
const PAYMENT_REMINDERS = "paymentReminders";
const DELIVERY_DAYS = "deliveryDays";
/** What the shop promises until the owner says otherwise: Kuwait City deliveries take one to three days. */
export const DEFAULT_DELIVERY_DAYS = 3;
const GIFT_WRAP = "giftWrapFils";
const REVIEWS_AUTO_PUBLISH = "reviewsAutoPublish";

/** Where each identity field is kept: one row per value, "" for not set. */
const KEYS = {
  shopNameEn: "shopNameEn",
  shopNameAr: "shopNameAr",
  contactEmail: "contactEmail",
  contactPhone: "contactPhone",
  whatsappNumber: "whatsappNumber",
  addressEn: "addressEn",
  addressAr: "addressAr",
  taglineEn: "taglineEn",
  taglineAr: "taglineAr",
  instagram: "instagram",
  commercialRegistration: "commercialRegistration",
  ownerAlertsPhone: "ownerAlertsPhone",
} as const;

/**
 * The settings, the delivery windows and the areas one may order to in one kept read, for placing an order: each
 * kept read asks the catalogue's version once, a round trip on PostgreSQL, and an order needs all three.
 */
export function getPlacingSettings(): Promise<{ shop: ShopSettings; slots: DeliverySlotSettings; areas: DeliveryArea[] }> {
  return cachedCatalogue(
    "placing-settings",
    async () => {
      const [shop, slots, areas] = await Promise.all([getShopSettings(), getDeliverySlotSettings(), listOrderableAreas()]);
      return { shop, slots, areas };
    },
    "list",
  );
}

export async function getShopSettings(): Promise<ShopSettings> {
  return cachedCatalogue(
    "shop-settings",
    async () => {
      const rows = await prisma.shopSetting.findMany({ select: { key: true, value: true } });
      const stored = new Map(rows.map((row) => [row.key, row.value]));
      const text = (key: string) => {
        const value = stored.get(key)?.trim();
        return value ? value : null;
      };
      const pair = (en: string, ar: string) => {
        const [english, arabic] = [text(en), text(ar)];
        return english && arabic ? { en: english, ar: arabic } : null;
      };
      const free = text(FREE_DELIVERY_FROM);
      const fils = free === null ? null : Number(free);
      const wrap = text(GIFT_WRAP) === null ? null : Number(text(GIFT_WRAP));
      return {
        giftWrapFils: wrap !== null && Number.isInteger(wrap) && wrap >= 0 ? wrap : null,
        freeDeliveryFromFils: fils !== null && Number.isInteger(fils) && fils >= 0 ? fils : null,
        paymentReminders: text(PAYMENT_REMINDERS) !== "0",
        deliveryDays: deliveryDaysOf(text(DELIVERY_DAYS)),
        reviewsAutoPublish: text(REVIEWS_AUTO_PUBLISH) === "1",
        shopName: pair(KEYS.shopNameEn, KEYS.shopNameAr),
        contactEmail: text(KEYS.contactEmail),
        contactPhone: text(KEYS.contactPhone),
        whatsappNumber: text(KEYS.whatsappNumber),
        address: pair(KEYS.addressEn, KEYS.addressAr),
        tagline: pair(KEYS.taglineEn, KEYS.taglineAr),
        instagram: text(KEYS.instagram),
        commercialRegistration: text(KEYS.commercialRegistration),
        ownerAlertsPhone: text(KEYS.ownerAlertsPhone),
      };
    },
    "list",
  );
}

function deliveryDaysOf(stored: string | null): number {
  const days = stored === null ? NaN : Number(stored);
  return Number.isInteger(days) && days >= 0 ? days : DEFAULT_DELIVERY_DAYS;
}

/**
 * The owner's phone for new-order alerts, read through `db` (a transaction's client: the paid order's alert is
 * queued in the transaction that marks it paid, and reads the number as that transaction sees it).
 */
export async function ownerAlertsPhoneIn(db: Pick<typeof prisma, "shopSetting">): Promise<string | null> {
  const row = await db.shopSetting.findUnique({ where: { key: KEYS.ownerAlertsPhone }, select: { value: true } });
  return row?.value.trim() || null;
}

function storedValues(patch: Partial<ShopSettings>): [string, string][] {
  const values: [string, string][] = [];
  const put = (key: string, value: string | null | undefined) => {
    if (value !== undefined) values.push([key, value ?? ""]);
  };
  if (patch.freeDeliveryFromFils !== undefined) put(FREE_DELIVERY_FROM, patch.freeDeliveryFromFils === null ? "" : String(patch.freeDeliveryFromFils));
  if (patch.shopName !== undefined) {
    put(KEYS.shopNameEn, patch.shopName?.en ?? null);
    put(KEYS.shopNameAr, patch.shopName?.ar ?? null);
  }
  if (patch.address !== undefined) {
    put(KEYS.addressEn, patch.address?.en ?? null);
    put(KEYS.addressAr, patch.address?.ar ?? null);
  }
  if (patch.tagline !== undefined) {
    put(KEYS.taglineEn, patch.tagline?.en ?? null);
    put(KEYS.taglineAr, patch.tagline?.ar ?? null);
  }
  put(KEYS.contactEmail, patch.contactEmail);
  put(KEYS.contactPhone, patch.contactPhone);
  put(KEYS.whatsappNumber, patch.whatsappNumber);
  put(KEYS.instagram, patch.instagram);
  put(KEYS.commercialRegistration, patch.commercialRegistration);
  put(KEYS.ownerAlertsPhone, patch.ownerAlertsPhone);
  if (patch.paymentReminders !== undefined) put(PAYMENT_REMINDERS, patch.paymentReminders ? "1" : "0");
  if (patch.deliveryDays !== undefined) put(DELIVERY_DAYS, String(patch.deliveryDays));
  if (patch.giftWrapFils !== undefined) put(GIFT_WRAP, patch.giftWrapFils === null ? "" : String(patch.giftWrapFils));
  if (patch.reviewsAutoPublish !== undefined) put(REVIEWS_AUTO_PUBLISH, patch.reviewsAutoPublish ? "1" : "0");
  return values;
}

/**
 * Saves the settings given (a field left out keeps its value) in one transaction, with an entry in the activity log
 * for the free-delivery amount and one for the shop's details when they are among them.
 */
export async function saveShopSettings(patch: Partial<ShopSettings>, actor?: AuditActor): Promise<void> {
  const values = storedValues(patch);
  if (values.length === 0) return;
  await prisma.$transaction(async (tx) => {
    for (const [key, value] of values) {
      await tx.shopSetting.upsert({ where: { key }, create: { key, value }, update: { value } });
    }
    if (!actor) return;
    if (patch.freeDeliveryFromFils !== undefined) {
      const fils = patch.freeDeliveryFromFils;
      const params: AuditParams = fils === null ? { context: "none" } : { fils: String(fils) };
      await recordAudit(tx, { actor, action: "update", entityType: "settings", entityId: FREE_DELIVERY_FROM, params });
    }
    if (patch.paymentReminders !== undefined) {
      await recordAudit(tx, { actor, action: "update", entityType: "settings", entityId: PAYMENT_REMINDERS, params: { context: patch.paymentReminders ? "on" : "off" } });
    }
    if (patch.deliveryDays !== undefined) {
      await recordAudit(tx, { actor, action: "update", entityType: "settings", entityId: DELIVERY_DAYS, params: { context: "deliveryDays", days: patch.deliveryDays } });
    }
    if (patch.giftWrapFils !== undefined) {
      const fils = patch.giftWrapFils;
      await recordAudit(tx, { actor, action: "update", entityType: "settings", entityId: GIFT_WRAP, params: { context: fils === null ? "giftWrapNone" : "giftWrap" } });
    }
    if (patch.reviewsAutoPublish !== undefined) {
      await recordAudit(tx, { actor, action: "update", entityType: "settings", entityId: REVIEWS_AUTO_PUBLISH, params: { context: patch.reviewsAutoPublish ? "reviewsOn" : "reviewsOff" } });
    }
    if (values.some(([key]) => key !== FREE_DELIVERY_FROM && key !== PAYMENT_REMINDERS && key !== DELIVERY_DAYS && key !== GIFT_WRAP && key !== REVIEWS_AUTO_PUBLISH)) {
      await recordAudit(tx, { actor, action: "update", entityType: "settings", entityId: "identity", params: { context: "identity" } });
    }
  });
}

/** The shop as a page, a message or a document shows it in one language; a value not set is null and left out. */
export type ShopFace = {
  /** the owner's name for the shop, or until she sets one the address shoppers reach it at (decision 0075) */
  name: string;
  email: string | null;
  phone: string | null;
  /** the footer's ways to reach the shop, each with its link (the page only draws them) */
  contactLinks: ContactLink[];
  address: string | null;
  /** the footer's line about the shop */
  tagline: string | null;
  instagramUrl: string | null;
  commercialRegistration: string | null;
  /** this year, for the footer's copyright line */
  year: number;
};

export type ContactLink = { kind: "email" | "phone" | "whatsapp"; shown: string; href: string };

/** The shop's host name ("timsar.example"), which names the shop until the owner gives it a name. */
export function shopHostName(): string {
  return new URL(getEnv().appUrl).host.replace(/^www\./, "");
}

export function shopFace(settings: ShopIdentity, language: Language): ShopFace {
  return {
    name: settings.shopName?.[language] ?? shopHostName(),
    email: settings.contactEmail,
    phone: settings.contactPhone ? displayPhone(settings.contactPhone) : null,
    contactLinks: [
      settings.contactEmail ? { kind: "email" as const, shown: settings.contactEmail, href: `mailto:${settings.contactEmail}` } : null,
      settings.contactPhone ? { kind: "phone" as const, shown: displayPhone(settings.contactPhone), href: `tel:+965${settings.contactPhone}` } : null,
      settings.whatsappNumber ? { kind: "whatsapp" as const, shown: displayPhone(settings.whatsappNumber), href: `https://wa.me/965${settings.whatsappNumber}` } : null,
    ].filter((link) => link !== null),
    address: settings.address?.[language] ?? null,
    tagline: settings.tagline?.[language] ?? null,
    instagramUrl: settings.instagram ? instagramUrl(settings.instagram) : null,
    commercialRegistration: settings.commercialRegistration,
    year: new Date().getUTCFullYear(),
  };
}

export async function getShopFace(language: Language): Promise<ShopFace> {
  return shopFace(await getShopSettings(), language);
}

/** The shop's name in both languages, for the mails that carry both. */
export async function shopNames(): Promise<Record<Language, string>> {
  const settings = await getShopSettings();
  return { en: shopFace(settings, "en").name, ar: shopFace(settings, "ar").name };
}

/** The shop's name in the request's language: what page titles, `og:site_name` and page descriptions name. */
export async function shopNameFor(request: Request): Promise<string> {
  return (await getShopFace(await getLanguage(request))).name;
}

/** Whether the owner still has to give the shop a name or a way to reach it (the dashboard asks her to). */
export function identityMissing(settings: ShopIdentity): boolean {
  return !settings.shopName || !settings.contactEmail || !settings.contactPhone;
}
