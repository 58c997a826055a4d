import { kuwaitDateKey, kuwaitDayEnd } from "./admin-dates";

/** CONTRACT.md "Returns and exchanges": a return's statuses, and where each may go. */
export const RETURN_STATUSES = ["requested", "approved", "rejected", "received", "refunded", "exchanged", "closed"] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

export const RETURN_RESOLUTIONS = ["refund", "exchange"] as const;
export type ReturnResolution = (typeof RETURN_RESOLUTIONS)[number];

/** The short list of reasons a shopper picks from; "other" lets them say more in the notes. */
export const RETURN_REASONS = ["changedMind", "wrongSize", "damaged", "notAsDescribed", "wrongItem", "other"] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

export const RETURN_WINDOW_DAYS = 14;

const NEXT: Record<ReturnStatus, readonly ReturnStatus[]> = {
  requested: ["approved", "rejected", "closed"],
  approved: ["received", "closed"],
  rejected: ["closed"],
  received: ["refunded", "exchanged", "closed"],
  refunded: ["closed"],
  exchanged: ["closed"],
  closed: [],
};

/** Returns the owner still has to act on (the dashboard's "returns waiting", the list's "waiting" filter). */
export const WAITING_RETURN_STATUSES = ["requested", "approved", "received"] as const satisfies readonly ReturnStatus[];

export function isReturnStatus(value: unknown): value is ReturnStatus {
  return typeof value === "string" && (RETURN_STATUSES as readonly string[]).includes(value);
}

export function canMoveReturn(from: string, to: ReturnStatus): boolean {
  return isReturnStatus(from) && NEXT[from].includes(to);
}

/** The statuses the owner can choose next from a return's page. */
export function nextReturnStatuses(from: string): readonly ReturnStatus[] {
  return isReturnStatus(from) ? NEXT[from] : [];
}

/**
 * The last instant a return may be asked: the end of the 14th Kuwait day after the day of delivery (the terms count
 * days, and the shop's days are Kuwait days), so an order delivered late in the evening keeps its whole last day.
 */
export function returnWindowEnd(deliveredAt: Date): Date {
  const day = kuwaitDateKey(deliveredAt);
  const last = new Date(`${day}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + RETURN_WINDOW_DAYS);
  return kuwaitDayEnd(last.toISOString().slice(0, 10));
}

export function isWithinReturnWindow(deliveredAt: Date | null, now: Date): boolean {
  return deliveredAt !== null && now < returnWindowEnd(deliveredAt);
}

/**
 * How long a dearer exchange holds its units for the shopper to pay the difference from its message (decision 0061):
 * two days to read a mail or an SMS and pay, while the rest of the shop's holds last 15 minutes.
 */
export const EXCHANGE_HOLD_HOURS = 48;

/**
 * The items' price less their share of the order's discount code (in proportion to the products total), in fils.
 * Delivery is never part of it.
 */
export function returnRefundFils(itemsFils: number, order: { subtotalFils: number; discountFils: number }): number {
  if (order.subtotalFils <= 0) return 0;
  const share = Math.round((order.discountFils * itemsFils) / order.subtotalFils);
  return Math.max(0, itemsFils - share);
}

/** The badge colour of each status, in the order statuses' palette (SPEC section 4). */
export const RETURN_STATUS_COLOR: Record<ReturnStatus, "yellow" | "blue" | "orange" | "green" | "red" | "grey"> = {
  requested: "yellow",
  approved: "blue",
  rejected: "red",
  received: "orange",
  refunded: "green",
  exchanged: "green",
  closed: "grey",
};
