import { kuwaitDateKey } from "./admin-dates";

/**
 * Kuwait's e-commerce rules (issue 48, docs/decisions/0093): a paid order not delivered this many days after its
 * promised day may be cancelled by its shopper, with everything paid refunded.
 */
export const LATE_CANCEL_AFTER_DAYS = 14;

/** "2026-11-29" plus `days` calendar days. */
export function addDays(dateKey: string, days: number): string {
  const date = new Date(`${dateKey}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * The first Kuwait day on which a late order may be cancelled: the promised day and 14 whole days after it have
 * passed without delivery ("more than 14 days late").
 */
export function lateCancelFrom(promisedBy: string): string {
  return addDays(promisedBy, LATE_CANCEL_AFTER_DAYS + 1);
}

export type LateCancelState = "open" | "tooEarly" | "notPaid" | "delivered" | "cancelled";

/**
 * Whether the shopper may cancel the order as late now, or why not. An order once delivered (`deliveredAt`, kept when
 * its status is moved afterwards) is never late: the shopper has it, and a return is the way back.
 */
export function lateCancelState(
  order: { paymentStatus: string; status: string; promisedBy: string | null; lateCancelledAt?: Date | string | null; deliveredAt: Date | string | null },
  now: Date,
): LateCancelState {
  if (order.status === "cancelled" || order.lateCancelledAt) return "cancelled";
  if (order.paymentStatus !== "paid") return "notPaid";
  if (order.status === "delivered" || order.deliveredAt) return "delivered";
  if (!order.promisedBy || kuwaitDateKey(now) < lateCancelFrom(order.promisedBy)) return "tooEarly";
  return "open";
}
