import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { loader as dashboardLoader } from "~/routes/admin.timsar.dashboard";
import { adminCookie, customerToken, request } from "../../tests/support/admin-requests";
import { getCustomerSessionCookie } from "~/auth/session.server";
import { destroyAdminSession, getAdminFromRequest, isAdminRequest } from "~/auth/admin-session.server";

async function loaderOutcome(req: Request) {
  try {
    await dashboardLoader({ request: req, params: {}, context: { cspNonce: "" } });
    return "rendered";
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} ${thrown.headers.get("Location")}`;
    throw thrown;
  }
}

describe("the admin session", () => {
  it("sends anyone but the administrator to the admin login before rendering", async () => {
    expect(await loaderOutcome(request("/admin/timsar/dashboard"))).toBe("302 /admin/timsar");
    const token = await customerToken();
    const shopperCookie = (await getCustomerSessionCookie().serialize(token)).split(";")[0];
    expect(await loaderOutcome(request("/admin/timsar/dashboard", { cookie: shopperCookie }))).toBe("302 /admin/timsar");
    const { cookie } = await adminCookie();
    expect(await loaderOutcome(request("/admin/timsar/dashboard", { cookie }))).toBe("rendered");
  });

  it("ignores a shopper's session id placed in the admin cookie, an expired session, and a revoked one", async () => {
    const { cookie } = await adminCookie();
    expect(await isAdminRequest(request("/", { cookie }))).toBe(true);

    const admin = await getAdminFromRequest(request("/", { cookie }));
    await prisma.session.update({ where: { id: admin!.sessionId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect(await isAdminRequest(request("/", { cookie }))).toBe(false);

    const fresh = await adminCookie();
    const cleared = await destroyAdminSession(request("/", { cookie: fresh.cookie }));
    expect(cleared).toMatch(/Max-Age=0/i);
    expect(await isAdminRequest(request("/", { cookie: fresh.cookie }))).toBe(false);

    const shopperToken = await customerToken();
    const forged = `__admin=${encodeURIComponent(shopperToken)}`;
    expect(await isAdminRequest(request("/", { cookie: forged }))).toBe(false);
  });

  it("ends after two hours without use, and refuses a disabled administrator", async () => {
    const idle = await adminCookie();
    const admin = await getAdminFromRequest(request("/", { cookie: idle.cookie }));
    await prisma.session.update({ where: { id: admin!.sessionId }, data: { lastSeenAt: new Date(Date.now() - 3 * 3600_000) } });
    expect(await isAdminRequest(request("/", { cookie: idle.cookie }))).toBe(false);

    const disabled = await adminCookie();
    expect(await isAdminRequest(request("/", { cookie: disabled.cookie }))).toBe(true);
    await prisma.admin.update({ where: { id: disabled.admin.id }, data: { disabledAt: new Date() } });
    expect(await isAdminRequest(request("/", { cookie: disabled.cookie }))).toBe(false);
  });
});
