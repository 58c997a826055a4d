import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCustomer } from "../../tests/factories/customer";
import { uniqueEmail } from "../../tests/factories/unique";
import { RouteClient } from "../../tests/setup/route-client";
import { action, loader } from "./login";

async function customer(password: string) {
  return (await createCustomer(prisma, { email: uniqueEmail("page-login"), password })).email;
}

describe("the login page (remix-auth form strategy)", () => {
  it("re-renders with 'Invalid credentials' and no session on a wrong password", async () => {
    const email = await customer("page-password");
    const client = new RouteClient();
    const response = await client.form(action, "/login", { email, password: "nope-nope" });
    expect(response.status).toBe(401);
    expect(client.lastSetCookies).toEqual([]);
  });

  it("signs in with a new session and goes to /checkout when the shopper came from it, else /account", async () => {
    const email = await customer("page-password");
    const client = new RouteClient();
    const fromCheckout = await client.form(action, "/login?from=checkout", { email, password: "page-password", from: "checkout" });
    expect(fromCheckout.status).toBe(302);
    expect(fromCheckout.headers.get("Location")).toBe("/checkout");
    const firstCookie = client.cookies.get("__session");
    expect(firstCookie).toBeTruthy();

    const again = await client.form(action, "/login", { email, password: "page-password" });
    expect(again.headers.get("Location")).toBe("/account");
    expect(client.cookies.get("__session")).not.toBe(firstCookie);

    const signedIn = await client.call(loader, "/login?from=checkout");
    expect(signedIn.headers.get("Location")).toBe("/checkout");
  });

  it("shows a known notice and ignores any other name, including the object's own property names", async () => {
    const client = new RouteClient();
    const reset = await client.call(loader, "/login?notice=reset");
    expect((await reset.json()).notice).toBe("account.messages.passwordResetDone");
    for (const name of ["__proto__", "constructor", "toString", "unknown"]) {
      const page = await client.call(loader, `/login?notice=${name}`);
      expect((await page.json()).notice, name).toBeNull();
    }
  });
});
