import { describe, expect, it } from "vitest";
import type { CartLine } from "~/shared/cart-line";
import { cartCookieHeader, cartCookieHeaderIfFits, clearCartCookieHeader, getCartCount, readCartLines } from "./cart.server";

function requestWith(setCookie: string): Request {
  return new Request("http://shop.test/", { headers: { Cookie: setCookie.split(";")[0] } });
}

describe("the cart cookie", () => {
  it("round-trips through the signed cookie, refuses a forged one and empties with clearCartCookieHeader", async () => {
    const lines: CartLine[] = [{ productId: "p1", quantity: 3, customTags: ["x"] }];
    const request = requestWith(await cartCookieHeader(lines));
    expect(await readCartLines(request)).toEqual(lines);
    expect(await getCartCount(request)).toBe(3);
    const forged = Buffer.from(JSON.stringify([{ productId: "p1", quantity: 999, customTags: [] }])).toString("base64");
    expect(await readCartLines(new Request("http://shop.test/", { headers: { Cookie: `cart=${forged}` } }))).toEqual([]);
    const cleared = await clearCartCookieHeader();
    expect(cleared).toMatch(/^cart=/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await readCartLines(requestWith(cleared))).toEqual([]);
  });

  it("refuses a change that would outgrow the cookie instead of losing the whole cart", async () => {
    const small: CartLine[] = [{ productId: "p1", quantity: 1, customTags: ["short"] }];
    expect(await cartCookieHeaderIfFits(small)).toMatch(/^cart=/);
    const large: CartLine[] = Array.from({ length: 20 }, (_, index) => ({ productId: `p${index}`, quantity: 1, customTags: ["x".repeat(200)] }));
    expect(await cartCookieHeaderIfFits(large)).toBeNull();
  });
});
