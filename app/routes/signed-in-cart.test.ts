import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import type { CartJson } from "~/shared/cart";
import { readToast } from "~/cookies/toast.server";
import { readVisitor } from "~/auth/visitor.server";
import { createCategory } from "../../tests/factories/category";
import { createCustomer } from "../../tests/factories/customer";
import { createProduct } from "../../tests/factories/product";
import { uniqueEmail } from "../../tests/factories/unique";
import { RouteClient } from "../../tests/setup/route-client";
import { action as cartAction } from "./cart";
import { loader as cartJson } from "./cart[.]json";
import { action as login } from "./login";
import { action as logout } from "./logout";
import { action as apiLogin } from "./api.auth.login";

const PASSWORD = "cart-follows-1";

async function shopper() {
  return (await createCustomer(prisma, { email: uniqueEmail("saved-cart"), password: PASSWORD })).email;
}

async function productsFor(...stock: number[]) {
  const category = await createCategory(prisma);
  return Promise.all(stock.map((stockQuantity) => createProduct(prisma, { categoryId: category.id, stockQuantity })));
}

/** What the cart drawer shows this browser: product and quantity per line. */
async function cartOf(client: RouteClient, headers: Record<string, string> = {}) {
  const response = await client.call(cartJson, "/cart.json", { headers });
  const { cart } = (await response.json()) as CartJson;
  return cart.items.map((item) => ({ productId: item.productId, quantity: item.quantity }));
}

/** The header's count and sign-in state, as every page shows them. */
function visitorOf(client: RouteClient) {
  return readVisitor(new Request("http://localhost/", { headers: { Cookie: client.cookieHeader() } }));
}

const add = (client: RouteClient, productId: string) => client.form(cartAction, "/cart", { intent: "add", productId, redirectTo: "/" });
const signIn = (client: RouteClient, email: string) => client.form(login, "/login", { email, password: PASSWORD });

describe("a signed-in shopper's cart", () => {
  it("follows them to another device and survives signing out and in; signing out leaves a guest with an empty cart", async () => {
    const [bow] = await productsFor(10);
    const email = await shopper();
    const phone = new RouteClient();
    await signIn(phone, email);
    await add(phone, bow.id);
    await add(phone, bow.id);
    // Kept on the server, not in this browser's cookie.
    expect(phone.cookies.has("cart")).toBe(false);

    const laptop = new RouteClient();
    expect(await cartOf(laptop)).toEqual([]);
    await signIn(laptop, email);
    expect(await cartOf(laptop)).toEqual([{ productId: bow.id, quantity: 2 }]);
    expect(await visitorOf(laptop)).toEqual({ cartCount: 2, isSignedIn: true });

    await add(laptop, bow.id);
    expect(await cartOf(phone)).toEqual([{ productId: bow.id, quantity: 3 }]);

    await phone.form(logout, "/logout", {});
    expect(await cartOf(phone)).toEqual([]);
    expect(await visitorOf(phone)).toEqual({ cartCount: 0, isSignedIn: false });
    await signIn(phone, email);
    expect(await cartOf(phone)).toEqual([{ productId: bow.id, quantity: 3 }]);
  });

  it("takes in a guest cart at sign-in: quantities added, never above the stock, with the cart's notice, and the cookie emptied", async () => {
    const [scarce, other] = await productsFor(3, 5);
    const email = await shopper();
    const before = new RouteClient();
    await signIn(before, email);
    await add(before, scarce.id);
    await add(before, scarce.id);

    const guest = new RouteClient();
    await add(guest, scarce.id);
    await add(guest, scarce.id);
    await add(guest, other.id);
    expect(await visitorOf(guest)).toEqual({ cartCount: 3, isSignedIn: false });
    const signedIn = await signIn(guest, email);
    const flash = guest.lastSetCookies.find((line) => line.startsWith("shop_flash="))!;

    expect(signedIn.status).toBe(302);
    expect(guest.cookies.has("cart")).toBe(false);
    expect(await cartOf(guest)).toEqual([
      { productId: scarce.id, quantity: 3 },
      { productId: other.id, quantity: 1 },
    ]);
    const toast = readToast(new Request("http://localhost/account", { headers: { Cookie: flash.split(";")[0] } }), "en").toast;
    expect(toast).toMatchObject({ kind: "error", message: "Your cart already holds as many of this piece as can be ordered." });

    // Signed out, the browser is a guest with an empty cart; signing in again adds nothing twice.
    await guest.form(logout, "/logout", {});
    expect(await cartOf(guest)).toEqual([]);
    await signIn(guest, email);
    expect(await cartOf(guest)).toEqual([
      { productId: scarce.id, quantity: 3 },
      { productId: other.id, quantity: 1 },
    ]);
  });

  it("takes in the browser's guest cart at the API's login too, and the bearer token finds it", async () => {
    const [clip] = await productsFor(4);
    const email = await shopper();
    const browser = new RouteClient();
    await add(browser, clip.id);
    const { status, body } = await browser.json(apiLogin, "/api/auth/login", { email, password: PASSWORD });
    expect(status).toBe(200);
    expect(browser.cookies.has("cart")).toBe(false);

    const app = new RouteClient();
    expect(await cartOf(app, { Authorization: `Bearer ${String(body.token)}` })).toEqual([{ productId: clip.id, quantity: 1 }]);
  });
});
