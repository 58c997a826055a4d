import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { smsStatus } from "~/messages/kwtsms.server";
import { startTimedJob } from "~/models/shop/index.server";
import { kwtSmsTurn } from "./kwtsms-pace.server";
import { logger } from "~/utils/logger.server";

/**
 * kwtSMS tells only where an SMS is when asked (/API/status/): `sent` once it left kwtSMS's queue, ERR030 when it is
 * stuck there with an error. It reports no delivery to a Kuwaiti handset (its delivery reports are for international
 * numbers only), so a row it calls `sent` stays `sent`: `delivered` would tell the owner what kwtSMS never said. A
 * timed pass asks for each SMS sent in the last day until kwtSMS has answered one way or the other, and moves a stuck
 * one to `failed` with kwtSMS's reason. Past a day a row is left alone: kwtSMS keeps no answer worth asking for that
 * long, and the pass stays small.
 */

export const SMS_POLL_WINDOW_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * One pass: asks kwtSMS about the SMS rows still `sent`, under a day old and not yet answered for; answers how many
 * of them kwtSMS answered for for good (left its queue, failed, or an id it does not know).
 */
export async function pollSmsDeliveries(now = new Date()): Promise<number> {
  const config = getEnv().kwtSms;
  if (!config) return 0;
  // updatedAt is when the row was sent: nothing else writes a `sent` row until kwtSMS has answered for it. Its
  // nextAttemptAt is the sender's no longer; this pass moves it past the row's day once kwtSMS has answered for good,
  // so that the row is not asked about again and the batch goes to the rows still waiting for an answer.
  const rows = await prisma.outboxMessage.findMany({
    where: { channel: "sms", status: "sent", providerMessageId: { not: null }, updatedAt: { gte: new Date(now.getTime() - SMS_POLL_WINDOW_MS) }, nextAttemptAt: { lte: now } },
    orderBy: { updatedAt: "asc" },
    take: BATCH,
    select: { id: true, providerMessageId: true, updatedAt: true },
  });
  let answered = 0;
  for (const row of rows) {
    const answer = await smsStatus({ ...config, turn: kwtSmsTurn }, row.providerMessageId!);
    // No turn free soon at kwtSMS's pace (sends are waiting for turns too): the rest are asked next pass.
    if (!answer.ok && answer.untried) break;
    if (!answer.ok) logger.warn(`SMS status of message ${row.id} not known: ${answer.reason}`);
    // Still in kwtSMS's queue, a fault, or the account's settings: asked again next pass, until the day is over.
    if (answer.ok ? answer.state === "queued" : answer.retry) continue;
    // An id kwtSMS does not know will not become known, and each question takes one of kwtSMS's turns: such a row
    // stays `sent` and is not asked about again, as one that left the queue.
    const data =
      answer.ok && answer.state === "failed"
        ? { status: "failed", lastError: `kwtSMS: ${answer.description}`.slice(0, 500) }
        : { nextAttemptAt: new Date(row.updatedAt.getTime() + SMS_POLL_WINDOW_MS), updatedAt: row.updatedAt };
    const { count } = await prisma.outboxMessage.updateMany({ where: { id: row.id, status: "sent" }, data });
    answered += count;
  }
  return answered;
}

/** Every 5 minutes, one server at a time. */
export function startSmsDeliveryPolling(intervalMs = 5 * 60_000): () => Promise<void> {
  return startTimedJob("sms-delivery", { intervalMs, holdMs: Math.max(5 * 60_000, 2 * intervalMs) }, () => pollSmsDeliveries());
}
