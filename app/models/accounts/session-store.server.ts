import crypto from "node:crypto";
import { prisma } from "~/db.server";

/**
 * The Session rows behind the shop's and the owner's sign-ins: their lifetimes, keys and liveness. The cookies and
 * the request reading that name a row are app/auth's (auth sits above models and uses these through the face).
 */
export const CUSTOMER_SESSION_DAYS = 30;
/** A customer session also ends after this long without a request, well before its absolute end. */
export const CUSTOMER_IDLE_DAYS = 7;
/** lastSeenAt moves forward at most this often, so a busy shopper does not cost a write per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

export const ADMIN_SESSION_HOURS = 12;
/** An admin session left alone this long ends, whatever its absolute end. */
export const ADMIN_IDLE_HOURS = 2;

export function newSessionId(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/**
 * The key of the Session row for a cookie value or bearer token. Only the hash is stored: the value is a
 * bearer credential, and a copy of the table (a backup, a leaked file) must not sign anyone in.
 */
export function sessionKey(sessionId: string): string {
  return crypto.createHash("sha256").update(sessionId).digest("base64url");
}

type LiveCheck = { kind: string; expiresAt: Date; lastSeenAt: Date };

/** Live: of the right kind, before its absolute end and not idle for longer than the limit. */
export function isSessionLive(session: LiveCheck, kind: "customer" | "admin", idleMs: number, now = new Date()): boolean {
  return session.kind === kind && session.expiresAt > now && session.lastSeenAt.getTime() + idleMs > now.getTime();
}

/** Moves lastSeenAt forward when it is older than LAST_SEEN_EVERY_MS; the condition keeps racing requests to one write. */
export async function touchSession(key: string, lastSeenAt: Date, now = new Date()): Promise<void> {
  if (now.getTime() - lastSeenAt.getTime() < LAST_SEEN_EVERY_MS) return;
  await prisma.session.updateMany({ where: { id: key, lastSeenAt: { lt: new Date(now.getTime() - LAST_SEEN_EVERY_MS) } }, data: { lastSeenAt: now } });
}

/** Ends every session of a customer, on every device: after a password change or reset. */
export async function revokeAllForCustomer(customerId: string): Promise<void> {
  await prisma.session.deleteMany({ where: { customerId, kind: "customer" } });
}
