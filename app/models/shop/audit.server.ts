import type { TFunction } from "i18next";
import { prisma, type Prisma } from "~/db.server";
import { fixedT } from "~/i18n/fixed-t.server";
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

/**
 * What the summary's text is made of: the log page words it in its own language from the key
 * `admin.audit.summaries.<entityType>.<action>` (with `context`, i18next's `_<context>` variant) and these values.
 */
export type AuditParams = Record<string, string | number>;

export type AuditRecord = {
  actor: AuditActor;
  /** what was done, a key of `admin.audit.actions`: "status", "refund", "create", "update", "delete", "invite", … */
  action: string;
  entityType: AuditEntityType;
  entityId: string;
  /** the summary's values; its English wording is stored as `summary` too (the API's field, and old readers') */
  params?: AuditParams;
  /** the client address, kept for sign-ins, sign-outs and failed attempts */
  address?: string | null;
};

/**
 * The action and summary of an entry in the language of `t`. Entries written before the summaries had keys (no
 * `params`) keep their stored English summary; their action is a known key and is translated all the same.
 */
export function auditText(t: TFunction, entry: { action: string; entityType: string; params: string | null; summary: string }): { action: string; summary: string } {
  const action = String(t(`admin.audit.actions.${entry.action}` as never, { defaultValue: entry.action } as never));
  const params = parseParams(entry.params);
  if (!params) return { action, summary: entry.summary };
  // Review entries logged before they kept the Arabic name (probe 1, finding 9) name the product in English.
  const summary = String(t(`admin.audit.summaries.${entry.entityType}.${entry.action}` as never, { nameAr: params.name, ...params, defaultValue: entry.summary } as never));
  return { action, summary };
}

function parseParams(text: string | null): AuditParams | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as AuditParams) : null;
  } catch {
    return null;
  }
}

/** Writes one entry with the transaction's client `tx`: call it beside the write it records. */
export async function recordAudit(tx: Prisma.TransactionClient, record: AuditRecord): Promise<void> {
  const params = JSON.stringify(record.params ?? {});
  await tx.auditEntry.create({
    data: {
      actorId: record.actor.id,
      actorEmail: record.actor.email,
      actorRole: record.actor.role,
      action: record.action.slice(0, 64),
      entityType: record.entityType,
      entityId: record.entityId.slice(0, 128),
      summary: auditText(fixedT("en"), { ...record, params, summary: record.action }).summary.slice(0, 300),
      params,
      address: record.address?.slice(0, 64) ?? null,
      requestId: record.actor.requestId?.slice(0, 128) ?? null,
    },
  });
}

/** What the log keeps of a member's access: sign-ins, sign-outs, wrong passwords and wrong two-step codes. */
export type AccessEvent = "signIn" | "signOut" | "signInFailed" | "codeFailed";

/** The member (as the actor and the entity) and the client address of one access event; `tx` when it joins a write. */
export async function recordAccess(
  action: AccessEvent,
  member: AuditActor,
  address: string | null,
  tx: Prisma.TransactionClient = prisma,
): Promise<void> {
  await recordAudit(tx, { actor: member, action, entityType: "staff", entityId: member.id, params: { email: member.email }, address });
}

/**
 * Runs `write` and, when an actor is given, its entry in one transaction. For model functions whose write is a single
 * statement: `audited(actor, (tx) => tx.coupon.create(...), (row) => ({ action, entityType, entityId, params }))`.
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

/** Housekeeping: entries are kept two years, then deleted. */
export async function deleteOldAuditEntries(now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - AUDIT_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const { count } = await prisma.auditEntry.deleteMany({ where: { at: { lt: before } } });
  return count;
}
