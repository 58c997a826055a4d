import crypto from "node:crypto";
import { isConstraintRefusal, prisma, type Prisma } from "~/db.server";
import { getEnv } from "~/env.server";
import { hashPassword } from "./password.server";
import { staffInvitationMail, staffPasswordLinkMail } from "~/mail/account-mail.server";
import { recordAudit, type AuditActor, type AuditParams, shopNames } from "~/models/shop/index.server";
import { resetTwoStepOf } from "./two-step.server";
import { nudgeOutbox, queueEmail } from "~/models/messaging/index.server";
import type { AdminRole } from "~/shared/admin-roles";
import type { Language } from "~/shared/language";

/**
 * Staff members (CONTRACT.md "Staff and roles"). An owner invites by e-mail with a role; the member sets a password
 * from the mailed link (72 hours, once). The account made from ADMIN_EMAIL stays an owner, and the shop always keeps
 * at least one enabled owner. A change of role or a disabling ends the member's sessions in the same transaction.
 */

export const INVITATION_HOURS = 72;
export const SET_PASSWORD_PATH = "/admin/timsar/set-password";
/** Where a member signs in once the password is set (the admin's sign-in page), named in the invitation. */
const SIGN_IN_PATH = "/admin/timsar";

export type StaffErrorReason = "exists" | "notFound" | "lastOwner" | "adminEmail" | "formerAdmin" | "notActive" | "ownPassword";
const STATUS: Record<StaffErrorReason, number> = { exists: 409, notFound: 404, lastOwner: 409, adminEmail: 409, formerAdmin: 409, notActive: 409, ownPassword: 409 };

export class StaffError extends Error {
  readonly status: number;
  constructor(readonly reason: StaffErrorReason) {
    super(reason);
    this.status = STATUS[reason];
  }
}

const memberSelect = { id: true, email: true, role: true, disabledAt: true, invitedAt: true, passwordHash: true, createdAt: true, totpEnabledAt: true } as const;
type MemberRow = Prisma.AdminGetPayload<{ select: typeof memberSelect }>;

/** A member as the staff page and the API read it: whether a password is set, never its hash. */
export type StaffMember = Omit<MemberRow, "passwordHash"> & { hasPassword: boolean };

function staffMember({ passwordHash, ...member }: MemberRow): StaffMember {
  return { ...member, hasPassword: passwordHash !== "" };
}

export async function findStaff() {
  const members = await prisma.admin.findMany({ select: memberSelect, orderBy: [{ createdAt: "asc" }, { email: "asc" }] });
  return members.map(staffMember);
}

const tokenHash = (token: string) => crypto.createHash("sha256").update(token).digest("base64url");

/**
 * Invites `email` with `role`: the member row (no password yet), an invitation holding only the hash of its token,
 * the mail with the link and the audit entry, in one transaction. Inviting again a member who never set a password
 * sends a new link and voids the earlier ones; any other known e-mail is a conflict.
 */
export async function inviteStaff(input: { email: string; role: AdminRole; language: Language }, actor: AuditActor) {
  const email = input.email.trim().toLowerCase();
  const token = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  // Read before the transaction: the invitation's subject names the shop as the owner set it.
  const shop = await shopNames();
  // Two owners inviting the same new e-mail at once both find no member and both insert under PostgreSQL's READ
  // COMMITTED; the later insert breaks the unique e-mail. It is then tried again and finds the pending member, as an
  // invitation sent a moment later would: a new link, the earlier one void.
  const invite = () => prisma.$transaction(async (tx) => {
    const existing = await tx.admin.findUnique({ where: { email }, select: memberSelect });
    if (existing && (existing.passwordHash !== "" || existing.disabledAt)) throw new StaffError("exists");
    const row = existing
      ? await tx.admin.update({ where: { id: existing.id }, data: { role: input.role }, select: memberSelect })
      : await tx.admin.create({ data: { email, role: input.role, passwordHash: "", invitedAt: now }, select: memberSelect });
    await tx.adminInvitation.updateMany({ where: { adminId: row.id, usedAt: null }, data: { usedAt: now } });
    await tx.adminInvitation.create({
      data: { adminId: row.id, tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + INVITATION_HOURS * 60 * 60 * 1000) },
    });
    const link = `${getEnv().appUrl}${SET_PASSWORD_PATH}?token=${token}`;
    const signIn = `${getEnv().appUrl}${SIGN_IN_PATH}`;
    const mail = staffInvitationMail({ to: email, link, signIn, role: input.role, language: input.language, hours: INVITATION_HOURS, shop });
    await queueEmail(tx, { to: email, kind: "mail", language: input.language, params: { subject: mail.subject, text: mail.text, html: mail.html } });
    await recordAudit(tx, { actor, action: "invite", entityType: "staff", entityId: row.id, params: { email, role: input.role } });
    return row;
  });
  const member = await invite().catch((error: unknown) => {
    if (isConstraintRefusal(error, "unique", "Admin", "email")) return invite();
    throw error;
  });
  nudgeOutbox();
  return staffMember(member);
}

/**
 * A new set-password link for an active member who forgot their password (p5-4): the same one-time link as an
 * invitation, 72 hours, the earlier live links void, mailed with the audit entry in one transaction. The current
 * password keeps working until the link sets a new one, which also ends the member's sessions (decision 0112). The
 * ADMIN_EMAIL account recovers through ADMIN_PASSWORD instead (CONTRACT.md), and a pending member is invited again.
 */
export async function sendStaffPasswordLink(id: string, language: Language, actor: AuditActor) {
  const token = crypto.randomBytes(32).toString("base64url");
  const now = new Date();
  const shop = await shopNames();
  const member = await prisma.$transaction(async (tx) => {
    const row = await tx.admin.findUnique({ where: { id }, select: memberSelect });
    if (!row) throw new StaffError("notFound");
    if (row.disabledAt || row.passwordHash === "") throw new StaffError("notActive");
    // Not invited: the account ADMIN_EMAIL makes, whose password ADMIN_PASSWORD sets at start.
    if (row.invitedAt === null) throw new StaffError("ownPassword");
    await tx.adminInvitation.updateMany({ where: { adminId: row.id, usedAt: null }, data: { usedAt: now } });
    await tx.adminInvitation.create({
      data: { adminId: row.id, tokenHash: tokenHash(token), expiresAt: new Date(now.getTime() + INVITATION_HOURS * 60 * 60 * 1000) },
    });
    const link = `${getEnv().appUrl}${SET_PASSWORD_PATH}?token=${token}`;
    const signIn = `${getEnv().appUrl}${SIGN_IN_PATH}`;
    const mail = staffPasswordLinkMail({ to: row.email, link, signIn, language, hours: INVITATION_HOURS, shop });
    await queueEmail(tx, { to: row.email, kind: "mail", language, params: { subject: mail.subject, text: mail.text, html: mail.html } });
    await recordAudit(tx, { actor, action: "passwordLink", entityType: "staff", entityId: row.id, params: { email: row.email } });
    return row;
  });
  nudgeOutbox();
  return staffMember(member);
}

/**
 * Changes a member's role, disables (or enables) them, or turns their two-step sign-in off (`resetTwoStep`, for a
 * member who lost their phone). The change is written first, then the owners left are counted in the same
 * transaction, which rolls back when none would remain: two owners demoting each other at once cannot both succeed.
 * An account made from an earlier ADMIN_EMAIL stays disabled: the server disabled it when the variable moved on, and
 * only the variable may bring it back (decision 0071).
 */
export async function updateStaff(id: string, change: { role?: AdminRole; disabled?: boolean; resetTwoStep?: boolean }, actor: AuditActor) {
  const member = await prisma.$transaction(async (tx) => {
    const before = await tx.admin.findUnique({ where: { id }, select: memberSelect });
    if (!before) throw new StaffError("notFound");
    const demotes = (change.role !== undefined && change.role !== "owner") || change.disabled === true;
    if (demotes && (before.invitedAt === null || before.email === getEnv().adminEmail)) throw new StaffError("adminEmail");
    const formerAdmin = before.invitedAt === null && before.email !== getEnv().adminEmail;
    if (change.disabled === false && before.disabledAt && formerAdmin) throw new StaffError("formerAdmin");
    const data: Prisma.AdminUpdateInput = {};
    if (change.role !== undefined) data.role = change.role;
    if (change.disabled !== undefined) data.disabledAt = change.disabled ? (before.disabledAt ?? new Date()) : null;
    const after = await tx.admin.update({ where: { id }, data, select: memberSelect });
    const owners = await tx.admin.count({ where: { role: "owner", disabledAt: null, passwordHash: { not: "" } } });
    if (owners === 0) throw new StaffError("lastOwner");
    const changed = after.role !== before.role || (after.disabledAt === null) !== (before.disabledAt === null);
    if (changed) {
      // The member's rights change now, not when their session ends.
      await tx.session.deleteMany({ where: { adminId: id } });
      await recordAudit(tx, { actor, action: "update", entityType: "staff", entityId: id, params: changeParams(before, after) });
    }
    if (change.resetTwoStep && before.totpEnabledAt) {
      await resetTwoStepOf(tx, id);
      await recordAudit(tx, { actor, action: "twoStepReset", entityType: "staff", entityId: id, params: { email: after.email } });
      return tx.admin.findUniqueOrThrow({ where: { id }, select: memberSelect });
    }
    return after;
  });
  return staffMember(member);
}

/** The summary's values: the role's change, the state's, or both (`context` picks the wording). */
function changeParams(before: MemberRow, after: MemberRow): AuditParams {
  const role = before.role !== after.role ? { from: before.role, to: after.role } : null;
  const state = (before.disabledAt === null) !== (after.disabledAt === null) ? { state: after.disabledAt ? "disabled" : "enabled" } : null;
  return { email: after.email, ...role, ...state, context: role && state ? "both" : role ? "role" : "state" };
}

/** The member a live invitation link is for, or null (unknown, used, expired, or the member was disabled). */
export async function findInvitation(token: string, now = new Date()) {
  if (!token) return null;
  const invitation = await prisma.adminInvitation.findUnique({
    where: { tokenHash: tokenHash(token) },
    select: { id: true, usedAt: true, expiresAt: true, admin: { select: { id: true, email: true, role: true, disabledAt: true } } },
  });
  if (!invitation || invitation.usedAt || invitation.expiresAt <= now || invitation.admin.disabledAt) return null;
  return { invitationId: invitation.id, admin: invitation.admin };
}

/**
 * Sets the member's password from a live link and uses the link up: the conditional update lets only one of two
 * requests racing with the same link through. Answers the member's e-mail, or null for a dead link.
 */
export async function acceptInvitation(token: string, password: string, requestId: string | null = null, now = new Date()): Promise<string | null> {
  const found = await findInvitation(token, now);
  if (!found) return null;
  const passwordHash = await hashPassword(password);
  return prisma.$transaction(async (tx) => {
    const used = await tx.adminInvitation.updateMany({ where: { id: found.invitationId, usedAt: null }, data: { usedAt: now } });
    if (used.count !== 1) return null;
    await tx.admin.update({ where: { id: found.admin.id }, data: { passwordHash } });
    await tx.session.deleteMany({ where: { adminId: found.admin.id } });
    const actor = { ...found.admin, requestId };
    await recordAudit(tx, { actor, action: "setPassword", entityType: "staff", entityId: found.admin.id, params: { email: found.admin.email } });
    return found.admin.email;
  });
}

/** Housekeeping: invitations used or expired a day ago are no use to anyone. */
export async function deleteSpentInvitations(now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const { count } = await prisma.adminInvitation.deleteMany({ where: { OR: [{ expiresAt: { lte: dayAgo } }, { usedAt: { lte: dayAgo } }] } });
  return count;
}
