/** Requests signed in as the administrator or as a shopper, for calling loaders and actions directly. */
import crypto from "node:crypto";
import { prisma } from "~/db.server";
import { createAdminSession } from "~/auth/admin-session.server";
import { newSessionId } from "~/auth/session.server";

export async function adminCookie(): Promise<{ cookie: string; admin: { id: string; email: string } }> {
  const email = `admin-${crypto.randomUUID()}@example.com`;
  const admin = await prisma.admin.create({ data: { email, passwordHash: "not-used" } });
  const setCookie = await createAdminSession(admin.id);
  return { cookie: setCookie.split(";")[0], admin: { id: admin.id, email } };
}

/** A shopper's bearer token (the customer API accepts it the same as the cookie). */
export async function customerToken(): Promise<string> {
  const customer = await prisma.customer.create({ data: { email: `shopper-${crypto.randomUUID()}@example.com`, isVerified: true } });
  const id = newSessionId();
  await prisma.session.create({ data: { id, kind: "customer", customerId: customer.id, expiresAt: new Date(Date.now() + 3600_000) } });
  return id;
}

export function request(path: string, init: RequestInit & { cookie?: string; token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return new Request(`http://localhost${path}`, { ...init, headers, body });
}
