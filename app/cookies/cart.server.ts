import { parseCartLines, type CartLine } from "~/shared/cart-line";
import { signedCookie } from "~/utils/cookies.server";

const CART_MAX_AGE_S = 60 * 60 * 24 * 30;

let cartCookie: ReturnType<typeof signedCookie> | undefined;

/** A guest's cart lives in a signed cookie: it works without JavaScript and the server can trust its shape (a signed-in shopper's is kept on the server, app/auth/shopper-cart.server.ts). */
function getCartCookie() {
  cartCookie ??= signedCookie("cart", CART_MAX_AGE_S);
  return cartCookie;
}

/** Lines as stored; prices always come from the database when the cart is shown or ordered. */
export async function readCartLines(request: Request): Promise<CartLine[]> {
  return parseCartLines(await getCartCookie().parse(request.headers.get("Cookie")));
}

export async function getCartCount(request: Request): Promise<number> {
  const lines = await readCartLines(request);
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Browsers drop a cookie above about 4 KB silently, which would lose the whole cart. */
export const MAX_CART_COOKIE_BYTES = 3800;

/** The Set-Cookie value that stores these lines. */
export function cartCookieHeader(lines: CartLine[]): Promise<string> {
  return getCartCookie().serialize(lines);
}

/** The Set-Cookie value for a change, or null when the cart would outgrow its cookie. */
export async function cartCookieHeaderIfFits(lines: CartLine[]): Promise<string | null> {
  const header = await cartCookieHeader(lines);
  return header.split(";")[0].length > MAX_CART_COOKIE_BYTES ? null : header;
}

/** The Set-Cookie value that empties the cart (after an order is paid, or the shopper's Clear). */
export function clearCartCookieHeader(): Promise<string> {
  return getCartCookie().serialize([], { maxAge: 0 });
}
