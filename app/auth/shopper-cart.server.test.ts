import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { cartCookieHeader } from "~/cookies/cart.server";
import { addToCart, getSavedCartLines } from "~/models/orders/index.server";
import { createCategory } from "../../tests/factories/category";
import { createCustomer } from "../../tests/factories/customer";
import { createProduct } from "../../tests/factories/product";
import { createCustomerSession } from "./session.server";
import { changeShopperCart, emptyShopperCart, readShopperCart } from "./shopper-cart.server";

const requestWith = (...cookies: string[]) => new Request("http://localhost/", { headers: { Cookie: cookies.map((cookie) => cookie.split(";")[0]).join("; ") } });

describe("where a request's cart is kept", () => {
  it("joins the guest cart once at every sign-in (form, registration and API all start a session here) and empties the cookie", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id, stockQuantity: 5 });
    const customer = await createCustomer(prisma);
    const guestCart = await cartCookieHeader([{ productId: product.id, quantity: 2, customTags: [] }]);

    const first = await createCustomerSession(requestWith(guestCart), customer.id);
    expect(first.cartCookie).toMatch(/^cart=[^;]*;.*Max-Age=0/);
    expect(first.cartProblem).toBeNull();
    expect(await readShopperCart(requestWith(first.setCookie, guestCart))).toEqual([{ productId: product.id, quantity: 2, customTags: [] }]);

    // A browser with nothing in its cart adds nothing and keeps its cookie as it is.
    const second = await createCustomerSession(requestWith(), customer.id);
    expect(second.cartCookie).toBeNull();
    expect(await getSavedCartLines(customer.id)).toEqual([{ productId: product.id, quantity: 2, customTags: [] }]);
  });

  it("writes a guest's change to the cookie and a signed-in shopper's to the server, and empties both after a payment", async () => {
    const category = await createCategory(prisma);
    const product = await createProduct(prisma, { categoryId: category.id });
    const customer = await createCustomer(prisma);
    const { setCookie: session } = await createCustomerSession(requestWith(), customer.id);

    const guest = await changeShopperCart(requestWith(), undefined, (lines) => addToCart(lines, product.id, []));
    expect(guest.setCookie).toMatch(/^cart=/);
    expect(await readShopperCart(requestWith(guest.setCookie!))).toEqual([{ productId: product.id, quantity: 1, customTags: [] }]);

    const signedIn = await changeShopperCart(requestWith(session), undefined, (lines) => addToCart(lines, product.id, []));
    expect(signedIn.setCookie).toBeNull();
    expect(await getSavedCartLines(customer.id)).toEqual([{ productId: product.id, quantity: 1, customTags: [] }]);

    expect(await emptyShopperCart(requestWith(session))).toMatch(/^cart=[^;]*;.*Max-Age=0/);
    expect(await getSavedCartLines(customer.id)).toEqual([]);
  });
});
