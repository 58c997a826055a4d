import { ORDER_STATUSES } from "./order-status";

/**
 * The fulfilment tabs list paid orders only; orders not (yet) paid are kept apart under "unpaid". "toPrepare" is the
 * dashboard's "orders to prepare" (paid, new or being prepared, not refunded in full: decision 0080), first because
 * it is the packer's day.
 */
export const ADMIN_ORDER_TABS = ["toPrepare", ...ORDER_STATUSES, "unpaid"] as const;
export type AdminOrderTab = (typeof ADMIN_ORDER_TABS)[number];
export const DEFAULT_ORDER_TAB: AdminOrderTab = "pending";

/** Tabs where the date range applies (SPEC section 7: only delivered and cancelled send dates). */
export const DATED_TABS: readonly AdminOrderTab[] = ["delivered", "cancelled"];

export function isAdminOrderTab(value: unknown): value is AdminOrderTab {
  return typeof value === "string" && (ADMIN_ORDER_TABS as readonly string[]).includes(value);
}
