import crypto from "node:crypto";
import { prisma, type Prisma } from "~/db.server";
import { matchTotp, newTotpSecret } from "./totp.server";
import { westernDigits } from "~/shared/typed-digits";
import { recordAudit, type AuditActor } from "~/models/shop/index.server";

/**
 * Two-step sign-in for owners (issue 33): an authenticator app's code (RFC 6238) after the password, or one of ten
 * one-time recovery codes, stored hashed. The secret is kept from the moment the owner asks for one, but the login
 * asks for codes only once a first code proved the app holds it.
 */

const RECOVERY_CODES = 10;
const hashCode = (code: string) => crypto.createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("base64url");

export async function twoStepState(adminId: string) {
  const admin = await prisma.admin.findUniqueOrThrow({ where: { id: adminId }, select: { totpSecret: true, totpEnabledAt: true } });
  return { enabled: admin.totpEnabledAt !== null, secret: admin.totpEnabledAt ? null : admin.totpSecret };
}

/** A new secret for an owner who has two-step sign-in off (any earlier, unconfirmed one is replaced). */
export async function startTwoStep(adminId: string): Promise<string> {
  const secret = newTotpSecret();
  await prisma.admin.updateMany({ where: { id: adminId, totpEnabledAt: null }, data: { totpSecret: secret, totpLastStep: null } });
  return secret;
}

/**
 * A code as typed: Arabic-Indic digits read as digits (an Arabic keyboard types them, as for phones and amounts) and
 * the spaces some apps show in the middle of a code dropped.
 */
function typedCode(code: string): string {
  return westernDigits(code).replace(/\s+/g, "");
}

/** Turns it on with the first code the app shows; answers the recovery codes (shown once), or null for a wrong code. */
export async function enableTwoStep(actor: AuditActor, code: string, now = Date.now()): Promise<string[] | null> {
  const admin = await prisma.admin.findUniqueOrThrow({ where: { id: actor.id }, select: { totpSecret: true, totpEnabledAt: true } });
  if (!admin.totpSecret || admin.totpEnabledAt) return null;
  const step = matchTotp(admin.totpSecret, typedCode(code), now);
  if (step === null) return null;
  const codes = Array.from({ length: RECOVERY_CODES }, () => crypto.randomBytes(5).toString("hex"));
  await prisma.$transaction(async (tx) => {
    await tx.admin.update({ where: { id: actor.id }, data: { totpEnabledAt: new Date(now), totpLastStep: step } });
    await tx.adminRecoveryCode.deleteMany({ where: { adminId: actor.id } });
    await tx.adminRecoveryCode.createMany({ data: codes.map((recovery) => ({ adminId: actor.id, codeHash: hashCode(recovery) })) });
    await recordAudit(tx, { actor, action: "twoStepOn", entityType: "staff", entityId: actor.id, params: { email: actor.email } });
  });
  return codes;
}

/** Turns it off; a valid code (or recovery code) is asked first, so an open session alone cannot. */
export async function disableTwoStep(actor: AuditActor, code: string, now = Date.now()): Promise<boolean> {
  if (!(await checkSecondStep(actor.id, code, now))) return false;
  await prisma.$transaction(async (tx) => {
    await resetTwoStepOf(tx, actor.id);
    await recordAudit(tx, { actor, action: "twoStepOff", entityType: "staff", entityId: actor.id, params: { email: actor.email } });
  });
  return true;
}

/** Two-step sign-in off for a member: no secret, no recovery codes (an owner's reset, or the server's command). */
export async function resetTwoStepOf(tx: Prisma.TransactionClient, adminId: string): Promise<void> {
  await tx.admin.update({ where: { id: adminId }, data: { totpEnabledAt: null, totpSecret: null, totpLastStep: null } });
  await tx.adminRecoveryCode.deleteMany({ where: { adminId } });
}

/**
 * The way back for a member who lost the phone and the recovery codes, when no other owner can reset it from the
 * staff page: `npm run admin:reset-two-step -- --email x` on the server (docs/go-live.md). The entry names the member
 * as the actor, since no one signed in did it. Answers whether it was on.
 */
export async function resetTwoStepByEmail(email: string): Promise<"reset" | "wasOff" | "notFound"> {
  const member = await prisma.admin.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true, email: true, role: true, totpEnabledAt: true, totpSecret: true } });
  if (!member) return "notFound";
  if (!member.totpEnabledAt && !member.totpSecret) return "wasOff";
  await prisma.$transaction(async (tx) => {
    await resetTwoStepOf(tx, member.id);
    const params = { email: member.email, context: "command" };
    await recordAudit(tx, { actor: member, action: "twoStepReset", entityType: "staff", entityId: member.id, params });
  });
  return member.totpEnabledAt ? "reset" : "wasOff";
}

export async function needsSecondStep(adminId: string): Promise<boolean> {
  const admin = await prisma.admin.findUnique({ where: { id: adminId }, select: { totpEnabledAt: true } });
  return Boolean(admin?.totpEnabledAt);
}

/**
 * The code of the login's second step: the app's code of now (each step accepted once: the conditional update moves
 * `totpLastStep` past it) or an unused recovery code, used up by the same kind of update.
 */
export async function checkSecondStep(adminId: string, code: string, now = Date.now()): Promise<boolean> {
  const admin = await prisma.admin.findUnique({ where: { id: adminId }, select: { totpSecret: true, totpEnabledAt: true } });
  if (!admin?.totpSecret || !admin.totpEnabledAt) return false;
  const typed = typedCode(code);
  const step = matchTotp(admin.totpSecret, typed, now);
  if (step !== null) {
    const taken = await prisma.admin.updateMany({
      where: { id: adminId, OR: [{ totpLastStep: null }, { totpLastStep: { lt: step } }] },
      data: { totpLastStep: step },
    });
    return taken.count === 1;
  }
  const used = await prisma.adminRecoveryCode.updateMany({ where: { adminId, codeHash: hashCode(typed), usedAt: null }, data: { usedAt: new Date(now) } });
  return used.count === 1;
}
