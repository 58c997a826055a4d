import { SHOP_FLASHES, type ShopFlash } from "~/shared/toast-messages";
import { plainCookie } from "~/utils/cookies.server";

/**
 * A one-shot message for shoppers without JavaScript: the cart action sets it before redirecting, and the next
 * page shows it once as a toast. Only known keys are accepted, so the cookie cannot inject text.
 */
const flashCookie = plainCookie("shop_flash", 60);

export function setFlashHeader(flash: ShopFlash): string {
  return flashCookie.serialize(flash);
}

/** The flash, if any, and the header that removes it once read. */
export function readFlash(request: Request): { flash: ShopFlash | null; headers: Record<string, string> } {
  const value = flashCookie.read(request);
  if (value === null) return { flash: null, headers: {} };
  const flash = (SHOP_FLASHES as readonly string[]).includes(value) ? (value as ShopFlash) : null;
  return { flash, headers: { "Set-Cookie": flashCookie.clear() } };
}
