import type { CartLine } from "~/shared/cart-line";
import { cartCookieHeader, cartCookieHeaderIfFits, clearCartCookieHeader, readCartLines } from "~/cookies/cart.server";
import { changeSavedCart, emptySavedCart, getSavedCartLines, type CartChange } from "~/models/orders/index.server";
import { getCustomerFromRequest } from "~/auth/session.server";

/**
 * Where a request's cart is kept (issue 45, decision 0086): a signed-in shopper's on the server (the `SavedCart` row),
 * so another device and the next sign-in find it; a guest's in the signed `cart` cookie, as before (decision 0010).
 * Every cart read and change goes through here; a guest cart joins the saved one at sign-in (createCustomerSession).
 * `shopper` is the request's customer when the caller has read it already, undefined to read it here.
 */
type Shopper = { id: string } | null | undefined;

async function customerOf(request: Request, shopper: Shopper): Promise<{ id: string } | null> {
  return shopper === undefined ? getCustomerFromRequest(request) : shopper;
}

export async function readShopperCart(request: Request, shopper?: Shopper): Promise<CartLine[]> {
  const customer = await customerOf(request, shopper);
  return customer ? getSavedCartLines(customer.id) : readCartLines(request);
}

export async function shopperCartCount(request: Request, shopper?: Shopper): Promise<number> {
  return (await readShopperCart(request, shopper)).reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * One change to the request's cart. A signed-in shopper's is written on the server (a change racing another is
 * worked out again, never lost); a guest's comes back as the cookie to set, unless the cookie would outgrow what a
 * browser keeps (then nothing changes and the problem is `cartFull`).
 */
export async function changeShopperCart(
  request: Request,
  shopper: Shopper,
  change: (lines: CartLine[]) => Promise<CartChange> | CartChange,
): Promise<{ change: CartChange; setCookie: string | null }> {
  const customer = await customerOf(request, shopper);
  if (customer) return { change: await changeSavedCart(customer.id, change), setCookie: null };
  const lines = await readCartLines(request);
  const outcome = await change(lines);
  const stored = outcome.lines.length ? await cartCookieHeaderIfFits(outcome.lines) : await clearCartCookieHeader();
  if (stored === null) return { change: { lines, problem: "cartFull" }, setCookie: await cartCookieHeader(lines) };
  return { change: outcome, setCookie: stored };
}

/** After a payment: the browser's cookie is emptied (the Set-Cookie answered), and so is the signed-in shopper's saved cart. */
export async function emptyShopperCart(request: Request): Promise<string> {
  const customer = await getCustomerFromRequest(request);
  if (customer) await emptySavedCart(customer.id);
  return clearCartCookieHeader();
}
