import { SHOP_FLASHES, type ShopFlash } from "~/shared/toast-messages";
import { rawCookies } from "~/utils/raw-cookies";

/**
 * A one-shot message for shoppers without JavaScript: the cart action sets it before redirecting, and the next
 * page shows it once as a toast. Only known keys are accepted, so the cookie cannot inject text.
 */
const COOKIE = "shop_flash";

export function setFlashHeader(flash: ShopFlash): string {
  return `${COOKIE}=${flash}; Path=/; Max-Age=60; HttpOnly; SameSite=Lax`;
}

/** The flash, if any, and the header that removes it once read. */
export function readFlash(request: Request): { flash: ShopFlash | null; headers: Record<string, string> } {
  const value = rawCookies(request.headers.get("Cookie")).get(COOKIE);
  if (value === undefined) return { flash: null, headers: {} };
  const flash = (SHOP_FLASHES as readonly string[]).includes(value) ? (value as ShopFlash) : null;
  return { flash, headers: { "Set-Cookie": `${COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` } };
}
