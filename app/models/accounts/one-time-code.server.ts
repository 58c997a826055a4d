import crypto from "node:crypto";
import { isConstraintRefusal, prisma } from "~/db.server";
import { getEnv } from "~/env.server";

export type CodePurpose = "register" | "reset";

export const CODE_LIFETIME_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;

/**
 * Codes are stored as a keyed hash: six digits are too few to survive an offline guess against a plain hash,
 * but without the server's secret a leaked table says nothing.
 */
function hashCode(email: string, purpose: CodePurpose, code: string): string {
  return crypto.createHmac("sha256", getEnv().sessionSecrets[0]).update(`${purpose}:${email}:${code}`).digest("hex");
}

/** Six digits from the operating system's cryptographic source, leading zeros kept. */
export function generateCode(): string {
  return crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
}

/**
 * Makes a new code for this e-mail and purpose, replacing any earlier one (its row, and with it its id, is gone,
 * so a proof made from the old code no longer counts). Returns the plain code for the e-mail only.
 */
export async function issueCode(email: string, purpose: CodePurpose, now = new Date()) {
  const code = generateCode();
  const expiresAt = new Date(now.getTime() + CODE_LIFETIME_MINUTES * 60 * 1000);
  // Two requests at once (a double click on "send code") both delete nothing and both insert under PostgreSQL's
  // READ COMMITTED, and the later insert breaks the unique (email, purpose). Its retry then deletes the quicker
  // request's row like any earlier code: the later code wins, and neither request fails.
  for (let attempt = 1; ; attempt++) {
    try {
      await prisma.$transaction([
        prisma.oneTimeCode.deleteMany({ where: { email, purpose } }),
        prisma.oneTimeCode.create({ data: { email, purpose, codeHash: hashCode(email, purpose, code), expiresAt, createdAt: now } }),
      ]);
      return { code, expiresAt };
    } catch (error) {
      if (attempt >= 5 || !isConstraintRefusal(error, "unique", "OneTimeCode", "email")) throw error;
    }
  }
}

export type CodeCheck = { ok: true; codeId: string } | { ok: false; reason: "missing" | "expired" | "used" | "tooManyAttempts" | "wrong" };

/**
 * Checks a code once. A wrong guess counts against the code, and after MAX_CODE_ATTEMPTS it is void even for
 * the right digits. Success marks it used in the same conditional update, so two racing requests cannot both win.
 */
export async function checkCode(email: string, purpose: CodePurpose, code: string, now = new Date()): Promise<CodeCheck> {
  const row = await prisma.oneTimeCode.findUnique({ where: { email_purpose: { email, purpose } } });
  if (!row) return { ok: false, reason: "missing" };
  if (row.consumedAt) return { ok: false, reason: "used" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  if (row.attempts >= MAX_CODE_ATTEMPTS) return { ok: false, reason: "tooManyAttempts" };
  const expected = Buffer.from(row.codeHash, "hex");
  const given = Buffer.from(hashCode(email, purpose, code.trim()), "hex");
  if (!crypto.timingSafeEqual(expected, given)) {
    const counted = await prisma.oneTimeCode.updateMany({
      where: { id: row.id, attempts: { lt: MAX_CODE_ATTEMPTS } },
      data: { attempts: { increment: 1 } },
    });
    return { ok: false, reason: counted.count === 0 ? "tooManyAttempts" : "wrong" };
  }
  const consumed = await prisma.oneTimeCode.updateMany({
    where: { id: row.id, consumedAt: null, attempts: { lt: MAX_CODE_ATTEMPTS } },
    data: { consumedAt: now },
  });
  return consumed.count === 1 ? { ok: true, codeId: row.id } : { ok: false, reason: "used" };
}

/** Whether a proof made from this verified code may still be used: the code was used, not replaced, not spent. */
export async function isVerifiedCodeLive(codeId: string, email: string, purpose: CodePurpose): Promise<boolean> {
  const row = await prisma.oneTimeCode.findUnique({ where: { id: codeId } });
  return Boolean(row && row.email === email && row.purpose === purpose && row.consumedAt);
}

/** Spends the verified code for good (after the password was set), answering false when someone was quicker. */
export async function spendVerifiedCode(codeId: string): Promise<boolean> {
  const deleted = await prisma.oneTimeCode.deleteMany({ where: { id: codeId, consumedAt: { not: null } } });
  return deleted.count === 1;
}
