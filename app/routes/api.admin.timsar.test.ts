import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/utils/api.server";
import { createAdmin } from "../../tests/factories/admin";
import { uniqueEmail } from "../../tests/factories/unique";
import { RouteClient } from "../../tests/setup/route-client";
import { action as apiLogin } from "./api.admin.timsar";
import { action as pageLogin } from "./admin.timsar._index";

describe("admin login under attack", () => {
  it("lets the owner sign in while another address hammers the admin login with the owner's e-mail", async () => {
    const owner = await createAdmin(prisma, { email: uniqueEmail("owner"), password: "the-owner-password" });
    const attacker = new RouteClient("203.0.113.66");
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push((await attacker.json(apiLogin, "/api/admin/timsar", { email: owner.email, password: `guess-${i}` })).status);
    }
    expect(statuses.slice(0, 10).every((status) => status === 401)).toBe(true);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    // even the right password is refused to the attacker's address once it is locked out
    const lucky = await attacker.json(apiLogin, "/api/admin/timsar", { email: owner.email, password: "the-owner-password" });
    expect(lucky).toMatchObject({ status: 429, body: { message: TOO_MANY_ATTEMPTS_MESSAGE } });

    const home = new RouteClient("198.51.100.7");
    const api = await home.json(apiLogin, "/api/admin/timsar", { email: owner.email, password: "the-owner-password" });
    expect(api).toMatchObject({ status: 200, body: { isAdmin: true, email: owner.email } });
    const page = await new RouteClient("198.51.100.8").form(pageLogin, "/admin/timsar", { email: owner.email, password: "the-owner-password" });
    expect(page.status).toBe(303);
    expect(page.headers.get("Set-Cookie")).toMatch(/^__admin=/);
  }, 60_000);

  it("stops one address trying many e-mails before hashing a password for each", async () => {
    const client = new RouteClient("203.0.113.99");
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await client.form(pageLogin, "/admin/timsar", { email: uniqueEmail(`spray${i}`), password: "whatever-pass" })).status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  }, 60_000);

  it("does not count the owner's own successful logins toward a lockout", async () => {
    const owner = await createAdmin(prisma, { email: uniqueEmail("busy-owner"), password: "busy-owner-password" });
    const client = new RouteClient("198.51.100.20");
    for (let i = 0; i < 9; i++) await client.json(apiLogin, "/api/admin/timsar", { email: owner.email, password: "wrong-password" });
    for (let i = 0; i < 3; i++) {
      expect((await client.json(apiLogin, "/api/admin/timsar", { email: owner.email, password: "busy-owner-password" })).status).toBe(200);
      expect((await client.json(apiLogin, "/api/admin/timsar", { email: owner.email, password: "wrong-password" })).status).toBe(401);
    }
  }, 60_000);
});
