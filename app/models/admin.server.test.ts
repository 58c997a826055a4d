import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { verifyPassword } from "~/auth/password.server";
import { ensureAdmin } from "./admin.server";

describe("ensureAdmin", () => {
  it("creates the administrator with a random password shown once, then leaves it alone", async () => {
    const adminEmail = "first-start@example.com";
    const first = await ensureAdmin({ adminEmail, adminPassword: undefined });
    expect(first.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const second = await ensureAdmin({ adminEmail, adminPassword: undefined });
    expect(second.generatedPassword).toBeNull();
    const admin = await prisma.admin.findUniqueOrThrow({ where: { email: adminEmail } });
    expect(await verifyPassword(admin.passwordHash, first.generatedPassword!)).toBe(true);
    expect(admin.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it("sets and later updates the password from ADMIN_PASSWORD", async () => {
    const adminEmail = "configured@example.com";
    await ensureAdmin({ adminEmail, adminPassword: "first-password" });
    await ensureAdmin({ adminEmail, adminPassword: "second-password" });
    const admin = await prisma.admin.findUniqueOrThrow({ where: { email: adminEmail } });
    expect(await verifyPassword(admin.passwordHash, "second-password")).toBe(true);
    expect(await verifyPassword(admin.passwordHash, "first-password")).toBe(false);
  });
});
