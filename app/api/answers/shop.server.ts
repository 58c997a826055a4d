import type { DeliverySlotSettings } from "~/shared/delivery-slots";
import { filsToKD } from "~/shared/money";
import type { DeliveryArea, ShopSettings } from "~/models/shop/index.server";

/** The shop's own records as the API answers them: the audit log, delivery areas and settings (CONTRACT.md). */

/** CONTRACT.md's shape of one entry (the summary in English), and the client address of sign-ins and failed attempts. */
export function auditEntryJson(entry: { at: Date; actorEmail: string; actorRole: string; action: string; entityType: string; entityId: string; summary: string; address: string | null }) {
  return {
    at: entry.at.toISOString(),
    actor: { email: entry.actorEmail, role: entry.actorRole },
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
    address: entry.address,
  };
}


/** An area as the API answers it (CONTRACT.md): the public list leaves `isHidden` out, the owner's has it. */
export function areaJson(area: DeliveryArea) {
  return {
    _id: area.id,
    name: { en: area.nameEn, ar: area.nameAr },
    governorate: { en: area.governorateEn, ar: area.governorateAr },
    fee: filsToKD(area.feeFils),
  };
}

export function ownerAreaJson(area: DeliveryArea & { orderCount?: number }) {
  return { ...areaJson(area), isHidden: area.isHidden, ...(area.orderCount === undefined ? {} : { orderCount: area.orderCount }) };
}


/** CONTRACT.md "Shop settings": amounts in KD, every field present (null when unset). */
export function settingsJson(settings: ShopSettings) {
  return {
    freeDeliveryFromKD: settings.freeDeliveryFromFils === null ? null : filsToKD(settings.freeDeliveryFromFils),
    shopName: settings.shopName,
    contactEmail: settings.contactEmail,
    contactPhone: settings.contactPhone,
    whatsappNumber: settings.whatsappNumber,
    address: settings.address,
    tagline: settings.tagline,
    instagram: settings.instagram,
    commercialRegistration: settings.commercialRegistration,
    ownerAlertsPhone: settings.ownerAlertsPhone,
    paymentReminders: settings.paymentReminders,
    deliveryDays: settings.deliveryDays,
    giftWrapKD: settings.giftWrapFils === null ? null : filsToKD(settings.giftWrapFils),
    reviewsAutoPublish: settings.reviewsAutoPublish,
  };
}

/** `GET`/`PUT /api/admin/delivery-slots` (CONTRACT.md "Gifts and delivery times"): the owner's windows, cut-off and closed dates. */
export function deliverySlotSettingsJson(settings: DeliverySlotSettings) {
  return {
    windows: settings.windows.map((window) => ({ id: window.id, from: window.from, to: window.to, capacity: window.capacity, days: window.days })),
    sameDayCutoff: settings.sameDayCutoff,
    closedDates: settings.closedDates,
  };
}
