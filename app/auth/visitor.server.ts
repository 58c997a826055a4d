import { prisma } from "~/db.server";
import { getCartCount } from "~/cookies/cart.server";
import { getCustomerSessionId } from "~/auth/session.server";
import { CUSTOMER_IDLE_DAYS, isSessionLive, LAST_SEEN_EVERY_MS, sessionKey, touchSession } from "~/models/accounts/index.server";
import { getSavedCartLines } from "~/models/orders/index.server";

/**
 * What a page shows of the visitor on every screen: the cart badge and whether the header offers "My account" or
 * "Login". The root loader renders from it, and the shared-page cache (server/page-cache.ts) files a catalogue page
 * under it, so two shoppers with the same cart count and sign-in state can be sent the same page and nothing else
 * of theirs is on it.
 */
export type Visitor = { cartCount: number; isSignedIn: boolean };

const IDLE_MS = CUSTOMER_IDLE_DAYS * 24 * 60 * 60 * 1000;
const MAX_REMEMBERED = 10_000;

/**
 * A session's answer, good while the database is at `version` and until `until` (its end, or its next touch): a
 * signed-in shopper's visitor (their cart is kept on the server, decision 0086, and every change to it is a commit),
 * or null for a session that signs nobody in.
 */
type Remembered = { version: string; visitor: Visitor | null; until: number };
const remembered = new Map<string, Remembered>();

/**
 * The signed-in shopper's visitor when the request's session cookie names a live customer session (the session row,
 * as getCustomerFromRequest reads it), with the count of their saved cart; null otherwise. With the database's version
 * read before (the page cache's), the answer is kept for the requests that follow until anything is committed (a
 * logout, a password change, a change to the cart) or the session ends or is due to be touched, so a signed-in
 * shopper's catalogue page costs no query.
 */
async function signedInVisitor(request: Request, version: string | undefined): Promise<Visitor | null> {
  const sessionId = await getCustomerSessionId(request);
  if (!sessionId) return null;
  const key = sessionKey(sessionId);
  const now = new Date();
  const known = version === undefined ? undefined : remembered.get(key);
  if (known && known.version === version && now.getTime() < known.until) return known.visitor;

  const session = await prisma.session.findUnique({ where: { id: key }, select: { kind: true, expiresAt: true, lastSeenAt: true, customerId: true } });
  const live = Boolean(session?.customerId) && isSessionLive(session!, "customer", IDLE_MS, now);
  if (live) await touchSession(key, session!.lastSeenAt, now);
  const lines = live ? await getSavedCartLines(session!.customerId!) : [];
  const visitor = live ? { cartCount: lines.reduce((sum, line) => sum + line.quantity, 0), isSignedIn: true } : null;
  if (version !== undefined) {
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    const lastSeen = session?.lastSeenAt.getTime() ?? 0;
    const until = live ? Math.min(session!.expiresAt.getTime(), lastSeen + IDLE_MS, lastSeen + LAST_SEEN_EVERY_MS) : Number.POSITIVE_INFINITY;
    remembered.set(key, { version, visitor, until });
  }
  return visitor;
}

/** The visitor of a request; `version` (the database's, read before) lets a signed-in answer be reused, see signedInVisitor. */
export async function readVisitor(request: Request, version?: string): Promise<Visitor> {
  return (await signedInVisitor(request, version)) ?? { cartCount: await getCartCount(request), isSignedIn: false };
}
