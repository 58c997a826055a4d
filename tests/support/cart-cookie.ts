import { createCookie } from "@remix-run/node";

export type TestCartLine = { productId: string; quantity: number; customTags: string[] };

/** Signs a cart cookie exactly as app/cookies/cart.server.ts does, so tests can fill a cart without the cart UI. */
export async function signedCartCookie(lines: TestCartLine[], secret: string): Promise<string> {
  const cookie = createCookie("cart", { path: "/", sameSite: "lax", httpOnly: true, secrets: [secret] });
  const header = await cookie.serialize(lines);
  return header.split(";")[0].slice("cart=".length);
}
