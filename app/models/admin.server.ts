import crypto from "node:crypto";
import { prisma } from "~/db.server";
import type { Env } from "~/env.server";
import { hashPassword, verifyPassword } from "~/utils/password.server";

/**
 * The administrator of CONTRACT.md: created or updated from ADMIN_EMAIL / ADMIN_PASSWORD at every start.
 * Without ADMIN_PASSWORD, the first start makes a random password and returns it to be printed once.
 */
export async function ensureAdmin(env: Pick<Env, "adminEmail" | "adminPassword">) {
  const existing = await prisma.admin.findUnique({ where: { email: env.adminEmail } });
  if (env.adminPassword) {
    if (existing && (await verifyPassword(existing.passwordHash, env.adminPassword))) {
      return { email: env.adminEmail, generatedPassword: null };
    }
    const passwordHash = await hashPassword(env.adminPassword);
    await prisma.admin.upsert({
      where: { email: env.adminEmail },
      create: { email: env.adminEmail, passwordHash },
      update: { passwordHash },
    });
    return { email: env.adminEmail, generatedPassword: null };
  }
  if (existing) return { email: env.adminEmail, generatedPassword: null };
  const generatedPassword = crypto.randomBytes(12).toString("base64url");
  await prisma.admin.create({ data: { email: env.adminEmail, passwordHash: await hashPassword(generatedPassword) } });
  return { email: env.adminEmail, generatedPassword };
}
