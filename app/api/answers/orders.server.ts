import { lateCancelFrom } from "~/shared/promised-date";
import { dayOrInstantKey } from "~/shared/admin-dates";
import { campaignOfOrder } from "~/shared/campaign";
import { filsToKD } from "~/shared/money";
import { shownPaymentStatus } from "~/shared/payment-status";
import { optionTexts } from "~/models/catalogue/index.server";
import { type CouponRecord, documentPath, orderItemTags } from "~/models/orders/index.server";
import { type AdminOrderDetail, type AdminOrderRow, type CustomerOrder, invoiceUrlOf, type lateCancelOutcome } from "~/models/fulfilment/index.server";
import { shownMessageKind } from "~/models/messaging/index.server";
import { exchangeOrderOf, returnJson, returnReadJson } from "./returns.server";

/**
 * Orders, their credit notes and discount codes as the API answers them (SPEC section 3's "Order (as read)",
 * CONTRACT.md). The shopper's My Orders and GET /api/orders/my, and the administrator's order detail give an item
 * and an address the same shape, so an API client reads one format wherever an order comes from.
 */

type StoredOrderItem = {
  productId: string | null;
  nameEn: string;
  nameAr: string;
  imageUrl: string;
  quantity: number;
  priceFils: number;
  customTags: unknown;
  variantId: string | null;
  optionValues: unknown;
};

type StoredAddress = {
  city: string;
  street: string;
  streetNumber: string;
  block: string;
  buildingNumber: string;
  floor: string | null;
  apartmentNumber: string | null;
  notes: string | null;
};

/** `customTags` are the values as the checkout sent them (SPEC: non-empty strings); `customTagDetails` adds titles. */
export function orderItemJson(item: StoredOrderItem) {
  const tags = orderItemTags(item.customTags);
  return {
    productId: item.productId,
    name: { en: item.nameEn, ar: item.nameAr },
    imageUrl: item.imageUrl,
    quantity: item.quantity,
    price: filsToKD(item.priceFils),
    customTags: tags.map((tag) => tag.value),
    customTagDetails: tags.map((tag) => ({ title: { en: tag.titleEn, ar: tag.titleAr }, value: tag.value })),
    /** the variant bought and its option values as they were named then (issue 31) */
    variantId: item.variantId,
    optionValues: optionTexts(item.optionValues as never),
  };
}

export function orderAddressJson(order: StoredAddress) {
  return {
    city: order.city,
    street: order.street,
    streetNumber: order.streetNumber,
    block: order.block,
    buildingNumber: order.buildingNumber,
    floor: order.floor ?? "",
    apartmentNumber: order.apartmentNumber ?? "",
    notes: order.notes ?? "",
  };
}

type StoredGiftAndSlot = {
  isGift: boolean;
  giftNote: string | null;
  giftWrap: boolean;
  giftWrapFils: number;
  giftRecipientName: string | null;
  giftRecipientPhone: string | null;
  deliveryDate: string | null;
  deliveryFrom: string | null;
  deliveryTo: string | null;
};

/** CONTRACT.md "Gifts and delivery times": `gift` (or null), `giftWrapAmount` and `deliverySlot` (or null) of an order as read. */
export function giftAndSlotJson(order: StoredGiftAndSlot) {
  return {
    gift: order.isGift
      ? { note: order.giftNote, wrap: order.giftWrap, recipientName: order.giftRecipientName, recipientPhone: order.giftRecipientPhone }
      : null,
    giftWrapAmount: filsToKD(order.giftWrapFils),
    deliverySlot: deliverySlotJson(order),
  };
}

export function deliverySlotJson(order: Pick<StoredGiftAndSlot, "deliveryDate" | "deliveryFrom" | "deliveryTo">) {
  return order.deliveryDate && order.deliveryFrom && order.deliveryTo ? { date: order.deliveryDate, from: order.deliveryFrom, to: order.deliveryTo } : null;
}

type ListedNote = { number: string; amountFils: number; createdAt: Date };

/** `creditNotes` of the order JSON (admin detail, My Orders): the address opens for the owner and the administrator. */
export function creditNoteJson(note: ListedNote) {
  return {
    number: note.number,
    amount: filsToKD(note.amountFils),
    createdAt: note.createdAt.toISOString(),
    url: documentPath({ kind: "credit-note", number: note.number }),
  };
}

/** An order of the shopper's as My Orders and GET /api/orders/my read it (SPEC section 3's "Order (as read)"). */
export function orderAsReadJson(order: CustomerOrder) {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    createdAt: order.createdAt.toISOString(),
    totalAmount: filsToKD(order.totalFils),
    productsTotal: filsToKD(order.subtotalFils),
    // CONTRACT.md's name; `discount` stays for the clients written against it before.
    discountAmount: filsToKD(order.discountFils),
    discount: filsToKD(order.discountFils),
    couponCode: order.couponCode,
    exchangeFor: order.exchangeForOrderNumber,
    deliveryFee: filsToKD(order.deliveryFeeFils),
    fullName: order.fullName,
    phone: order.phone,
    invoiceUrl: `/uploads/invoices/${encodeURIComponent(order.orderNumber)}.pdf`,
    address: orderAddressJson(order),
    items: order.items.map(orderItemJson),
    creditNotes: order.creditNotes.map(creditNoteJson),
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    returns: order.returns.map(returnReadJson),
    ...promiseJson(order),
    ...giftAndSlotJson(order),
  };
}

export type OrderAsRead = ReturnType<typeof orderAsReadJson>;

/** The JSON shape of SPEC section 3's "Order (as read)", in KD. */
export function orderListJson(order: AdminOrderRow) {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    fullName: order.fullName,
    phone: order.phone,
    status: order.status,
    paymentStatus: shownPaymentStatus(order),
    totalAmount: filsToKD(order.totalFils),
    createdAt: order.createdAt.toISOString(),
    deliverySlot: deliverySlotJson(order),
  };
}

export function orderDetailJson(order: AdminOrderDetail) {
  return {
    _id: order.id,
    orderNumber: order.orderNumber,
    fullName: order.fullName,
    email: order.email,
    phone: order.phone,
    status: order.status,
    paymentStatus: shownPaymentStatus(order),
    paidAt: order.paidAt?.toISOString() ?? null,
    refundedAmount: filsToKD(order.refundedFils),
    refunds: order.refunds.map((refund) => ({
      amount: filsToKD(refund.amountFils),
      status: refund.status,
      requestedBy: refund.requestedBy,
      createdAt: refund.createdAt.toISOString(),
    })),
    creditNotes: order.creditNotes.map(creditNoteJson),
    isGuest: order.isGuest,
    buildingType: order.buildingType,
    createdAt: order.createdAt.toISOString(),
    productsTotal: filsToKD(order.subtotalFils),
    // CONTRACT.md's name; `discount` stays for the clients written against it before.
    discountAmount: filsToKD(order.discountFils),
    discount: filsToKD(order.discountFils),
    couponCode: order.couponCode,
    exchangeFor: order.exchangeForOrderNumber,
    deliveryFee: filsToKD(order.deliveryFeeFils),
    totalAmount: filsToKD(order.totalFils),
    invoiceUrl: invoiceUrlOf(order),
    address: orderAddressJson(order),
    items: order.items.map(orderItemJson),
    deliveredAt: order.deliveredAt?.toISOString() ?? null,
    returns: order.returns.map((row) => returnJson(row, exchangeOrderOf(row, order.exchanges))),
    statusHistory: order.statusChanges.map((change) => ({
      fromStatus: change.fromStatus,
      toStatus: change.toStatus,
      changedBy: change.changedBy,
      changedAt: change.createdAt.toISOString(),
    })),
    messages: order.messages.map((message) => ({
      channel: message.channel,
      kind: shownMessageKind(message),
      status: message.status,
      at: message.updatedAt.toISOString(),
    })),
    notifyWhatsApp: order.notifyWhatsApp,
    ...promiseJson(order),
    ...giftAndSlotJson(order),
    // CONTRACT.md "Where the shopper came from": the campaign remembered when the order was placed.
    source: campaignOfOrder(order),
  };
}

/** Kuwait's e-commerce rules (issue 48): the promised day, and the first day a late order may be cancelled. */
function promiseJson(order: { promisedBy: string | null; lateCancelledAt: Date | null }) {
  return {
    promisedBy: order.promisedBy,
    lateCancelFrom: order.promisedBy ? lateCancelFrom(order.promisedBy) : null,
    lateCancelledAt: order.lateCancelledAt?.toISOString() ?? null,
  };
}

/** A code in the admin API's JSON: amounts in KD, days as Kuwait dates, a start or end within a day as its instant. */
export function couponJson(row: CouponRecord) {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === "percent" ? row.value : filsToKD(row.value),
    minProductsTotal: row.minProductsFils === null ? null : filsToKD(row.minProductsFils),
    startsOn: row.startsAt ? dayOrInstantKey(row.startsAt, "start") : null,
    endsOn: row.endsAt ? dayOrInstantKey(row.endsAt, "end") : null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    freeDelivery: row.freeDelivery,
    isEnabled: row.isEnabled,
    usedCount: row.usedCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A code as the API answers it: CONTRACT's names, then the shop's own names for clients written against those. */
export function couponApiJson(row: CouponRecord) {
  const coupon = couponJson(row);
  return {
    _id: coupon._id,
    code: coupon.code,
    type: coupon.kind === "percent" ? ("percentage" as const) : ("fixed" as const),
    value: coupon.value,
    minTotal: coupon.minProductsTotal,
    startsAt: coupon.startsOn,
    endsAt: coupon.endsOn,
    maxUses: coupon.maxUses,
    maxUsesPerCustomer: coupon.maxUsesPerCustomer,
    freeDelivery: coupon.freeDelivery,
    isActive: coupon.isEnabled,
    usedCount: coupon.usedCount,
    createdAt: coupon.createdAt,
    updatedAt: coupon.updatedAt,
    kind: coupon.kind,
    minProductsTotal: coupon.minProductsTotal,
    startsOn: coupon.startsOn,
    endsOn: coupon.endsOn,
    isEnabled: coupon.isEnabled,
  };
}

/** The answer of `POST /api/orders/{orderNumber}/cancel` (issue 48). */
export function lateCancelJson(order: Awaited<ReturnType<typeof lateCancelOutcome>>, message: string) {
  return {
    message,
    order: {
      orderNumber: order.orderNumber,
      status: order.status,
      promisedBy: order.promisedBy,
      lateCancelledAt: order.lateCancelledAt?.toISOString() ?? null,
      refundedAmount: filsToKD(order.refundedFils),
      creditNotes: order.creditNotes.map((note) => ({ number: note.number, amount: filsToKD(note.amountFils), createdAt: note.createdAt.toISOString() })),
    },
  };
}
