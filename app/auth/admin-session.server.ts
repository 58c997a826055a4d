import { redirect } from "@remix-run/node";
import { prisma } from "~/db.server";
import { signedCookie } from "~/utils/cookies.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { getCustomerFromRequest } from "~/auth/session.server";
import { ADMIN_IDLE_HOURS, ADMIN_SESSION_HOURS, isSessionLive, newSessionId, sessionKey, touchSession } from "~/models/accounts/index.server";
import { roleMay, type AdminPermission } from "~/shared/admin-roles";
import { recordAccess } from "~/models/shop/index.server";

export const ADMIN_LOGIN_PATH = "/admin/timsar";

let adminCookie: ReturnType<typeof signedCookie> | undefined;

/** A cookie of its own (`__admin`), so a shopper's session never grants admin rights and vice versa. */
export function getAdminSessionCookie() {
  adminCookie ??= signedCookie("__admin");
  return adminCookie;
}

/**
 * `sessionId` is the row's key (the hash of the cookie value); `requestId` is the request's `X-Request-Id`, which the
 * audit log keeps beside each change so an entry leads to the request's log lines.
 */
export type SignedInAdmin = { id: string; email: string; role: string; sessionId: string; requestId: string | null };

/** The administrator of a live session; an administrator that ADMIN_EMAIL no longer names is refused. */
export async function getAdminFromRequest(request: Request): Promise<SignedInAdmin | null> {
  const value: unknown = await getAdminSessionCookie().parse(request.headers.get("Cookie"));
  if (typeof value !== "string" || value === "") return null;
  const key = sessionKey(value);
  const session = await prisma.session.findUnique({
    where: { id: key },
    select: { kind: true, expiresAt: true, lastSeenAt: true, admin: { select: { id: true, email: true, role: true, disabledAt: true } } },
  });
  if (!session?.admin || session.admin.disabledAt || !isSessionLive(session, "admin", ADMIN_IDLE_HOURS * 60 * 60 * 1000)) return null;
  await touchSession(key, session.lastSeenAt);
  const { id, email, role } = session.admin;
  return { id, email, role, sessionId: key, requestId: request.headers.get("x-request-id") };
}

/** Is this request any signed-in member, whatever the role? */
export async function isAdminRequest(request: Request): Promise<boolean> {
  return (await getAdminFromRequest(request)) !== null;
}

/** For the invoice route and others: is this request a member whose role grants `permission`? */
export async function hasAdminPermission(request: Request, permission: AdminPermission): Promise<boolean> {
  const admin = await getAdminFromRequest(request);
  return admin !== null && roleMay(admin.role, permission);
}

/** Admin pages: anyone else is sent to the admin login before anything is rendered. */
export async function requireAdmin(request: Request): Promise<SignedInAdmin> {
  const admin = await getAdminFromRequest(request);
  if (!admin) throw redirect(ADMIN_LOGIN_PATH);
  return admin;
}

/** Admin API calls: 401 without any session, 403 when the caller is only a signed-in shopper. */
export async function requireAdminApi(request: Request): Promise<SignedInAdmin> {
  const admin = await getAdminFromRequest(request);
  if (admin) return admin;
  if (await getCustomerFromRequest(request)) throw jsonError(403, bilingual("admin.api.adminsOnly"));
  throw jsonError(401, bilingual("admin.api.loginRequired"));
}

/**
 * The one guard of every admin page, action and API call (CONTRACT.md "Staff and roles"): a signed-in member whose
 * role grants `permission`, else what the area answers a stranger. An API path answers 401/403 JSON `{ message }`;
 * a page sends a stranger to the login and answers a member without the permission the 403 page. It throws before
 * the handler reads or writes anything, so a refusal changes nothing.
 */
export async function requireAdminPermission(request: Request, permission: AdminPermission): Promise<SignedInAdmin> {
  const api = new URL(request.url).pathname.startsWith("/api/");
  const admin = await (api ? requireAdminApi(request) : requireAdmin(request));
  if (roleMay(admin.role, permission)) return admin;
  if (api) throw jsonError(403, bilingual("admin.api.notYourRole"));
  throw new Response(null, { status: 403, statusText: "Forbidden" });
}

/** Where a sign-in or sign-out came from, for its entry in the activity log. */
export type AccessOrigin = { address: string | null; requestId?: string | null };

/**
 * Starts an admin session row and answers the Set-Cookie header that names it. A sign-in (`origin` given) is
 * recorded in the activity log in the same transaction; tests that only need a session pass none.
 */
export async function createAdminSession(adminId: string, origin?: AccessOrigin): Promise<string> {
  const id = newSessionId();
  const expiresAt = new Date(Date.now() + ADMIN_SESSION_HOURS * 60 * 60 * 1000);
  await prisma.$transaction(async (tx) => {
    const session = await tx.session.create({ data: { id: sessionKey(id), kind: "admin", adminId, expiresAt }, select: { admin: { select: { email: true, role: true } } } });
    if (origin && session.admin) {
      await recordAccess("signIn", { id: adminId, ...session.admin, requestId: origin.requestId ?? null }, origin.address, tx);
    }
  });
  return getAdminSessionCookie().serialize(id, { expires: expiresAt });
}

/** Revokes the row (so a copied cookie stops working) and clears the cookie; a signed-in member's sign-out is logged. */
export async function destroyAdminSession(request: Request, address: string | null = null): Promise<string> {
  const admin = await getAdminFromRequest(request);
  if (admin) {
    await prisma.$transaction(async (tx) => {
      await tx.session.deleteMany({ where: { id: admin.sessionId, kind: "admin" } });
      await recordAccess("signOut", admin, address, tx);
    });
  }
  return getAdminSessionCookie().serialize("", { maxAge: 0 });
}
