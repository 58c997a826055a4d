import "../../tests/setup/own-database";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { verifyPassword, ensureAdmin, verifyAdminLogin } from "~/models/accounts/index.server";
import { createAdminSession, isAdminRequest } from "~/auth/admin-session.server";

const withCookie = (setCookie: string) => new Request("http://localhost/admin/timsar/dashboard", { headers: { Cookie: setCookie.split(";")[0] } });

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

  it("sets and later updates the password from ADMIN_PASSWORD, ending the sessions opened with the old one", async () => {
    const adminEmail = "configured@example.com";
    await ensureAdmin({ adminEmail, adminPassword: "first-password" });
    const admin = await prisma.admin.findUniqueOrThrow({ where: { email: adminEmail } });
    const before = await createAdminSession(admin.id);
    await ensureAdmin({ adminEmail, adminPassword: "first-password" });
    expect(await isAdminRequest(withCookie(before))).toBe(true);

    await ensureAdmin({ adminEmail, adminPassword: "second-password" });
    const updated = await prisma.admin.findUniqueOrThrow({ where: { email: adminEmail } });
    expect(await verifyPassword(updated.passwordHash, "second-password")).toBe(true);
    expect(await verifyPassword(updated.passwordHash, "first-password")).toBe(false);
    expect(await isAdminRequest(withCookie(before))).toBe(false);
  });

  it("disables the earlier administrator when ADMIN_EMAIL changes: no login, no session", async () => {
    await ensureAdmin({ adminEmail: "old-owner@example.com", adminPassword: "old-owner-password" });
    const old = await prisma.admin.findUniqueOrThrow({ where: { email: "old-owner@example.com" } });
    const oldSession = await createAdminSession(old.id);
    expect((await verifyAdminLogin("old-owner@example.com", "old-owner-password", "10.1.1.1")).ok).toBe(true);

    await ensureAdmin({ adminEmail: "new-owner@example.com", adminPassword: "new-owner-password" });
    expect(await isAdminRequest(withCookie(oldSession))).toBe(false);
    expect(await verifyAdminLogin("old-owner@example.com", "old-owner-password", "10.1.1.2")).toMatchObject({ ok: false, reason: "invalid" });
    expect((await verifyAdminLogin("new-owner@example.com", "new-owner-password", "10.1.1.2")).ok).toBe(true);
    // kept for the order history, which names the administrator of each status change
    expect((await prisma.admin.findUniqueOrThrow({ where: { id: old.id } })).disabledAt).toBeInstanceOf(Date);

    // A session row that somehow survived is refused too, because the administrator is disabled.
    const survivor = await prisma.admin.findUniqueOrThrow({ where: { id: old.id } });
    const late = await createAdminSession(survivor.id);
    expect(await isAdminRequest(withCookie(late))).toBe(false);

    // Switching back without a password must not revive the old password, which others may know.
    const back = await ensureAdmin({ adminEmail: "old-owner@example.com", adminPassword: undefined });
    expect(back.generatedPassword).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(await verifyAdminLogin("old-owner@example.com", "old-owner-password", "10.1.1.3")).toMatchObject({ ok: false });
    expect((await verifyAdminLogin("old-owner@example.com", back.generatedPassword!, "10.1.1.3")).ok).toBe(true);
    expect((await verifyAdminLogin("new-owner@example.com", "new-owner-password", "10.1.1.3")).ok).toBe(false);
  });
});
