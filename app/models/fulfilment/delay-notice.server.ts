import { prisma } from "~/db.server";
import { recordAudit, type AuditActor } from "~/models/shop/index.server";
import { findAdminOrderId } from "./admin-order.server";
import { nudgeOutbox, orderContacts, queueShopperMessages } from "~/models/messaging/index.server";
import { isDateKey, todayInKuwait } from "~/shared/admin-dates";

/**
 * The owner's delay notice (issue 30): "your order will arrive on …", queued to the shopper as kind `delay` with the
 * date in its params, by e-mail and to their phone as `phoneChannelFor` decides. The outbox draws and sends it.
 * Only for a paid order still on its way, and at most DELAY_NOTICES_PER_ORDER times (issue 42, docs/decisions/0068).
 */

export const DELAY_NOTICES_PER_ORDER = 3;

/** Why an order takes no delay notice: not paid, cancelled, delivered already, or its notices are used up. */
export type DelayRefusal = "notPaid" | "cancelled" | "delivered" | "limitReached";

/** The same rule as the write's condition, for the order page (which then offers no form) and the refusal's reason. */
export function delayNoticeRefusal(order: { status: string; paymentStatus: string; delayNoticeCount: number }): DelayRefusal | null {
  if (order.status === "cancelled") return "cancelled";
  if (order.status === "delivered") return "delivered";
  if (order.paymentStatus !== "paid") return "notPaid";
  return order.delayNoticeCount >= DELAY_NOTICES_PER_ORDER ? "limitReached" : null;
}

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

export type DelayNoticeOutcome = { ok: true } | { ok: false; reason: "notFound" | DelayRefusal };

/**
 * Queues the notice for the order (its id or number). The order's state and its count of notices are the condition
 * of the count's own increment, the transaction's first statement: of two clicks at once for the last notice one
 * wins, and the other queues nothing.
 */
export async function queueDelayNotice(idOrNumber: string, date: string, actor?: AuditActor): Promise<DelayNoticeOutcome> {
  const orderId = await findAdminOrderId(idOrNumber);
  if (!orderId) return { ok: false, reason: "notFound" };
  const outcome = await prisma.$transaction(async (tx): Promise<DelayNoticeOutcome> => {
    const taken = await tx.order.updateMany({
      where: { id: orderId, paymentStatus: "paid", status: { notIn: ["cancelled", "delivered"] }, delayNoticeCount: { lt: DELAY_NOTICES_PER_ORDER } },
      data: { delayNoticeCount: { increment: 1 } },
    });
    if (taken.count !== 1) {
      const order = await tx.order.findUnique({ where: { id: orderId }, select: { status: true, paymentStatus: true, delayNoticeCount: true } });
      return { ok: false, reason: order ? (delayNoticeRefusal(order) ?? "limitReached") : "notFound" };
    }
    const contacts = await orderContacts(tx, orderId);
    if (!contacts) return { ok: false, reason: "notFound" };
    await queueShopperMessages(tx, contacts, "delay", { date });
    if (actor) await recordAudit(tx, { actor, action: "delay", entityType: "order", entityId: orderId, params: { date } });
    return { ok: true };
  });
  if (outcome.ok) nudgeOutbox();
  return outcome;
}
