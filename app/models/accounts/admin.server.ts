import crypto from "node:crypto";
import { prisma } from "~/db.server";
import type { Env } from "~/env.server";
import { hashPassword, verifyPassword } from "./password.server";
import { deviceKey, hitDeviceLimit, hitGuessLimits, lockoutKey, resetRateLimit, type Budget, type GuessBudgets, type KnownDevice, recordAccess } from "~/models/shop/index.server";

/**
 * The administrator of CONTRACT.md: created or updated from ADMIN_EMAIL / ADMIN_PASSWORD at every start.
 * Without ADMIN_PASSWORD, the first start makes a random password and returns it to be printed once.
 * Changing ADMIN_EMAIL disables the earlier administrator and changing the password ends the sessions, so
 * whoever held the old credentials or an open admin session loses access at the next start.
 */
export async function ensureAdmin(env: Pick<Env, "adminEmail" | "adminPassword">, now = new Date()) {
  const email = env.adminEmail;
  await disableOtherAdmins(email, now);
  const existing = await prisma.admin.findUnique({ where: { email } });
  if (existing && !existing.disabledAt && existing.passwordHash !== "" && (!env.adminPassword || (await verifyPassword(existing.passwordHash, env.adminPassword)))) {
    // The ADMIN_EMAIL account is always an owner, even when it names a member an owner invited before.
    if (existing.role !== "owner" || existing.invitedAt !== null) await prisma.admin.update({ where: { id: existing.id }, data: { role: "owner", invitedAt: null } });
    return { email, generatedPassword: null };
  }
  // A disabled account coming back without ADMIN_PASSWORD gets a new password: the old one may be known to others.
  const generatedPassword = env.adminPassword ? null : crypto.randomBytes(12).toString("base64url");
  const passwordHash = await hashPassword(env.adminPassword ?? generatedPassword!);
  const admin = await prisma.admin.upsert({
    where: { email },
    create: { email, passwordHash, role: "owner" },
    update: { passwordHash, disabledAt: null, role: "owner", invitedAt: null },
  });
  await prisma.session.deleteMany({ where: { adminId: admin.id } });
  return { email, generatedPassword };
}

/** Earlier ADMIN_EMAIL accounts only: members an owner invited (invitedAt set) keep their access. */
async function disableOtherAdmins(email: string, now: Date) {
  const others = await prisma.admin.findMany({ where: { email: { not: email }, disabledAt: null, invitedAt: null }, select: { id: true } });
  if (others.length === 0) return;
  const ids = others.map((admin) => admin.id);
  // Disabled rather than deleted: the order history names the administrator who changed a status.
  await prisma.$transaction([
    prisma.admin.updateMany({ where: { id: { in: ids } }, data: { disabledAt: now } }),
    prisma.session.deleteMany({ where: { adminId: { in: ids } } }),
  ]);
}

const FIFTEEN_MINUTES = 15 * 60;

export const ADMIN_LOGIN_LIMITS: GuessBudgets = {
  perAddress: { limit: 30, windowSeconds: FIFTEEN_MINUTES },
  perEmailAddress: { limit: 10, windowSeconds: FIFTEEN_MINUTES },
  perEmail: { limit: 200, windowSeconds: 60 * 60 },
};

/** Attempts from a browser with the owner's device cookie (it signed in there before): its own lockout only. */
export const ADMIN_KNOWN_DEVICE_LIMIT: Budget = { limit: 10, windowSeconds: FIFTEEN_MINUTES };

export type AdminLoginResult =
  | { ok: true; admin: { id: string; email: string } }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "tooManyAttempts"; retryAfterSeconds: number };

/**
 * Checks the administrator's e-mail and password. The client address is limited before any hashing; the lockout
 * is keyed on e-mail and address together, so guesses from elsewhere do not lock the owner out, and a success
 * clears only its own key. A browser whose device cookie names this e-mail (it signed in there before) is counted
 * only against its own attempts: the per-account ceiling, which strangers can fill, applies to unknown devices.
 */
export async function verifyAdminLogin(
  email: string,
  password: string,
  address: string,
  device?: KnownDevice | null,
  logAddress: string | null = null,
): Promise<AdminLoginResult> {
  const normalized = email.trim().toLowerCase();
  const knownDevice = device?.login === normalized ? device.nonce : null;
  const limit = knownDevice
    ? await hitDeviceLimit("admin-login", knownDevice, ADMIN_KNOWN_DEVICE_LIMIT)
    : await hitGuessLimits("admin-login", normalized, address, ADMIN_LOGIN_LIMITS);
  if (!limit.allowed) return { ok: false, reason: "tooManyAttempts", retryAfterSeconds: limit.retryAfterSeconds };
  const found = await prisma.admin.findUnique({ where: { email: normalized } });
  // A member who has not yet set a password from the invitation cannot sign in.
  const admin = found && !found.disabledAt && found.passwordHash !== "" ? found : null;
  // Verify against a hash even for an unknown e-mail so the answer time does not reveal which e-mails exist.
  const valid = admin ? await verifyPassword(admin.passwordHash, password) : await verifyPassword(await dummyHash(), password);
  if (!admin || !valid) {
    // Only a staff e-mail's failures are logged: an unknown address names nobody (decision 0071).
    if (found) await recordAccess("signInFailed", found, logAddress);
    return { ok: false, reason: "invalid" };
  }
  await resetRateLimit(knownDevice ? deviceKey("admin-login", knownDevice) : lockoutKey("admin-login", normalized, address));
  return { ok: true, admin: { id: admin.id, email: admin.email } };
}

let dummy: Promise<string> | undefined;
function dummyHash(): Promise<string> {
  dummy ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return dummy;
}
