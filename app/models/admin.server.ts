import crypto from "node:crypto";
import { prisma } from "~/db.server";
import type { Env } from "~/env.server";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import { hitRateLimit, resetRateLimit } from "./rate-limit.server";

/**
 * The administrator of CONTRACT.md: created or updated from ADMIN_EMAIL / ADMIN_PASSWORD at every start.
 * Without ADMIN_PASSWORD, the first start makes a random password and returns it to be printed once.
 */
export async function ensureAdmin(env: Pick<Env, "adminEmail" | "adminPassword">) {
  const existing = await prisma.admin.findUnique({ where: { email: env.adminEmail } });
  if (env.adminPassword) {
    if (existing && (await verifyPassword(existing.passwordHash, env.adminPassword))) {
      return { email: env.adminEmail, generatedPassword: null };
    }
    const passwordHash = await hashPassword(env.adminPassword);
    await prisma.admin.upsert({
      where: { email: env.adminEmail },
      create: { email: env.adminEmail, passwordHash },
      update: { passwordHash },
    });
    return { email: env.adminEmail, generatedPassword: null };
  }
  if (existing) return { email: env.adminEmail, generatedPassword: null };
  const generatedPassword = crypto.randomBytes(12).toString("base64url");
  await prisma.admin.create({ data: { email: env.adminEmail, passwordHash: await hashPassword(generatedPassword) } });
  return { email: env.adminEmail, generatedPassword };
}

export const ADMIN_LOGIN_LIMIT = 10;
export const ADMIN_LOGIN_WINDOW_SECONDS = 15 * 60;

export type AdminLoginResult =
  | { ok: true; admin: { id: string; email: string } }
  | { ok: false; reason: "invalid" | "tooManyAttempts"; retryAfterSeconds?: number };

/**
 * Checks the administrator's e-mail and password. Attempts are counted per e-mail in the database, like the
 * customer login, and a success clears the count so the administrator is never locked out by their own logins.
 */
export async function verifyAdminLogin(email: string, password: string): Promise<AdminLoginResult> {
  const normalized = email.trim().toLowerCase();
  const key = `admin-login:${normalized}`;
  const limit = await hitRateLimit(key, ADMIN_LOGIN_LIMIT, ADMIN_LOGIN_WINDOW_SECONDS);
  if (!limit.allowed) return { ok: false, reason: "tooManyAttempts", retryAfterSeconds: limit.retryAfterSeconds };
  const admin = await prisma.admin.findUnique({ where: { email: normalized } });
  // Verify against a hash even for an unknown e-mail so the answer time does not reveal which e-mails exist.
  const valid = admin ? await verifyPassword(admin.passwordHash, password) : await verifyPassword(await dummyHash(), password);
  if (!admin || !valid) return { ok: false, reason: "invalid" };
  await resetRateLimit(key);
  return { ok: true, admin: { id: admin.id, email: admin.email } };
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return dummy;
}
