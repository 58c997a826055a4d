import crypto from "node:crypto";
import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { getShopSettings, startTimedJob } from "~/models/shop/index.server";
import { nudgeOutbox, orderContacts, queueShopperMessages } from "~/models/messaging/index.server";
import { payableLateWhere, reminderStepAt, unitsStillThere } from "~/models/orders/index.server";
import { paymentPathOf } from "./payment-start.server";
import { logFailure } from "~/utils/logger.server";

/**
 * Payment reminders (issue 45, CONTRACT.md "Unfinished checkouts", docs/decisions/0085): an order placed and not paid
 * is reminded after each delay of PAYMENT_REMINDERS, through the outbox. The job reads the due orders from the index
 * on `Order.nextReminderAt` (set at placing), and moves each order on by one conditional write, in the transaction
 * that queues its messages: of two servers, or a pass repeated after a restart, one moves it and queues them, once.
 */

/** Orders read per query: a pass goes on while a batch comes back full. */
const BATCH = 200;
const STOP_PURPOSE = "payment-reminders";

/** The payment reminder's parameters in its outbox row: where to pay, where to stop them, which reminder it is. */
export type ReminderParams = { payPath: string; stopPath: string; reminder: number };

function stopSignature(orderId: string, secret: string): string {
  return crypto.createHmac("sha256", secret).update(`${STOP_PURPOSE}:${orderId}`).digest("base64url");
}

/** The stop link's token: the order's id and its signature, so no one can stop another order's reminders. */
export function stopRemindersToken(orderId: string): string {
  return `${orderId}.${stopSignature(orderId, getEnv().sessionSecrets[0])}`;
}

export function stopRemindersPath(orderId: string): string {
  return `/payment/stop-reminders?token=${encodeURIComponent(stopRemindersToken(orderId))}`;
}

/** The order a stop token names, or null when it is not one the shop signed (any rotated secret is accepted). */
function orderOfStopToken(token: string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const orderId = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const valid = getEnv().sessionSecrets.some((secret) => {
    const expected = Buffer.from(stopSignature(orderId, secret));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  return valid ? orderId : null;
}

/** What the stop page shows for a token: the order's number and whether reminders may still come; null if unknown. */
export async function getReminderStop(token: string): Promise<{ orderNumber: string; stopped: boolean } | null> {
  const orderId = orderOfStopToken(token);
  if (!orderId) return null;
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: { orderNumber: true, nextReminderAt: true } });
  return order ? { orderNumber: order.orderNumber, stopped: order.nextReminderAt === null } : null;
}

/** The shopper's "stop the reminders of this order": no further reminder is queued for it. Null if the token is unknown. */
export async function stopPaymentReminders(token: string): Promise<{ orderNumber: string } | null> {
  const orderId = orderOfStopToken(token);
  if (!orderId) return null;
  await prisma.order.updateMany({ where: { id: orderId }, data: { nextReminderAt: null } });
  const order = await prisma.order.findUnique({ where: { id: orderId }, select: { orderNumber: true } });
  return order;
}

type DueOrder = { id: string; createdAt: Date; nextReminderAt: Date | null; reminderStep: number; remindedAt: Date | null };

/**
 * One due order: reminded when a delay came due since the last, the owner's setting is on and its units are still
 * there; else moved on without a message (a reminder passed over is not sent later). An order that can no longer
 * be paid (paid, cancelled) leaves the index. Answers whether a reminder was queued.
 */
async function remindOne(order: DueOrder, remindersOn: boolean, now: Date): Promise<boolean> {
  const seen = { id: order.id, nextReminderAt: order.nextReminderAt };
  const { due, step, nextAt } = reminderStepAt(order.createdAt, now, order.reminderStep);
  const payable = (await prisma.order.count({ where: { id: order.id, ...payableLateWhere() } })) === 1;
  if (!payable) {
    await prisma.order.updateMany({ where: seen, data: { nextReminderAt: null } });
    return false;
  }
  const session = due && remindersOn && (await unitsStillThere(order.id, now)) ? await firstPaymentSession(order.id) : null;
  const moveOn = { where: { ...seen, ...payableLateWhere() }, data: { nextReminderAt: nextAt, reminderStep: step } };
  // Moved on without a message: one conditional update, no transaction (on PostgreSQL an interactive transaction
  // costs three more round trips, and most passes only move orders on).
  if (!session) {
    await prisma.order.updateMany(moveOn);
    return false;
  }
  return prisma.$transaction(async (tx) => {
    const moved = await tx.order.updateMany({ ...moveOn, data: { ...moveOn.data, remindedAt: order.remindedAt ?? now } });
    if (moved.count !== 1) return false;
    const contacts = await orderContacts(tx, order.id);
    if (!contacts) return false;
    const params: ReminderParams = { payPath: paymentPathOf(session), stopPath: stopRemindersPath(order.id), reminder: step };
    await queueShopperMessages(tx, contacts, "payment_reminder", params);
    return true;
  });
}

/** The order's payment session (its first Payment row): the page a reminder's link opens. */
async function firstPaymentSession(orderId: string): Promise<string | null> {
  const payment = await prisma.payment.findFirst({ where: { orderId }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true } });
  return payment?.id ?? null;
}

/**
 * One pass of the reminder job: every order whose reminder time has come, read through the index, oldest first.
 * One order that fails is logged and left for the next pass; it never stops the others. Answers how many reminders
 * were queued (each to all of the order's channels).
 */
export async function remindUnpaidOrders(now = new Date()): Promise<number> {
  let queued = 0;
  let remindersOn: boolean | null = null;
  const failed: string[] = [];
  for (;;) {
    const due: DueOrder[] = await prisma.order.findMany({
      where: { nextReminderAt: { lte: now }, ...(failed.length ? { id: { notIn: failed } } : {}) },
      orderBy: [{ nextReminderAt: "asc" }, { id: "asc" }],
      take: BATCH,
      select: { id: true, createdAt: true, nextReminderAt: true, reminderStep: true, remindedAt: true },
    });
    if (due.length === 0) break;
    remindersOn ??= (await getShopSettings()).paymentReminders;
    for (const order of due) {
      try {
        if (await remindOne(order, remindersOn, now)) queued++;
      } catch (error) {
        failed.push(order.id);
        logFailure(`payment reminder of order ${order.id} left for the next pass`, error);
      }
    }
    if (due.length < BATCH) break;
  }
  if (queued > 0) nudgeOutbox();
  return queued;
}

/**
 * The reminder job's timer, under the "payment-reminders" lease (one pass at a time across every server): every
 * minute, or more often when PAYMENT_REMINDERS is shorter (tests set seconds), so a reminder is never much late.
 */
export function startPaymentReminders(intervalMs = reminderInterval()): () => Promise<void> {
  return startTimedJob("payment-reminders", { intervalMs, holdMs: Math.max(2 * 60_000, 2 * intervalMs) }, () => remindUnpaidOrders());
}

function reminderInterval(): number {
  const [first] = getEnv().paymentReminderDelaysMs;
  return Math.min(60_000, Math.max(1000, Math.floor((first ?? 60_000) / 4)));
}
