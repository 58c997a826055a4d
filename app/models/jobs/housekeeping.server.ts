import { prisma, type Prisma } from "~/db.server";
import { ADMIN_IDLE_HOURS, CUSTOMER_IDLE_DAYS, PROOF_LIFETIME_MINUTES, deleteSpentInvitations } from "~/models/accounts/index.server";
import { startTimedJob, deleteOldAuditEntries } from "~/models/shop/index.server";
import { dropIdleSavedCarts } from "~/models/orders/index.server";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** An order still unpaid (or failed) this long after it was placed is abandoned: the shop keeps no personal data of it. */
export const ABANDONED_ORDER_DAYS = 30;
/** What replaces the shopper's name, contacts and address; the city stays (it explains the delivery fee). */
export const REMOVED = "—";
/** A back-in-stock notice whose mail went this long ago has done its work; its e-mail address goes with it. */
export const SENT_STOCK_NOTICE_DAYS = 30;

/**
 * Deletes what has expired and is only clutter or risk once it has: sessions past their absolute or idle end,
 * codes whose proofs can no longer be used, rate-limit counters whose window is over, back-in-stock notices
 * mailed a month ago and the addresses left without any. Answers the counts.
 */
export async function purgeExpired(now = new Date()) {
  const [sessions, codes, rateLimits, stockNotices, messages] = await prisma.$transaction([
    prisma.session.deleteMany({
      where: {
        OR: [
          { expiresAt: { lte: now } },
          { kind: "customer", lastSeenAt: { lte: new Date(now.getTime() - CUSTOMER_IDLE_DAYS * DAY_MS) } },
          { kind: "admin", lastSeenAt: { lte: new Date(now.getTime() - ADMIN_IDLE_HOURS * HOUR_MS) } },
        ],
      },
    }),
    // A used code stays while a proof made from it may still set the password (docs/decisions/0007).
    prisma.oneTimeCode.deleteMany({ where: { expiresAt: { lte: new Date(now.getTime() - PROOF_LIFETIME_MINUTES * 60 * 1000) } } }),
    prisma.rateLimit.deleteMany({ where: { resetsAt: { lte: now } } }),
    prisma.stockNotice.deleteMany({ where: { notifiedAt: { lte: new Date(now.getTime() - SENT_STOCK_NOTICE_DAYS * DAY_MS) } } }),
    // An address no notice waits for any more is not kept (a day's grace covers a sign-up under way).
    prisma.stockNoticeAddress.deleteMany({ where: { notices: { none: {} }, createdAt: { lte: new Date(now.getTime() - DAY_MS) } } }),
    // A message about no order (a mail drawn when queued) has done its work a month after it went or failed.
    prisma.outboxMessage.deleteMany({
      where: { orderId: null, status: { not: "queued" }, updatedAt: { lte: new Date(now.getTime() - SENT_STOCK_NOTICE_DAYS * DAY_MS) } },
    }),
  ]);
  return { sessions: sessions.count, codes: codes.count, rateLimits: rateLimits.count, stockNotices: stockNotices.count, messages: messages.count };
}

/** Custom tags keep their titles; the values the shopper typed (often a child's name) go. */
function scrubTags(tags: Prisma.JsonValue): Prisma.InputJsonValue {
  if (!Array.isArray(tags)) return [];
  return tags.map((tag) => (tag && typeof tag === "object" && !Array.isArray(tag) ? { ...(tag as Prisma.InputJsonObject), value: REMOVED } : {}));
}

/**
 * Abandoned unpaid orders lose the shopper's personal data: name, e-mail, phone, address, notes and what they
 * asked to have printed. The row, its number, items and amounts stay for the books.
 */
export async function scrubAbandonedOrders(now = new Date()): Promise<number> {
  const orders = await prisma.order.findMany({
    where: {
      paymentStatus: { in: ["unpaid", "failed"] },
      createdAt: { lte: new Date(now.getTime() - ABANDONED_ORDER_DAYS * DAY_MS) },
      personalDataRemovedAt: null,
    },
    select: { id: true, items: { select: { id: true, customTags: true } } },
    take: 500,
  });
  for (const order of orders) {
    await prisma.$transaction([
      prisma.order.update({
        where: { id: order.id },
        data: {
          fullName: REMOVED,
          email: REMOVED,
          phone: REMOVED,
          street: REMOVED,
          streetNumber: REMOVED,
          block: REMOVED,
          buildingNumber: REMOVED,
          floor: null,
          apartmentNumber: null,
          notes: null,
          customerId: null,
          personalDataRemovedAt: now,
        },
      }),
      ...order.items.map((item) =>
        prisma.orderItem.update({
          where: { id: item.id },
          data: { customTags: scrubTags(item.customTags) },
        }),
      ),
      // Its messages lose the address or number they went to; one still waiting has nowhere left to go.
      prisma.outboxMessage.updateMany({ where: { orderId: order.id, status: "queued" }, data: { status: "failed", lastError: "personal data removed" } }),
      prisma.outboxMessage.updateMany({ where: { orderId: order.id }, data: { recipient: REMOVED, claimedUntil: null } }),
    ]);
  }
  return orders.length;
}

export async function runHousekeeping(now = new Date()) {
  return {
    ...(await purgeExpired(now)),
    orders: await scrubAbandonedOrders(now),
    auditEntries: await deleteOldAuditEntries(now),
    invitations: await deleteSpentInvitations(now),
    savedCarts: await dropIdleSavedCarts(now),
  };
}

/** Runs housekeeping 30 s after start and then every interval (hourly by default), on one server at a time. */
export function startHousekeeping(intervalMs = HOUR_MS): () => Promise<void> {
  return startTimedJob("housekeeping", { intervalMs, firstDelayMs: 30_000, holdMs: 10 * 60_000 }, () => runHousekeeping());
}
