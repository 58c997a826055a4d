import { prisma, type Prisma } from "~/db.server";
import type { AuditEntityType } from "~/shared/audit-entities";
import { kuwaitDayEnd, kuwaitDayStart } from "~/shared/admin-dates";

/**
 * The audit log (CONTRACT.md "Staff and roles"): who did what to which entity, written by `recordAudit` inside the
 * transaction of the change itself, so an entry exists exactly when its change does. Entries are never edited;
 * housekeeping deletes those older than two years.
 */

export const AUDIT_KEEP_DAYS = 2 * 365;
export const AUDIT_PAGE_SIZE = 50;

export { AUDIT_ENTITY_TYPES, type AuditEntityType } from "~/shared/audit-entities";

/** The member making the change, as the admin guard answers it (`SignedInAdmin` fits). */
export type AuditActor = { id: string; email: string; role: string; requestId?: string | null };

export type AuditRecord = {
  actor: AuditActor;
  /** what was done, a short verb phrase in code form: "status", "refund", "create", "update", "delete", "invite", … */
  action: string;
  entityType: AuditEntityType;
  entityId: string;
  /** a short line in plain English for the log page, e.g. "pending → processing"; cut to 300 characters */
  summary: string;
};

/** Writes one entry with the transaction's client `tx`: call it beside the write it records. */
export async function recordAudit(tx: Prisma.TransactionClient, record: AuditRecord): Promise<void> {
  await tx.auditEntry.create({
    data: {
      actorId: record.actor.id,
      actorEmail: record.actor.email,
      actorRole: record.actor.role,
      action: record.action.slice(0, 64),
      entityType: record.entityType,
      entityId: record.entityId.slice(0, 128),
      summary: record.summary.slice(0, 300),
      requestId: record.actor.requestId?.slice(0, 128) ?? null,
    },
  });
}

/**
 * Runs `write` and, when an actor is given, its entry in one transaction. For model functions whose write is a single
 * statement: `audited(actor, (tx) => tx.coupon.create(...), (row) => ({ action, entityType, entityId, summary }))`.
 */
export async function audited<T>(
  actor: AuditActor | undefined,
  write: (tx: Prisma.TransactionClient) => Promise<T>,
  describe: (result: T) => Omit<AuditRecord, "actor"> | null,
): Promise<T> {
  if (!actor) return write(prisma);
  return prisma.$transaction(async (tx) => {
    const result = await write(tx);
    const record = describe(result);
    if (record) await recordAudit(tx, { actor, ...record });
    return result;
  });
}

export type AuditQuery = { actor?: string; entityType?: string; entityId?: string; from?: Date; to?: Date; page?: number };

/** The filter as the page and the API take it: empty fields are no filter, dates are whole Kuwait days. */
export function auditQueryOf(input: { actor?: string; entityType?: string; entityId?: string; from?: string; to?: string; page?: number }): AuditQuery {
  return {
    actor: input.actor || undefined,
    entityType: input.entityType || undefined,
    entityId: input.entityId || undefined,
    from: input.from ? kuwaitDayStart(input.from) : undefined,
    to: input.to ? kuwaitDayEnd(input.to) : undefined,
    page: input.page,
  };
}

/** Newest first, 50 a page; filters by the actor's e-mail, the entity and a date range (`to` is exclusive). */
export async function listAuditEntries(query: AuditQuery) {
  const page = Math.max(1, Math.floor(query.page ?? 1));
  const where: Prisma.AuditEntryWhereInput = {
    ...(query.actor ? { actorEmail: query.actor.trim().toLowerCase() } : {}),
    ...(query.entityType ? { entityType: query.entityType } : {}),
    ...(query.entityId ? { entityId: query.entityId } : {}),
    ...(query.from || query.to ? { at: { ...(query.from ? { gte: query.from } : {}), ...(query.to ? { lt: query.to } : {}) } } : {}),
  };
  const [entries, total] = await Promise.all([
    prisma.auditEntry.findMany({ where, orderBy: [{ at: "desc" }, { id: "desc" }], skip: (page - 1) * AUDIT_PAGE_SIZE, take: AUDIT_PAGE_SIZE }),
    prisma.auditEntry.count({ where }),
  ]);
  return { entries, page, pageCount: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)) };
}

/** CONTRACT.md's shape of one entry. */
export function auditEntryJson(entry: { at: Date; actorEmail: string; actorRole: string; action: string; entityType: string; entityId: string; summary: string }) {
  return {
    at: entry.at.toISOString(),
    actor: { email: entry.actorEmail, role: entry.actorRole },
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    summary: entry.summary,
  };
}

/** Housekeeping: entries are kept two years, then deleted. */
export async function deleteOldAuditEntries(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - AUDIT_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await prisma.auditEntry.deleteMany({ where: { at: { lt: before } } });
  return count;
}
