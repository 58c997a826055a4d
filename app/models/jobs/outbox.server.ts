import crypto from "node:crypto";
import client from "prom-client";
import { prisma } from "~/db.server";
import { sendMail } from "~/mail/send.server";
import { startTimedJob, THIS_PROCESS } from "~/models/shop/index.server";
import { drawMail } from "./outbox-mail.server";
import { smsChannel, whatsAppChannel, onOutboxNudge, type MessageChannel } from "~/models/messaging/index.server";
import { logFailure, logger } from "~/utils/logger.server";
import { messagesSent } from "~/utils/metrics.server";

/**
 * The outbox's sender (docs/decisions/0054-outbox.md): claims due rows one by one with a conditional write (as the
 * job leases do), sends each through its channel, and records the outcome. A failure waits longer each time and is
 * given up after a day; a sender that dies holding a claim leaves the row to whoever comes after the claim's end.
 */

export type OutboxRow = Awaited<ReturnType<typeof prisma.outboxMessage.findUniqueOrThrow>>;
/** `untried`: the provider was not called (kwtSMS's pace had no turn free soon), so it is no try (provider-http.server.ts). */
export type ChannelResult = { ok: true; providerId?: string } | { ok: false; retry: boolean; reason: string; untried?: true };
/** One channel: sends the row's message and says how it went; it throws only for what it did not foresee (retried). */
export type ChannelSender = (row: OutboxRow) => Promise<ChannelResult>;

/** A claim lasts this long: longer than any one send (SMTP, WhatsApp and kwtSMS calls time out well before). */
export const CLAIM_MS = 5 * 60 * 1000;
/** The waits after the 1st, 2nd… failure; past the last, it repeats until the row is a day old, then it is `failed`. */
export const RETRY_DELAYS_MS = [30, 60, 120, 300, 600, 1800, 3600, 7200, 14_400].map((seconds) => seconds * 1000);
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;
/** A message whose provider was not called is due again after this: the next timed pass, when turns are free again. */
export const UNTRIED_WAIT_MS = 15_000;
const BATCH = 20;
const REASON_MAX = 500;

/** The e-mail channel: the row drawn at send time (outbox-mail.server.ts) and sent through SMTP_URL. */
export const emailChannel: ChannelSender = async (row) => {
  const drawn = await drawMail(row);
  if (!drawn) return { ok: false, retry: false, reason: "nothing to send: the order or document is gone" };
  try {
    await sendMail(drawn.mail);
  } catch (error) {
    return { ok: false, retry: true, reason: error instanceof Error ? error.message : String(error) };
  }
  await drawn.afterSent?.();
  return { ok: true };
};

/** The channels the sender knows: e-mail here, WhatsApp and kwtSMS in outbox-phone.server.ts. */
export const messageChannels: Record<MessageChannel, ChannelSender | undefined> = {
  email: emailChannel,
  whatsapp: whatsAppChannel,
  sms: smsChannel,
};

export function waitAfter(attempts: number): number {
  return RETRY_DELAYS_MS[Math.min(attempts, RETRY_DELAYS_MS.length) - 1] ?? RETRY_DELAYS_MS[0];
}

/**
 * Claims for `holder` until `now + CLAIM_MS` those of the rows that are still due and that nobody holds, in one
 * conditional write (each row is checked on its own, so of racing senders one gets it): answers the ones now ours.
 */
async function claim(ids: string[], holder: string, now: Date): Promise<string[]> {
  const claimedUntil = new Date(now.getTime() + CLAIM_MS);
  await prisma.outboxMessage.updateMany({
    where: { id: { in: ids }, status: "queued", nextAttemptAt: { lte: now }, OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] },
    data: { claimedBy: holder, claimedUntil },
  });
  const ours = await prisma.outboxMessage.findMany({ where: { id: { in: ids }, claimedBy: holder, claimedUntil }, select: { id: true } });
  return ours.map((row) => row.id);
}

async function record(row: OutboxRow, holder: string, result: ChannelResult, now: Date): Promise<void> {
  const attempts = row.attempts + 1;
  const mine = { id: row.id, claimedBy: holder };
  if (result.ok) {
    messagesSent.inc({ channel: row.channel, outcome: "sent" });
    await prisma.outboxMessage.updateMany({
      where: mine,
      // A mail drawn already carries its links and codes (an invitation, a sign-in code): once sent, nothing needs
      // them, so they do not wait in the table for housekeeping.
      data: { status: "sent", attempts, providerMessageId: result.providerId ?? null, lastError: null, claimedUntil: null, ...(row.kind === "mail" ? { params: "{}" } : {}) },
    });
    return;
  }
  if (result.untried) {
    // Nothing reached the provider: the message keeps its tries, its reason and its day, and does not wait longer
    // each time as after a failure; it only stands aside so that this drain does not pick it again at once.
    logger.info(`message ${row.id} (${row.channel} ${row.kind}) waits: ${result.reason}`);
    await prisma.outboxMessage.updateMany({ where: mine, data: { nextAttemptAt: new Date(now.getTime() + UNTRIED_WAIT_MS), claimedUntil: null } });
    return;
  }
  const giveUp = !result.retry || now.getTime() - row.createdAt.getTime() >= GIVE_UP_AFTER_MS;
  messagesSent.inc({ channel: row.channel, outcome: giveUp ? "failed" : "retry" });
  // The reason is for the owner's order page; the log says only which row, never an address or a number.
  logger.warn(`message ${row.id} (${row.channel} ${row.kind}) try ${attempts} ${giveUp ? "failed for good" : "failed, will retry"}`);
  await prisma.outboxMessage.updateMany({
    where: mine,
    data: {
      status: giveUp ? "failed" : "queued",
      attempts,
      lastError: result.reason.slice(0, REASON_MAX),
      nextAttemptAt: new Date(now.getTime() + waitAfter(attempts)),
      claimedUntil: null,
    },
  });
}

async function sendOne(row: OutboxRow, holder: string, channels: Record<MessageChannel, ChannelSender | undefined>, now: Date): Promise<void> {
  const channel = channels[row.channel as MessageChannel];
  let result: ChannelResult;
  try {
    result = channel ? await channel(row) : { ok: false, retry: true, reason: `no sender for channel ${row.channel}` };
  } catch (error) {
    result = { ok: false, retry: true, reason: error instanceof Error ? error.message : String(error) };
  }
  await record(row, holder, result, now);
}

/** What places a message in its line: the order, the channel and the person it goes to, and when it was written. */
const IN_LINE = { id: true, orderId: true, channel: true, recipient: true, createdAt: true } as const;
type InLine = { id: string; orderId: string | null; channel: string; recipient: string; createdAt: Date };
/** An earlier message retried within this long still goes first; one waiting longer lets the later ones go. */
export const KEEP_ORDER_MS = 2 * 60 * 1000;

const before = (a: InLine, b: InLine) => a.createdAt < b.createdAt || (a.createdAt.getTime() === b.createdAt.getTime() && a.id < b.id);

/**
 * The ids of the rows that no earlier unsent message to the same person, by the same channel, about the same order
 * goes before: "on its way" never arrives ahead of "paid" because two senders (or a retry) took them side by side.
 * An earlier one that is due, held by a sender, or retried within KEEP_ORDER_MS holds the later ones back; one that
 * waits longer (its provider is down for a while) does not keep the rest waiting with it.
 */
async function notBehindEarlier(due: InLine[], at: Date): Promise<string[]> {
  const orderIds = [...new Set(due.flatMap((row) => (row.orderId ? [row.orderId] : [])))];
  if (orderIds.length === 0) return due.map((row) => row.id);
  const unsent = await prisma.outboxMessage.findMany({
    where: { orderId: { in: orderIds }, status: "queued", nextAttemptAt: { lte: new Date(at.getTime() + KEEP_ORDER_MS) } },
    select: IN_LINE,
  });
  const sameLine = (a: InLine, b: InLine) => a.orderId === b.orderId && a.channel === b.channel && a.recipient === b.recipient;
  return due.filter((row) => !row.orderId || !unsent.some((earlier) => sameLine(earlier, row) && before(earlier, row))).map((row) => row.id);
}

export type DrainOptions = { now?: () => Date; holder?: string; channels?: Record<MessageChannel, ChannelSender | undefined> };

/**
 * Sends every due row this process can claim, a batch at a time, and answers how many it tried. Safe beside other
 * senders on any server: a row is claimed by one conditional write, so only one of them sends it.
 */
export async function drainOutbox({ now = () => new Date(), holder = `${THIS_PROCESS}:${crypto.randomBytes(3).toString("hex")}`, channels = messageChannels }: DrainOptions = {}) {
  let tried = 0;
  for (let round = 0; round < 50; round++) {
    const at = now();
    const due = await prisma.outboxMessage.findMany({
      where: { status: "queued", nextAttemptAt: { lte: at }, OR: [{ claimedUntil: null }, { claimedUntil: { lt: at } }] },
      orderBy: [{ nextAttemptAt: "asc" }, { id: "asc" }],
      take: BATCH,
      select: IN_LINE,
    });
    if (due.length === 0) break;
    const claimed = await claim(await notBehindEarlier(due, at), holder, at);
    if (claimed.length === 0) break;
    const rows = await prisma.outboxMessage.findMany({ where: { id: { in: claimed }, claimedBy: holder }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] });
    for (const row of rows) {
      try {
        await sendOne(row, holder, channels, now());
      } catch (error) {
        // One bad row must not stop the rest; its claim runs out and the next pass tries it again.
        logFailure(`message ${row.id}`, error);
      }
    }
    tried += rows.length;
  }
  return tried;
}

/** Seconds since the oldest message still waiting to go was queued (0 when none waits), for /metrics. */
export async function oldestUnsentAgeSeconds(now = new Date()): Promise<number> {
  const oldest = await prisma.outboxMessage.findFirst({ where: { status: "queued" }, orderBy: { createdAt: "asc" }, select: { createdAt: true } });
  return oldest ? Math.max(0, (now.getTime() - oldest.createdAt.getTime()) / 1000) : 0;
}

function watchOutbox() {
  if (client.register.getSingleMetric("shop_messages_oldest_unsent_seconds")) return;
  new client.Gauge({
    name: "shop_messages_oldest_unsent_seconds",
    help: "Age of the oldest outbox message not yet sent (0 when none waits)",
    // Every worker reads the same table: the workers' answers are one value, not a sum.
    aggregator: "max",
    async collect() {
      this.set(await oldestUnsentAgeSeconds());
    },
  });
}

/**
 * Starts the sender in this process: at once on each nudge (a commit that queued rows here), and every 15 s under a
 * lease for what a nudge misses (another server's rows, retries that came due, a sender that died). Answers the stop.
 */
export function startOutbox(options: DrainOptions & { intervalMs?: number } = {}): () => Promise<void> {
  watchOutbox();
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drainOutbox(options)
      .catch((error: unknown) => logFailure("outbox failed", error))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          run();
        }
      });
  };
  const stopListening = onOutboxNudge(() => setImmediate(run));
  const stopTimer = startTimedJob("outbox", { intervalMs: options.intervalMs ?? 15_000, firstDelayMs: 1000, holdMs: CLAIM_MS }, () => drainOutbox(options));
  return async () => {
    stopped = true;
    stopListening();
    await Promise.all([stopTimer(), running]);
  };
}
