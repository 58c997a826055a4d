import { describe, expect, it, vi } from "vitest";
import { prisma } from "~/db.server";
import { getCustomerSessionCookie } from "~/auth/session.server";
import { sessionKey } from "~/models/accounts/index.server";
import { cartCookieHeader } from "~/cookies/cart.server";
import { createCustomer } from "../../tests/factories/customer";
import { createSession } from "../../tests/factories/session";
import { readVisitor } from "./visitor.server";

const requestWith = (...cookies: string[]) => new Request("http://localhost/", { headers: { Cookie: cookies.map((cookie) => cookie.split(";")[0]).join("; ") } });

async function signedIn() {
  const customer = await createCustomer(prisma);
  const id = await createSession(prisma, { customerId: customer.id });
  return { id, customerId: customer.id, cookie: await getCustomerSessionCookie().serialize(id) };
}

describe("what every page shows of the visitor", () => {
  it("reads a guest's cart count from the cart cookie, a signed-in shopper's from their saved cart, and the sign-in from the session row", async () => {
    const { cookie, customerId } = await signedIn();
    const cart = await cartCookieHeader([
      { productId: "p1", quantity: 2, customTags: [] },
      { productId: "p2", quantity: 1, customTags: [] },
    ]);
    expect(await readVisitor(requestWith(cookie, cart))).toEqual({ cartCount: 0, isSignedIn: true });
    await prisma.savedCart.create({ data: { customerId, lines: [{ productId: "p3", quantity: 4, customTags: [] }] } });
    expect(await readVisitor(requestWith(cookie, cart))).toEqual({ cartCount: 4, isSignedIn: true });
    expect(await readVisitor(requestWith(cart))).toEqual({ cartCount: 3, isSignedIn: false });
    expect(await readVisitor(requestWith(`${cookie.split(";")[0].slice(0, -4)}AAAA`))).toEqual({ cartCount: 0, isSignedIn: false });
  });

  it("answers a session from memory only while the database version is the one it was read at", async () => {
    const { id, customerId, cookie } = await signedIn();
    expect((await readVisitor(requestWith(cookie), "v1")).isSignedIn).toBe(true);
    // Any commit moves the database's version on, and the next reading asks again: a change to the saved cart…
    await prisma.savedCart.create({ data: { customerId, lines: [{ productId: "p1", quantity: 2, customTags: [] }] } });
    expect(await readVisitor(requestWith(cookie), "v1")).toEqual({ cartCount: 0, isSignedIn: true });
    expect(await readVisitor(requestWith(cookie), "v1b")).toEqual({ cartCount: 2, isSignedIn: true });
    // …or a logout, which deletes the row.
    await prisma.session.delete({ where: { id: sessionKey(id) } });
    expect((await readVisitor(requestWith(cookie), "v1b")).isSignedIn).toBe(true);
    expect((await readVisitor(requestWith(cookie), "v2")).isSignedIn).toBe(false);
    expect((await readVisitor(requestWith(cookie))).isSignedIn).toBe(false);
  });

  it("does not keep a session past its end, even when nothing is committed", async () => {
    const { id, cookie } = await signedIn();
    const end = new Date(Date.now() + 60_000);
    await prisma.session.update({ where: { id: sessionKey(id) }, data: { expiresAt: end } });
    expect((await readVisitor(requestWith(cookie), "v7")).isSignedIn).toBe(true);
    // The clock moves past the session's end (only Date: the database and its timers run as ever).
    vi.useFakeTimers({ toFake: ["Date"], now: end.getTime() + 1 });
    try {
      expect((await readVisitor(requestWith(cookie), "v7")).isSignedIn).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
