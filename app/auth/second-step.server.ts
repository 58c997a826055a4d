import type { Cookie } from "@remix-run/node";
import { signedCookie } from "~/utils/cookies.server";
import { prisma } from "~/db.server";
import { createAdminSession, type AccessOrigin } from "~/auth/admin-session.server";
import { issueDeviceCookie } from "~/auth/device-cookie.server";
import { checkSecondStep, ADMIN_LOGIN_LIMITS } from "~/models/accounts/index.server";
import { hitGuessLimits, recordAccess } from "~/models/shop/index.server";

/**
 * Between the password and the code of a two-step sign-in, the browser holds a signed cookie naming the member and
 * when the password was right; the code must come within five minutes. No session exists until it does.
 */
const PENDING_MINUTES = 5;
let cookie: Cookie | undefined;

function pendingCookie(): Cookie {
  cookie ??= signedCookie("__admin_pending", PENDING_MINUTES * 60);
  return cookie;
}

export function startSecondStep(admin: { id: string; email: string }): Promise<string> {
  return pendingCookie().serialize({ id: admin.id, email: admin.email, at: Date.now() });
}

export async function pendingSecondStep(request: Request): Promise<{ id: string; email: string } | null> {
  const value: unknown = await pendingCookie().parse(request.headers.get("Cookie"));
  if (!value || typeof value !== "object") return null;
  const { id, email, at } = value as Record<string, unknown>;
  if (typeof id !== "string" || typeof email !== "string" || typeof at !== "number" || Date.now() - at > PENDING_MINUTES * 60 * 1000) return null;
  return { id, email };
}

export type SecondStepResult = { ok: true; headers: Headers } | { ok: false; reason: "invalid" } | { ok: false; reason: "tooManyAttempts"; retryAfterSeconds: number };

/**
 * Checks the code under the admin login's limits (per address, per e-mail and address, per e-mail) and, when it is
 * right, starts the session: the headers set the session and device cookies and clear the pending one.
 */
export async function finishSecondStep(admin: { id: string; email: string }, code: string, address: string, origin: AccessOrigin): Promise<SecondStepResult> {
  const limit = await hitGuessLimits("admin-second-step", admin.email, address, ADMIN_LOGIN_LIMITS);
  if (!limit.allowed) return { ok: false, reason: "tooManyAttempts", retryAfterSeconds: limit.retryAfterSeconds };
  if (!(await checkSecondStep(admin.id, code))) {
    await recordFailedCode(admin.id, origin);
    return { ok: false, reason: "invalid" };
  }
  const headers = new Headers({ "Set-Cookie": await createAdminSession(admin.id, origin) });
  headers.append("Set-Cookie", await issueDeviceCookie("admin-login", admin.email));
  headers.append("Set-Cookie", await pendingCookie().serialize("", { maxAge: 0 }));
  return { ok: true, headers };
}

/** A wrong two-step code (at sign-in or when turning it off) goes into the activity log with where it came from. */
export async function recordFailedCode(adminId: string, origin: AccessOrigin): Promise<void> {
  const member = await prisma.admin.findUnique({ where: { id: adminId }, select: { id: true, email: true, role: true } });
  if (member) await recordAccess("codeFailed", { ...member, requestId: origin.requestId ?? null }, origin.address);
}
