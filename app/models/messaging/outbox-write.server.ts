import { EventEmitter } from "node:events";
import { prisma, type Prisma } from "~/db.server";
import { languageOrDefault, type Language } from "~/shared/language";
import { normalizeKuwaitiPhone } from "~/shared/phone";
import { audited, ownerAlertsPhoneIn, type AuditActor } from "~/models/shop/index.server";

/**
 * Writing the outbox (docs/decisions/0054-outbox.md): every message is a row written in the transaction of the change
 * it reports, and the sender (outbox.server.ts) sends it after the commit. Nothing here sends anything.
 */

export const MESSAGE_CHANNELS = ["email", "whatsapp", "sms"] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_STATUSES = ["queued", "sent", "delivered", "read", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/**
 * What a message reports. The shopper's kinds go by e-mail and may also go by WhatsApp or SMS (a payment reminder
 * too); the owner's notice and a drawn mail only by e-mail; `ownerNewOrder`, the owner's alert of a paid order
 * (issue 45), only by WhatsApp or SMS.
 */
export type MessageKind = "paid" | "status" | "refund" | "returnDecision" | "delay" | "payment_reminder" | "review_invite" | "ownerPaid" | "ownerNewOrder" | "mail";
const PHONE_KINDS: ReadonlySet<MessageKind> = new Set(["paid", "status", "refund", "returnDecision", "delay", "payment_reminder", "review_invite"]);

/** A transaction's client, or the plain client for a message that reports no other write. */
type Db = Prisma.TransactionClient | typeof prisma;

type OrderContacts = { id: string; email: string; phone: string; language: string; notifyWhatsApp: boolean };

/**
 * The one place that decides whether a shopper's message also goes to their phone, and how (CONTRACT.md): WhatsApp
 * when the shopper agreed at checkout and the shop has WhatsApp configured, else SMS through kwtSMS when that is
 * configured, else none. A WhatsApp message that fails later falls back to SMS in the WhatsApp channel itself.
 */
export function phoneChannelFor(order: { notifyWhatsApp: boolean }, env: Record<string, string | undefined> = process.env): "whatsapp" | "sms" | null {
  const has = (...names: string[]) => names.every((name) => Boolean(env[name]));
  if (order.notifyWhatsApp && has("WHATSAPP_TOKEN", "WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_APP_SECRET", "WHATSAPP_VERIFY_TOKEN")) return "whatsapp";
  if (has("KWTSMS_USERNAME", "KWTSMS_PASSWORD", "KWTSMS_SENDER")) return "sms";
  return null;
}

/** `965` and the 8 local digits, as WhatsApp and kwtSMS want a Kuwaiti number. */
export function internationalPhone(phone: string): string {
  return `965${normalizeKuwaitiPhone(phone)}`;
}

/**
 * Queues a message about an order to its shopper: by e-mail when the order has an address, and to their phone as
 * `phoneChannelFor` decides. `params` is what the kind needs to draw the message at send time.
 */
export async function queueShopperMessages(db: Db, order: OrderContacts, kind: MessageKind, params: Record<string, unknown> = {}): Promise<void> {
  const language = languageOrDefault(order.language);
  const rows: Prisma.OutboxMessageCreateManyInput[] = [];
  const common = { orderId: order.id, kind, language, params: JSON.stringify(params) };
  if (order.email.includes("@")) rows.push({ ...common, channel: "email", recipient: order.email });
  const phoneChannel = PHONE_KINDS.has(kind) ? phoneChannelFor(order) : null;
  if (phoneChannel && order.phone) rows.push({ ...common, channel: phoneChannel, recipient: internationalPhone(order.phone) });
  if (rows.length) await db.outboxMessage.createMany({ data: rows });
}

/**
 * Queues the owner's phone alert of a paid order (`ownerNewOrder`, WhatsApp template `owner_new_order`, CONTRACT.md
 * "Shop settings") when she has set `ownerAlertsPhone`: by WhatsApp when the shop has it configured (her own number
 * needs no checkout choice), else by SMS; a WhatsApp refusal falls back to SMS as a shopper's message does. Arabic, as
 * the owner's pages are by default: the settings keep no language of hers. The phone is read in the caller's
 * transaction, so the alert goes to the number set when the order was paid.
 */
export async function queueOwnerAlert(db: Db, orderId: string): Promise<void> {
  const phone = await ownerAlertsPhoneIn(db);
  const channel = phone ? phoneChannelFor({ notifyWhatsApp: true }) : null;
  if (!phone || !channel) return;
  await db.outboxMessage.create({
    data: { orderId, channel, kind: "ownerNewOrder", language: "ar", recipient: internationalPhone(phone), params: "{}" },
  });
}

/** Queues one e-mail: the owner's notices, or a mail drawn already (`kind: "mail"`, the mail in `params`). */
export async function queueEmail(
  db: Db,
  message: { to: string; kind: MessageKind; language?: Language; orderId?: string | null; params?: Record<string, unknown> },
): Promise<void> {
  await db.outboxMessage.create({
    data: {
      orderId: message.orderId ?? null,
      channel: "email",
      kind: message.kind,
      language: message.language ?? "ar",
      recipient: message.to,
      params: JSON.stringify(message.params ?? {}),
    },
  });
}

/** The order's contacts as `queueShopperMessages` wants them, read inside the caller's transaction. */
export async function orderContacts(db: Db, orderId: string): Promise<OrderContacts | null> {
  return db.order.findUnique({ where: { id: orderId }, select: { id: true, email: true, phone: true, language: true, notifyWhatsApp: true } });
}

// One emitter per process, not per copy of this module: server/jobs.ts (through tsx) and the Remix build each load it.
const WAKE = Symbol.for("shop.outbox.wake");
const holder = globalThis as typeof globalThis & { [WAKE]?: EventEmitter };
/** The order's messages to its shopper, oldest first (the owner's own notices and alerts are not listed with them). */
export const shopperMessagesSelect = {
  where: { kind: { notIn: ["ownerPaid", "ownerNewOrder"] } },
  orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  select: { id: true, channel: true, kind: true, params: true, status: true, lastError: true, updatedAt: true },
} satisfies Prisma.Order$messagesArgs;

/** A message's kind as the API and the order page name it: a status change by the status it announces. */
export function shownMessageKind(message: { kind: string; params: string }): string {
  if (message.kind !== "status") return message.kind;
  const { status } = JSON.parse(message.params) as { status?: unknown };
  return typeof status === "string" ? status : message.kind;
}

/**
 * The owner's "send again" for a message that failed: queued at once with a fresh day of retries. Answers whether
 * there was such a failed message of this order.
 */
export async function requeueMessage(orderId: string, messageId: string, now = new Date(), actor?: AuditActor): Promise<boolean> {
  const requeued = await audited(
    actor,
    async (tx) => {
      const { count } = await tx.outboxMessage.updateMany({
        where: { id: messageId, orderId, status: "failed" },
        // createdAt starts the day of retries over: the sender gives up a day after it.
        data: { status: "queued", attempts: 0, nextAttemptAt: now, createdAt: now, claimedUntil: null, claimedBy: null },
      });
      return count === 1 ? tx.outboxMessage.findUniqueOrThrow({ where: { id: messageId }, select: { channel: true, kind: true } }) : null;
    },
    (message) => (message ? { action: "resend", entityType: "order", entityId: orderId, params: { kind: message.kind, channel: message.channel } } : null),
  );
  if (requeued) nudgeOutbox();
  return requeued !== null;
}

const wake = (holder[WAKE] ??= new EventEmitter());

/**
 * Wakes this process's sender at once, after the commit that wrote rows (the timer in server/jobs.ts catches what a
 * nudge misses: another server's rows, a retry's time, a process that died).
 */
export function nudgeOutbox(): void {
  wake.emit("nudge");
}

/** The sender listens here; answers the function that stops listening. */
export function onOutboxNudge(listener: () => void): () => void {
  wake.on("nudge", listener);
  return () => wake.off("nudge", listener);
}
