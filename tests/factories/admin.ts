import type { PrismaClient } from "../../app/generated/prisma/client";
import { hashPassword } from "../../app/auth/password.server";
import { uniqueEmail } from "./unique";

/** An administrator; without a password the account can only be signed in to by a session row. */
export async function createAdmin(db: PrismaClient, overrides: { email?: string; password?: string } = {}) {
  return db.admin.create({
    data: { email: overrides.email ?? uniqueEmail("admin"), passwordHash: overrides.password ? await hashPassword(overrides.password) : "not-used" },
  });
}
