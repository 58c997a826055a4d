// ensureAdmin disables every other administrator: this file signs in against a database of its own.
import "../setup/own-database";
import { describe, expect, it } from "vitest";
import { ensureAdmin } from "~/models/accounts/index.server";
import { action as adminLogin } from "~/routes/api.admin.timsar";
import { action as adminLoginPage } from "~/routes/admin.timsar._index";
import { RouteClient } from "../setup/route-client";

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
