import crypto from "node:crypto";
import { createCookie } from "@remix-run/node";
import type { PrismaClient } from "../../../app/generated/prisma/client";

/**
 * A verified customer signed in as a login signs one in (app/auth/session.server.ts): the session's id is the
 * token's SHA-256, and the browser's `__session` cookie holds the token signed with the shop's SESSION_SECRET.
 * Answers the customer's id and the cookie (`name=value`) to send.
 */
export async function signedInCustomer(prisma: PrismaClient, { email, fullName, secret }: { email: string; fullName: string; secret: string }) {
  const token = crypto.randomBytes(32).toString("base64url");
  const customer = await prisma.customer.create({ data: { email, isVerified: true, fullName } });
  await prisma.session.create({
    data: { id: crypto.createHash("sha256").update(token).digest("base64url"), kind: "customer", expiresAt: new Date(Date.now() + 24 * 3600_000), customerId: customer.id },
  });
  const cookie = (await createCookie("__session", { secrets: [secret] }).serialize(token)).split(";")[0];
  return { customerId: customer.id, cookie };
}
