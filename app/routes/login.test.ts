import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCustomer } from "../../tests/factories/customer";
import { uniqueEmail } from "../../tests/factories/unique";
import { RouteClient } from "../../tests/setup/route-client";
import { readToast } from "~/cookies/toast.server";
import { action as changePassword } from "./change-password";
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

  it("a password change ends on the sign-in page with its message in a flash (no notice parameter in the address)", async () => {
    const email = await customer("before-change");
    const client = new RouteClient();
    await client.form(action, "/login", { email, password: "before-change" });
    const changed = await client.form(changePassword, "/change-password", { oldPassword: "before-change", newPassword: "after-change" });
    expect(changed.status).toBe(303);
    expect(changed.headers.get("Location")).toBe("/login");
    const flash = client.lastSetCookies.find((line) => line.startsWith("shop_flash="));
    const onLogin = readToast(new Request("http://shop.test/login", { headers: { Cookie: flash!.split(";")[0] } }), "ar");
    expect(onLogin.toast).toMatchObject({ kind: "success", message: "تم تغيير كلمة المرور بنجاح. يرجى تسجيل الدخول مرة أخرى." });
    // The session went with the change; an old address's notice names nothing any more.
    expect(client.cookies.has("__session")).toBe(false);
    expect(await (await client.call(loader, `/login?${new URLSearchParams({ notice: "changed" })}`)).json()).not.toHaveProperty("notice");
  });
});
