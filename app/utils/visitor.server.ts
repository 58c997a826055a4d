import { getCartCount } from "~/cookies/cart.server";
import { getCustomerFromRequest } from "~/auth/session.server";

/**
 * What a page shows of the visitor on every screen: the cart badge and whether the header offers "My account" or
 * "Login". The root loader renders from it, and the shared-page cache (server/page-cache.ts) files a catalogue page
 * under it, so two shoppers with the same cart count and sign-in state can be sent the same page and nothing else
 * of theirs is on it.
 */
export type Visitor = { cartCount: number; isSignedIn: boolean };

export async function readVisitor(request: Request): Promise<Visitor> {
  const [customer, cartCount] = await Promise.all([getCustomerFromRequest(request), getCartCount(request)]);
  return { cartCount, isSignedIn: Boolean(customer) };
}
