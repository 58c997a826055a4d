import { deliveryDateText } from "~/shared/delivery-date";
import type { TFunction } from "i18next";
import { buildingTypeLabel } from "~/shared/building-types";
import { campaignOfOrder } from "~/shared/campaign";
import { formatAdminDateTime } from "~/shared/admin-dates";
import { localized, type Language } from "~/shared/language";
import { formatKD } from "~/shared/money";
import { localFigure } from "~/shared/digits";
import { shownPaymentStatus } from "~/shared/payment-status";
import { getAdminOrder, invoiceUrlOf, type AdminOrderDetail } from "./admin-order.server";
import { DELAY_NOTICES_PER_ORDER, delayNoticeRefusal } from "./delay-notice.server";
import { getDeliveryArea } from "~/models/shop/index.server";
import { documentPath, freeDeliveryByCode, orderItemTags } from "~/models/orders/index.server";
import { optionTexts } from "~/models/catalogue/index.server";
import { shownMessageKind } from "~/models/messaging/index.server";

/**
 * The admin order page's view of an order (app/api's `orderDetailJson` is the API's): amounts and dates already written in
 * the page's language, the address as label keys and values, and the refund, credit note and status history rows.
 * Null when no order has this id or number.
 */
export async function getAdminOrderView(idOrNumber: string, language: Language, t: TFunction) {
  const order = await getAdminOrder(idOrNumber);
  return order ? adminOrderView(order, language, t) : null;
}

async function adminOrderView(order: AdminOrderDetail, language: Language, t: TFunction) {
  const money = (fils: number) => formatKD(fils, language);
  const freeDelivery = await freeDeliveryByCode(order);
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: shownPaymentStatus(order),
    paidAt: order.paidAt ? formatAdminDateTime(order.paidAt, language) : null,
    createdAt: formatAdminDateTime(order.createdAt, language),
    promisedBy: order.promisedBy ? deliveryDateText(order.promisedBy, language) : null,
    lateCancelledAt: order.lateCancelledAt ? formatAdminDateTime(order.lateCancelledAt, language) : null,
    fullName: order.fullName,
    email: order.email,
    phone: order.phone,
    notifyWhatsApp: order.notifyWhatsApp,
    source: campaignOfOrder(order),
    isGuest: order.isGuest,
    // An Arabic page names the building type and the area in Arabic (issue 28, point 7); the order keeps English.
    buildingType: buildingTypeLabel(order.buildingType, t),
    address: [
      ["city", language === "ar" ? ((await getDeliveryArea(order.city))?.nameAr ?? order.city) : order.city],
      ["block", order.block],
      ["street", order.street],
      ["streetNumber", order.streetNumber],
      ["building", order.buildingNumber],
      ["floor", order.floor],
      ["apartment", order.apartmentNumber],
      ["notes", order.notes],
    ].filter((entry): entry is [string, string] => Boolean(entry[1])),
    // The window chosen at checkout (issue 48), which the driver keeps to: the packing slip's words.
    deliveryWindow:
      order.deliveryDate && order.deliveryFrom && order.deliveryTo
        ? t("admin.packingSlip.deliveryWindow", {
            date: deliveryDateText(order.deliveryDate, language),
            from: localFigure(order.deliveryFrom, language),
            to: localFigure(order.deliveryTo, language),
          })
        : null,
    // What the owner prepares the parcel from (issue 48); the note and the name are the shopper's, as typed.
    gift: order.isGift
      ? { note: order.giftNote, wrap: order.giftWrap, recipientName: order.giftRecipientName, recipientPhone: order.giftRecipientPhone }
      : null,
    items: order.items.map((item) => ({
      id: item.id,
      name: localized(language, { en: item.nameEn, ar: item.nameAr }),
      /** the chosen variant's values (issue 31), "Red / M", empty without options */
      options: optionTexts(item.optionValues).map((value) => localized(language, value)).join(" / "),
      imageUrl: item.imageUrl,
      quantity: item.quantity,
      price: money(item.priceFils),
      lineTotal: money(item.priceFils * item.quantity),
      tags: orderItemTags(item.customTags).map((tag) => ({
        title: localized(language, { en: tag.titleEn, ar: tag.titleAr }),
        value: tag.value,
      })),
    })),
    productsTotal: money(order.subtotalFils),
    deliveryFee: money(order.deliveryFeeFils),
    // A line of its own, as on the invoice: the total includes it.
    giftWrap: order.giftWrapFils > 0 ? money(order.giftWrapFils) : null,
    freeDelivery: freeDelivery ? { code: freeDelivery.code, waivedFils: freeDelivery.waivedFils } : null,
    // An exchange's credit is named as such, never as a nameless code (decision 0078).
    discount:
      order.discountFils > 0
        ? { code: order.couponCode ?? "", fils: order.discountFils, exchangeFor: order.exchangeForOrderNumber }
        : null,
    total: money(order.totalFils),
    invoiceUrl: invoiceUrlOf(order),
    refund:
      order.paymentStatus === "paid"
        ? {
            left: order.totalFils - order.refundedFils,
            summary: t("admin.refund.left", {
              paid: money(order.totalFils),
              refunded: money(order.refundedFils),
              left: money(order.totalFils - order.refundedFils),
            }),
          }
        : null,
    refunds: order.refunds.map((refund, index) => ({
      id: String(index),
      when: formatAdminDateTime(refund.createdAt, language),
      who: refund.requestedBy,
      amount: money(refund.amountFils),
      status: refund.status as "pending" | "refunded" | "failed",
    })),
    creditNotes: order.creditNotes.map((note) => ({
      number: note.number,
      when: formatAdminDateTime(note.createdAt, language),
      amount: money(note.amountFils),
      remaining: money(note.remainingPaidFils),
      url: documentPath({ kind: "credit-note", number: note.number }),
    })),
    // The delay notice card: how many were sent, and why none can be now (the page then offers no form).
    delayNotice: delayNoticeView(order, t),
    messages: order.messages.map((message) => ({
      id: message.id,
      channel: message.channel,
      kind: shownMessageKind(message),
      status: message.status,
      when: formatAdminDateTime(message.updatedAt, language),
      reason: message.status === "failed" ? message.lastError : null,
    })),
    returns: order.returns.map((row) => ({ id: row.id, number: row.number, status: row.status, when: formatAdminDateTime(row.createdAt, language) })),
    history: order.statusChanges.map((change) => ({
      id: change.id,
      when: formatAdminDateTime(change.createdAt, language),
      // The order's first row is written by the shop itself, stored as "system": the page names it in its language.
      who: change.changedBy === "system" ? t("admin.order.historyBySystem") : change.changedBy,
      bySystem: change.changedBy === "system",
      from: change.fromStatus,
      to: change.toStatus,
    })),
  };
}

export type AdminOrderView = Awaited<ReturnType<typeof adminOrderView>>;

function delayNoticeView(order: AdminOrderDetail, t: TFunction) {
  const refusal = delayNoticeRefusal(order);
  return {
    sent: t("admin.delay.sent", { count: order.delayNoticeCount, max: DELAY_NOTICES_PER_ORDER }),
    refusal: refusal ? t(`admin.delay.${refusal}`, { max: DELAY_NOTICES_PER_ORDER }) : null,
  };
}
