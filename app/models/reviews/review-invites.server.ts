import { prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { startTimedJob } from "~/models/shop/index.server";
import { nudgeOutbox, orderContacts, queueShopperMessages } from "~/models/messaging/index.server";
import { reviewLinkPath } from "./review-link.server";
import { logFailure } from "~/utils/logger.server";

/**
 * The review invitation (issue 47, CONTRACT.md "Reviews", decision 0090), scheduled as payment reminders are
 * (decision 0085): the first delivery writes `Order.reviewInviteAt` (delivery + REVIEW_INVITE_AFTER), and the
 * "review-invites" job reads the due orders through its index, never the table. Each order is cleared by one
 * conditional write in the transaction that queues its `review_invite` messages: two servers, or a pass repeated
 * after a restart, queue them once.
 */

const BATCH = 200;

/** When an order delivered at `deliveredAt` is asked for a review; null when REVIEW_INVITE_AFTER is off. */
export function reviewInviteAtFor(deliveredAt: Date, delayMs: number | null = getEnv().reviewInviteAfterMs): Date | null {
  return delayMs === null ? null : new Date(deliveredAt.getTime() + delayMs);
}

/** The invitation's parameters in its outbox row: the review page's signed link. */
export type ReviewInviteParams = { reviewPath: string };

/**
 * One due order: invited when it is still delivered and not every product of it was reviewed already; either way it
 * leaves the index. Answers whether an invitation was queued.
 */
async function inviteOne(order: { id: string; orderNumber: string; reviewInviteAt: Date | null }): Promise<boolean> {
  return prisma.$transaction(async (tx) => {
    const cleared = await tx.order.updateMany({ where: { id: order.id, reviewInviteAt: order.reviewInviteAt }, data: { reviewInviteAt: null } });
    if (cleared.count !== 1) return false;
    const current = await tx.order.findUnique({
      where: { id: order.id },
      select: { status: true, items: { select: { productId: true } }, reviews: { select: { productId: true } } },
    });
    if (!current || current.status !== "delivered") return false;
    const reviewed = new Set(current.reviews.map((review) => review.productId));
    if (!current.items.some((item) => item.productId && !reviewed.has(item.productId))) return false;
    const contacts = await orderContacts(tx, order.id);
    if (!contacts) return false;
    const params: ReviewInviteParams = { reviewPath: reviewLinkPath(order.orderNumber) };
    await queueShopperMessages(tx, contacts, "review_invite", params);
    return true;
  });
}

/** One pass: every order whose invitation is due, oldest first; one that fails is logged and left for the next pass. */
export async function inviteReviews(now = new Date()): Promise<number> {
  let queued = 0;
  const failed: string[] = [];
  for (;;) {
    const due = await prisma.order.findMany({
      where: { reviewInviteAt: { lte: now }, ...(failed.length ? { id: { notIn: failed } } : {}) },
      orderBy: [{ reviewInviteAt: "asc" }, { id: "asc" }],
      take: BATCH,
      select: { id: true, orderNumber: true, reviewInviteAt: true },
    });
    if (due.length === 0) break;
    for (const order of due) {
      try {
        if (await inviteOne(order)) queued++;
      } catch (error) {
        failed.push(order.id);
        logFailure(`review invitation of order ${order.id} left for the next pass`, error);
      }
    }
    if (due.length < BATCH) break;
  }
  if (queued > 0) nudgeOutbox();
  return queued;
}

/** The invitation job's timer, under the "review-invites" lease: every minute, or more often when the delay is short (tests). */
export function startReviewInvites(intervalMs = inviteInterval()): () => Promise<void> {
  return startTimedJob("review-invites", { intervalMs, holdMs: Math.max(2 * 60_000, 2 * intervalMs) }, () => inviteReviews());
}

function inviteInterval(): number {
  const delay = getEnv().reviewInviteAfterMs ?? 60_000;
  return Math.min(60_000, Math.max(1000, Math.floor(delay / 4)));
}
