import crypto from "node:crypto";
import type { PrismaClient } from "../../app/generated/prisma/client";

/**
 * A signed-in session row for a shopper or the administrator, as a login would write it (keyed by the SHA-256 of
 * the id); answers the id, which is a shopper's bearer token and, signed, the value of the `__session` or `__admin` cookie.
 */
export async function createSession(db: PrismaClient, owner: { customerId: string } | { adminId: string }): Promise<string> {
  const id = crypto.randomBytes(32).toString("base64url");
  const key = crypto.createHash("sha256").update(id).digest("base64url");
  const expiresAt = new Date(Date.now() + 3600_000);
  const data = "customerId" in owner ? { id: key, kind: "customer", customerId: owner.customerId, expiresAt } : { id: key, kind: "admin", adminId: owner.adminId, expiresAt };
  await db.session.create({ data });
  return id;
}
