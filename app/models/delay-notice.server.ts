import { prisma } from "~/db.server";
import { audited, type AuditActor } from "~/models/audit.server";
import { findAdminOrderId } from "~/models/admin-order.server";
import { nudgeOutbox, orderContacts, queueShopperMessages } from "~/models/outbox-write.server";
import { isDateKey, todayInKuwait } from "~/shared/admin-dates";

/**
 * The owner's delay notice (issue 30): "your order will arrive on …", queued to the shopper as kind `delay` with the
 * date in its params, by e-mail and to their phone as `phoneChannelFor` decides. The outbox draws and sends it.
 */

/** Why a date is refused: missing, not a calendar day, or a Kuwait day already gone. */
export type DelayDateProblem = "dateRequired" | "dateInvalid" | "datePast";

/** The date the form or the API sent, as a `YYYY-MM-DD` Kuwait day from today on, or what is wrong with it. */
export function checkDelayDate(value: unknown, now = new Date()): { ok: true; date: string } | { ok: false; problem: DelayDateProblem } {
  if (value === undefined || value === null || (typeof value === "string" && value.trim() === "")) return { ok: false, problem: "dateRequired" };
  const date = typeof value === "string" ? value.trim() : value;
  if (!isDateKey(date)) return { ok: false, problem: "dateInvalid" };
  // Date keys compare as text: YYYY-MM-DD sorts by day.
  if (date < todayInKuwait(now)) return { ok: false, problem: "datePast" };
  return { ok: true, date };
}

/** Queues the notice for the order (its id or number); false when there is no such order. */
export async function queueDelayNotice(idOrNumber: string, date: string, actor?: AuditActor): Promise<boolean> {
  const orderId = await findAdminOrderId(idOrNumber);
  const order = orderId ? await orderContacts(prisma, orderId) : null;
  if (!order) return false;
  await audited(
    actor,
    (tx) => queueShopperMessages(tx, order, "delay", { date }),
    () => ({ action: "delay", entityType: "order", entityId: order.id, params: { date } }),
  );
  nudgeOutbox();
  return true;
}
