import type { Prisma } from "~/db.server";
import { recordAudit, type AuditActor } from "~/models/shop/index.server";
import { orderContacts, queueShopperMessages } from "~/models/messaging/index.server";
import { ReturnError } from "./return.server";
import { RETURN_STATUSES, canMoveReturn, type ReturnStatus } from "~/shared/returns";

/** A return's one status move, shared by the owner's decisions (return-decision.server.ts, return-exchange.server.ts). */

export type Tx = Prisma.TransactionClient;
/** The member deciding: with an id and a role (a signed-in member) the decision is also audited. */
export type Admin = { email: string } & Partial<AuditActor>;

/**
 * What the shopper's message of a dearer exchange adds (return-exchange.server.ts): the exchange order's number, the
 * difference due and the path of its payment page.
 */
export type DueParams = { exchangeOrderNumber: string; dueFils: number; payPath: string };

function fromStatusesOf(to: ReturnStatus): ReturnStatus[] {
  return RETURN_STATUSES.filter((from) => canMoveReturn(from, to));
}

/**
 * No decision holds the return: a refund claims it (`claimedUntil`) while the gateway is asked, and until that claim
 * is released or runs out (a crash) every other decision on it is refused (docs/decisions/0069).
 */
function unclaimed(now: Date): Prisma.ReturnWhereInput {
  return { OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] };
}

/** Why a return could not be written: a refund holds it (busy), or it is gone. */
async function refusalOf(tx: Tx, id: string, now: Date): Promise<ReturnError> {
  const row = await tx.return.findUnique({ where: { id }, select: { claimedUntil: true } });
  if (!row) return new ReturnError("notFound", 404);
  return row.claimedUntil && row.claimedUntil >= now ? new ReturnError("busy", 409) : new ReturnError("badTransition", 409);
}

/**
 * Written first in every decision's transaction, before anything is read (SQLite's write lock; PostgreSQL's row
 * lock): a second decision waits here, and one arriving while a refund holds the return is refused with busy.
 */
export async function lockReturn(tx: Tx, id: string, now = new Date()) {
  const locked = await tx.return.updateMany({ where: { id, ...unclaimed(now) }, data: { updatedAt: now } });
  if (locked.count !== 1) throw await refusalOf(tx, id, now);
}

/**
 * Moves the status if it still is one that may go there and no other decision holds the return (one conditional
 * update), with its history row and the shopper's message. A refund passes its own `claim` (the `claimedUntil` it
 * wrote): its move is the one that claim lets through, and it fails if the claim was lost.
 */
export async function move(
  tx: Tx,
  id: string,
  to: ReturnStatus,
  admin: Admin,
  note: string | null,
  extra: Prisma.ReturnUpdateManyMutationInput = {},
  due?: DueParams,
  claim?: Date,
) {
  const now = new Date();
  const before = await tx.return.findUniqueOrThrow({ where: { id }, select: { status: true, orderId: true, number: true } });
  const held = claim ? { claimedUntil: claim } : unclaimed(now);
  const moved = await tx.return.updateMany({ where: { id, status: { in: fromStatusesOf(to) }, ...held }, data: { status: to, claimedUntil: null, ...extra } });
  if (moved.count !== 1) throw canMoveReturn(before.status, to) ? await refusalOf(tx, id, now) : new ReturnError("badTransition", 409);
  await tx.returnStatusChange.create({ data: { returnId: id, fromStatus: before.status, toStatus: to, changedBy: admin.email, note } });
  if (admin.id && admin.role) {
    const actor = { id: admin.id, email: admin.email, role: admin.role, requestId: admin.requestId };
    await recordAudit(tx, { actor, action: "status", entityType: "return", entityId: id, params: { number: before.number, from: before.status, to } });
  }
  const contacts = await orderContacts(tx, before.orderId);
  if (contacts) await queueShopperMessages(tx, contacts, "returnDecision", { returnNumber: before.number, status: to, note: note ?? "", ...due });
  return before;
}
