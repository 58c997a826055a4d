import { signedCookie } from "~/utils/cookies.server";

let guestCookie: ReturnType<typeof signedCookie> | undefined;

/** The login page's "continue as guest" choice, kept for a while so the checkout opens without an account. */
function getGuestCookie() {
  guestCookie ??= signedCookie("checkout_guest", 60 * 60 * 2);
  return guestCookie;
}

export async function isCheckoutGuest(request: Request): Promise<boolean> {
  return (await getGuestCookie().parse(request.headers.get("Cookie"))) === true;
}

export function guestCookieHeader(): Promise<string> {
  return getGuestCookie().serialize(true);
}
