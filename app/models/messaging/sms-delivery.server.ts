import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { smsStatus } from "~/messages/kwtsms.server";
import { startTimedJob } from "~/models/shop/index.server";
import { logger } from "~/utils/logger.server";

/**
 * kwtSMS tells of delivery only when asked (/API/status/, CONTRACT.md): a timed pass asks for each SMS sent in the
 * last day and moves its row to `delivered` once it left kwtSMS's queue, or to `failed` with kwtSMS's reason. Past a
 * day a row stays `sent`: kwtSMS keeps no answer worth asking for that long, and the pass stays small.
 */

export const SMS_POLL_WINDOW_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/** One pass: asks kwtSMS about the SMS rows still `sent` and under a day old; answers how many rows it moved. */
export async function pollSmsDeliveries(now = new Date()): Promise<number> {
  const config = getEnv().kwtSms;
  if (!config) return 0;
  // updatedAt is when the row was sent: nothing else writes a `sent` row until its delivery is known.
  const rows = await prisma.outboxMessage.findMany({
    where: { channel: "sms", status: "sent", providerMessageId: { not: null }, updatedAt: { gte: new Date(now.getTime() - SMS_POLL_WINDOW_MS) } },
    orderBy: { updatedAt: "asc" },
    take: BATCH,
    select: { id: true, providerMessageId: true },
  });
  let moved = 0;
  for (const row of rows) {
    const answer = await smsStatus(config, row.providerMessageId!);
    if (!answer.ok) {
      // A fault or a refusal (an id kwtSMS no longer knows): asked again next pass, until the day is over.
      logger.warn(`SMS status of message ${row.id} not known: ${answer.reason}`);
      continue;
    }
    if (answer.state === "queued") continue;
    const data = answer.state === "sent" ? { status: "delivered" } : { status: "failed", lastError: `kwtSMS: ${answer.description}`.slice(0, 500) };
    const { count } = await prisma.outboxMessage.updateMany({ where: { id: row.id, status: "sent" }, data });
    moved += count;
  }
  return moved;
}

/** Every 5 minutes, one server at a time. */
export function startSmsDeliveryPolling(intervalMs = 5 * 60_000): () => Promise<void> {
  return startTimedJob("sms-delivery", { intervalMs, holdMs: Math.max(5 * 60_000, 2 * intervalMs) }, () => pollSmsDeliveries());
}
