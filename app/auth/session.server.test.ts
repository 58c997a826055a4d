import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCustomerSession, destroyCustomerSession, getCustomerFromRequest } from "~/auth/session.server";
import { revokeAllForCustomer, sessionKey } from "~/models/accounts/index.server";
import { proofCookieHeader } from "~/auth/verification-proof.server";
import { createCustomer } from "../../tests/factories/customer";

// CONTRACT.md: NODE_ENV=production makes cookies Secure. getEnv() has not been read yet in this test process.
process.env.SHOP_DEPLOY_ENV = "production";
process.env.ALLOW_TEST_PAYMENTS = "1";

const withCookie = (setCookie: string) => new Request("http://localhost/", { headers: { Cookie: setCookie.split(";")[0] } });

describe("customer sessions", () => {
  it("are HttpOnly, SameSite=Lax and Secure in production, and so are the verification proofs", async () => {
    const customer = await createCustomer(prisma);
    const { setCookie } = await createCustomerSession(new Request("http://localhost/"), customer.id);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Secure/);
    expect(proofCookieHeader("reset", "token")).toMatch(/HttpOnly; SameSite=Lax; Secure$/);
  });

  it("end on the server: a copied cookie is useless after logout", async () => {
    const customer = await createCustomer(prisma);
    const { setCookie } = await createCustomerSession(new Request("http://localhost/"), customer.id);
    expect((await getCustomerFromRequest(withCookie(setCookie)))?.id).toBe(customer.id);
    await destroyCustomerSession(withCookie(setCookie));
    expect(await getCustomerFromRequest(withCookie(setCookie))).toBeNull();
  });

  it("can all be revoked for one customer, leaving others signed in", async () => {
    const customer = await createCustomer(prisma);
    const other = await createCustomer(prisma);
    const first = await createCustomerSession(new Request("http://localhost/"), customer.id);
    const second = await createCustomerSession(new Request("http://localhost/"), customer.id);
    const others = await createCustomerSession(new Request("http://localhost/"), other.id);
    await revokeAllForCustomer(customer.id);
    expect(await getCustomerFromRequest(withCookie(first.setCookie))).toBeNull();
    expect(await getCustomerFromRequest(withCookie(second.setCookie))).toBeNull();
    expect((await getCustomerFromRequest(withCookie(others.setCookie)))?.id).toBe(other.id);
  });

  it("accept a bearer token and ignore a forged cookie", async () => {
    const customer = await createCustomer(prisma);
    const { token } = await createCustomerSession(new Request("http://localhost/"), customer.id);
    const bearer = new Request("http://localhost/", { headers: { Authorization: `Bearer ${token}` } });
    expect((await getCustomerFromRequest(bearer))?.id).toBe(customer.id);
    const forged = new Request("http://localhost/", { headers: { Cookie: `__session=${Buffer.from(JSON.stringify(token)).toString("base64")}` } });
    expect(await getCustomerFromRequest(forged)).toBeNull();
  });

  it("are stored as the hash of the token, so a copy of the table signs nobody in", async () => {
    const customer = await createCustomer(prisma);
    const { token } = await createCustomerSession(new Request("http://localhost/"), customer.id);
    expect(await prisma.session.count({ where: { id: token } })).toBe(0);
    const row = await prisma.session.findUniqueOrThrow({ where: { id: sessionKey(token) } });
    expect(row.customerId).toBe(customer.id);
    const stolen = new Request("http://localhost/", { headers: { Authorization: `Bearer ${row.id}` } });
    expect(await getCustomerFromRequest(stolen)).toBeNull();
  });

  it("end after a week without use, well before their 30-day end, and note use at most every few minutes", async () => {
    const customer = await createCustomer(prisma);
    const { token } = await createCustomerSession(new Request("http://localhost/"), customer.id);
    const bearer = () => new Request("http://localhost/", { headers: { Authorization: `Bearer ${token}` } });
    const key = sessionKey(token);

    const twoMinutesAgo = new Date(Date.now() - 2 * 60 * 1000);
    await prisma.session.update({ where: { id: key }, data: { lastSeenAt: twoMinutesAgo } });
    expect((await getCustomerFromRequest(bearer()))?.id).toBe(customer.id);
    expect((await prisma.session.findUniqueOrThrow({ where: { id: key } })).lastSeenAt).toEqual(twoMinutesAgo);

    const sixDaysAgo = new Date(Date.now() - 6 * 24 * 3600_000);
    await prisma.session.update({ where: { id: key }, data: { lastSeenAt: sixDaysAgo } });
    expect((await getCustomerFromRequest(bearer()))?.id).toBe(customer.id);
    expect((await prisma.session.findUniqueOrThrow({ where: { id: key } })).lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);

    await prisma.session.update({ where: { id: key }, data: { lastSeenAt: new Date(Date.now() - 8 * 24 * 3600_000) } });
    expect(await getCustomerFromRequest(bearer())).toBeNull();
  });
});
