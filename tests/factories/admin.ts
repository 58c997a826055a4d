import type { PrismaClient } from "../../app/generated/prisma/client";
import { hashPassword } from "../../app/models/accounts/index.server";
import { uniqueEmail } from "./unique";

/**
 * An administrator (an owner unless `role` says otherwise); without a password the account can only be signed in to
 * by a session row. A member with a role other than owner is made as an owner would invite them (`invitedAt`).
 */
export async function createAdmin(db: PrismaClient, overrides: { email?: string; password?: string; role?: "owner" | "orders" | "catalogue" } = {}) {
  const role = overrides.role ?? "owner";
  return db.admin.create({
    data: {
      email: overrides.email ?? uniqueEmail("admin"),
      passwordHash: overrides.password ? await hashPassword(overrides.password) : "not-used",
      role,
      invitedAt: role === "owner" ? null : new Date(),
    },
  });
}
