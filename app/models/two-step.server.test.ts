import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { totpAt } from "~/auth/totp.server";
import { createAdmin } from "../../tests/factories/admin";
import { uniqueEmail } from "../../tests/factories/unique";
import { RouteClient } from "../../tests/setup/route-client";
import { action as apiLogin } from "~/routes/api.admin.timsar";
import { action as pageLogin } from "~/routes/admin.timsar._index";
import { checkSecondStep, enableTwoStep, startTwoStep } from "./two-step.server";

describe("two-step sign-in", () => {
  it("asks for the app's code after the password, takes each code once, and a recovery code once", async () => {
    const owner = await createAdmin(prisma, { email: uniqueEmail("totp-owner"), password: "owner-totp-password" });
    const actor = { id: owner.id, email: owner.email, role: "owner" };
    const secret = await startTwoStep(owner.id);
    const earlier = Date.now() - 60_000;
    expect(await enableTwoStep(actor, "000000", earlier)).toBeNull();
    const recovery = await enableTwoStep(actor, totpAt(secret, earlier), earlier);
    expect(recovery).toHaveLength(10);

    const client = new RouteClient("198.51.100.33");
    const login = { email: owner.email, password: "owner-totp-password" };
    expect(await client.json(apiLogin, "/api/admin/timsar", login)).toMatchObject({ status: 401, body: { message: expect.stringContaining("authenticator") } });
    expect(client.cookies.has("__admin")).toBe(false);
    const code = totpAt(secret, Date.now());
    expect((await client.json(apiLogin, "/api/admin/timsar", { ...login, code })).status).toBe(200);
    expect(client.cookies.has("__admin")).toBe(true);
    // the same code a second time is refused (someone who saw it over a shoulder)
    expect((await new RouteClient("198.51.100.34").json(apiLogin, "/api/admin/timsar", { ...login, code })).status).toBe(401);

    expect(await checkSecondStep(owner.id, recovery![0])).toBe(true);
    expect(await checkSecondStep(owner.id, recovery![0])).toBe(false);

    // the page: password first, then a form of its own for the code
    const browser = new RouteClient("198.51.100.35");
    const first = await browser.form(pageLogin, "/admin/timsar", login);
    expect(await first.json()).toEqual({ step: "code" });
    expect(browser.cookies.has("__admin")).toBe(false);
    const second = await browser.form(pageLogin, "/admin/timsar", { intent: "code", code: recovery![1] });
    expect(second.status).toBe(303);
    expect(browser.cookies.has("__admin")).toBe(true);
  }, 30_000);
});
