import crypto from "node:crypto";
import { prisma } from "~/db.server";
import { signedCookie } from "~/utils/cookies.server";

export const CUSTOMER_SESSION_DAYS = 30;
/** A customer session also ends after this long without a request, well before its absolute end. */
export const CUSTOMER_IDLE_DAYS = 7;
/** lastSeenAt moves forward at most this often, so a busy shopper does not cost a write per request. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

let customerCookie: ReturnType<typeof signedCookie> | undefined;

/** The cookie holds only a signed session id; the row in `Session` is the truth and can be revoked. */
export function getCustomerSessionCookie() {
  customerCookie ??= signedCookie("__session");
  return customerCookie;
}

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

function bearerToken(request: Request): string | null {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,})$/.exec(header.trim());
  return match ? match[1] : null;
}

/** A customer session from the cookie or, for API clients, from `Authorization: Bearer <token>`. */
export async function getCustomerSessionId(request: Request): Promise<string | null> {
  const token = bearerToken(request);
  if (token) return token;
  const value: unknown = await getCustomerSessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value !== "" ? value : null;
}

export async function getCustomerFromRequest(request: Request) {
  const sessionId = await getCustomerSessionId(request);
  if (!sessionId) return null;
  const key = sessionKey(sessionId);
  const session = await prisma.session.findUnique({
    where: { id: key },
    select: { kind: true, expiresAt: true, lastSeenAt: true, customer: { select: { id: true, email: true, fullName: true, phone: true } } },
  });
  if (!session?.customer || !isSessionLive(session, "customer", CUSTOMER_IDLE_DAYS * DAY_MS)) return null;
  await touchSession(key, session.lastSeenAt);
  return session.customer;
}

/**
 * Signs a customer in with a brand-new session id (never one the browser brought along, so a planted id
 * cannot be fixed onto an account), ending the session the browser had before. Returns the id, which is
 * also the API's bearer token, and the Set-Cookie header for browsers.
 */
export async function createCustomerSession(request: Request, customerId: string) {
  const previous = await getCustomerSessionId(request);
  if (previous) await prisma.session.deleteMany({ where: { id: sessionKey(previous), kind: "customer" } });
  const id = newSessionId();
  const expiresAt = new Date(Date.now() + CUSTOMER_SESSION_DAYS * DAY_MS);
  await prisma.session.create({ data: { id: sessionKey(id), kind: "customer", customerId, expiresAt } });
  const setCookie = await getCustomerSessionCookie().serialize(id, { expires: expiresAt });
  return { token: id, setCookie };
}

/** Ends this browser's (or bearer token's) session on the server and answers the cookie that clears it. */
export async function destroyCustomerSession(request: Request): Promise<string> {
  const sessionId = await getCustomerSessionId(request);
  if (sessionId) await prisma.session.deleteMany({ where: { id: sessionKey(sessionId), kind: "customer" } });
  return getCustomerSessionCookie().serialize("", { expires: new Date(0), maxAge: 0 });
}

/** Ends every session of a customer, on every device: after a password change or reset. */
export async function revokeAllForCustomer(customerId: string): Promise<void> {
  await prisma.session.deleteMany({ where: { customerId, kind: "customer" } });
}
