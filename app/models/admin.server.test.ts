import "../../tests/setup/own-database";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { verifyPassword } from "~/auth/password.server";
import { createAdminSession, isAdminRequest } from "~/auth/admin-session.server";
import { ensureAdmin, verifyAdminLogin } from "./admin.server";
import { action as adminLogin } from "~/routes/api.admin.timsar";
import { action as adminLoginPage } from "~/routes/admin.timsar._index";
import { RouteClient } from "../../tests/setup/route-client";

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

describe("the owner's sign-in under a guessing attack", () => {
  it("205 wrong passwords from 10 addresses never lock out a browser that signed in before", { timeout: 240_000 }, async () => {
    const email = "besieged-owner@example.com";
    await ensureAdmin({ adminEmail: email, adminPassword: "the-owners-password" });
    const owner = new RouteClient("198.51.100.77");
    expect((await owner.json(adminLogin, "/api/admin/timsar", { email, password: "the-owners-password" })).status).toBe(200);
    expect(owner.cookies.has("__admin_device")).toBe(true);

    const attackers = Array.from({ length: 10 }, (_, index) => new RouteClient(`203.0.113.${index + 1}`));
    const statuses: number[] = [];
    for (let round = 0; round < 21; round++) {
      for (const attacker of attackers) {
        if (statuses.length === 205) break;
        statuses.push((await attacker.json(adminLogin, "/api/admin/timsar", { email, password: `guess-${round}` })).status);
      }
    }
    // Past the per-account ceiling every unknown browser is refused, the right password too, and told when to come back.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    const stranger = await new RouteClient("192.0.2.200").json(adminLogin, "/api/admin/timsar", { email, password: "the-owners-password" });
    expect(stranger.status).toBe(429);
    expect(Number(stranger.response.headers.get("Retry-After"))).toBeGreaterThan(0);

    // The owner's own browser, through the API and through the sign-in page, from any address.
    expect((await owner.json(adminLogin, "/api/admin/timsar", { email, password: "the-owners-password" })).status).toBe(200);
    const page = await owner.form(adminLoginPage, "/admin/timsar?index", { email, password: "the-owners-password" });
    expect(page.status).toBe(303);
    expect(page.headers.get("Location")).toBe("/admin/timsar/dashboard");
  });

  it("locks out a device cookie after its own failures, and takes no forged one", async () => {
    const email = "careful-owner@example.com";
    await ensureAdmin({ adminEmail: email, adminPassword: "careful-password" });
    const owner = new RouteClient("198.51.100.78");
    expect((await owner.json(adminLogin, "/api/admin/timsar", { email, password: "careful-password" })).status).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await owner.json(adminLogin, "/api/admin/timsar", { email, password: `typo-${i}` })).status);
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
    // The device is locked, not the account: another browser of the owner signs in.
    expect((await new RouteClient("198.51.100.79").json(adminLogin, "/api/admin/timsar", { email, password: "careful-password" })).status).toBe(200);

    // A cookie whose signature does not hold is no device at all.
    const forger = new RouteClient("198.51.100.80");
    forger.cookies.set("__admin_device", owner.cookies.get("__admin_device")!.replace(/.$/, (last) => (last === "A" ? "B" : "A")));
    for (let i = 0; i < 10; i++) await forger.json(adminLogin, "/api/admin/timsar", { email, password: `forged-${i}` });
    expect((await forger.json(adminLogin, "/api/admin/timsar", { email, password: "careful-password" })).status).toBe(429);
  });
});
