import { prisma } from "~/db.server";
import { signedCookie } from "~/utils/cookies.server";
import { CUSTOMER_IDLE_DAYS, CUSTOMER_SESSION_DAYS, isSessionLive, newSessionId, sessionKey, touchSession } from "~/models/accounts/index.server";
import { joinSavedCart } from "~/models/orders/index.server";
import { clearCartCookieHeader, readCartLines } from "~/cookies/cart.server";
const DAY_MS = 24 * 60 * 60 * 1000;

let customerCookie: ReturnType<typeof signedCookie> | undefined;

/** The cookie holds only a signed session id; the row in `Session` is the truth and can be revoked. */
export function getCustomerSessionCookie() {
  customerCookie ??= signedCookie("__session");
  return customerCookie;
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
 * also the API's bearer token, and the Set-Cookie header for browsers. The guest cart the browser carries joins
 * the shopper's saved cart here, where every sign-in passes (the form, registration, the API's login), and
 * `cartCookie` empties it, so that signing out later leaves a guest with an empty cart (issue 45); `cartProblem`
 * names what could not join (sold out, more than is for sale), for the sign-in to show as the cart does.
 */
export async function createCustomerSession(request: Request, customerId: string) {
  const previous = await getCustomerSessionId(request);
  if (previous) await prisma.session.deleteMany({ where: { id: sessionKey(previous), kind: "customer" } });
  const id = newSessionId();
  const expiresAt = new Date(Date.now() + CUSTOMER_SESSION_DAYS * DAY_MS);
  await prisma.session.create({ data: { id: sessionKey(id), kind: "customer", customerId, expiresAt } });
  const setCookie = await getCustomerSessionCookie().serialize(id, { expires: expiresAt });
  const guestLines = await readCartLines(request);
  const joined = guestLines.length ? await joinSavedCart(customerId, guestLines) : null;
  return { token: id, setCookie, cartCookie: joined ? await clearCartCookieHeader() : null, cartProblem: joined?.problem ?? null };
}

/** Ends this browser's (or bearer token's) session on the server and answers the cookie that clears it. */
export async function destroyCustomerSession(request: Request): Promise<string> {
  const sessionId = await getCustomerSessionId(request);
  if (sessionId) await prisma.session.deleteMany({ where: { id: sessionKey(sessionId), kind: "customer" } });
  return getCustomerSessionCookie().serialize("", { expires: new Date(0), maxAge: 0 });
}
