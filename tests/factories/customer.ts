import type { PrismaClient } from "../../app/generated/prisma/client";
import { hashPassword } from "../../app/models/accounts/index.server";
import { uniqueEmail, uniquePhone } from "./unique";

type CustomerOverrides = { email?: string; password?: string; isVerified?: boolean; fullName?: string; phone?: string };

/** A registered shopper, verified unless told; without a password the account can only be signed in to by a session row. */
export async function createCustomer(db: PrismaClient, overrides: CustomerOverrides = {}) {
  const isVerified = overrides.isVerified ?? true;
  return db.customer.create({
    data: {
      email: overrides.email ?? uniqueEmail(),
      isVerified,
      verifiedAt: isVerified ? new Date() : null,
      fullName: overrides.fullName ?? "Test Shopper",
      phone: overrides.phone ?? uniquePhone(),
      passwordHash: overrides.password ? await hashPassword(overrides.password) : null,
    },
  });
}
