import type { Language } from "./language";

export const ORDER_STATUSES = ["pending", "processing", "outForDelivery", "delivered", "cancelled"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/** SPEC section 4: labels in both languages and the badge colour of each status. */
const STATUS_INFO: Record<OrderStatus, { en: string; ar: string; color: "yellow" | "blue" | "orange" | "green" | "red" }> = {
  pending: { en: "Pending", ar: "قيد الانتظار", color: "yellow" },
  processing: { en: "Processing", ar: "قيد التجهيز", color: "blue" },
  outForDelivery: { en: "Out for Delivery", ar: "خرج للتوصيل", color: "orange" },
  delivered: { en: "Delivered", ar: "تم التوصيل", color: "green" },
  cancelled: { en: "Cancelled", ar: "ملغي", color: "red" },
};

/** Any other value is grey and shows the raw value. */
export function orderStatusBadge(status: string, language: Language) {
  if (!isOrderStatus(status)) return { label: status, color: "grey" as const, known: false };
  const info = STATUS_INFO[status];
  return { label: info[language], color: info.color, known: true };
}

/** The statuses a shopper is told of when the owner sets them (CONTRACT.md "Messages to shoppers"). */
export const ANNOUNCED_STATUSES = ["processing", "outForDelivery", "delivered", "cancelled"] as const satisfies readonly OrderStatus[];
export type AnnouncedStatus = (typeof ANNOUNCED_STATUSES)[number];

export function isAnnouncedStatus(value: unknown): value is AnnouncedStatus {
  return typeof value === "string" && (ANNOUNCED_STATUSES as readonly string[]).includes(value);
}
