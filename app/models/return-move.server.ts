import type { Prisma } from "~/db.server";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { orderContacts, queueShopperMessages } from "~/models/outbox-write.server";
import { ReturnError } from "~/models/return.server";
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

/** Moves the status if it still is one that may go there, with its history row and the shopper's message. */
export async function move(
  tx: Tx,
  id: string,
  to: ReturnStatus,
  admin: Admin,
  note: string | null,
  extra: Prisma.ReturnUpdateManyMutationInput = {},
  due?: DueParams,
) {
  const before = await tx.return.findUniqueOrThrow({ where: { id }, select: { status: true, orderId: true, number: true } });
  const moved = await tx.return.updateMany({ where: { id, status: { in: fromStatusesOf(to) } }, data: { status: to, claimedUntil: null, ...extra } });
  if (moved.count !== 1) throw new ReturnError("badTransition", 409);
  await tx.returnStatusChange.create({ data: { returnId: id, fromStatus: before.status, toStatus: to, changedBy: admin.email, note } });
  if (admin.id && admin.role) {
    const actor = { id: admin.id, email: admin.email, role: admin.role, requestId: admin.requestId };
    await recordAudit(tx, { actor, action: "status", entityType: "return", entityId: id, params: { number: before.number, from: before.status, to } });
  }
  const contacts = await orderContacts(tx, before.orderId);
  if (contacts) await queueShopperMessages(tx, contacts, "returnDecision", { returnNumber: before.number, status: to, note: note ?? "", ...due });
  return before;
}
