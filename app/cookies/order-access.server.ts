import { signedCookie } from "~/utils/cookies.server";

let accessCookie: ReturnType<typeof signedCookie> | undefined;

/** The orders this browser placed, so a guest can open their own invoice without an account. */
function getOrderAccessCookie() {
  accessCookie ??= signedCookie("order_access", 60 * 60 * 24 * 30);
  return accessCookie;
}

export async function ordersPlacedHere(request: Request): Promise<string[]> {
  const value: unknown = await getOrderAccessCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === "string") : [];
}

export async function rememberOrderHeader(request: Request, orderId: string): Promise<string> {
  const known = await ordersPlacedHere(request);
  return getOrderAccessCookie().serialize([orderId, ...known.filter((id) => id !== orderId)].slice(0, 10));
}

/**
 * Whether the asker placed an order: its account, or this browser (a refusal may then name the order, 0077). A
 * client known only by its address may be a stranger behind the same address.
 */
export async function placedByAsker(request: Request, customerId: string | null, order: { orderId: string; customerId: string | null }): Promise<boolean> {
  if (customerId !== null && order.customerId === customerId) return true;
  return (await ordersPlacedHere(request)).includes(order.orderId);
}

/** Signing out forgets the orders too: the next person at this browser must not open the last one's invoices. */
export async function forgetOrdersPlacedHere(): Promise<string> {
  return getOrderAccessCookie().serialize([], { expires: new Date(0), maxAge: 0 });
}
