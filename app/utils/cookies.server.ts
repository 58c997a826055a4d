import { createCookie } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { rawCookies } from "~/utils/raw-cookies";

/**
 * The one cookie policy (CONTRACT.md): Path=/, SameSite=Lax, Secure in production, and HttpOnly unless the page's
 * own script has to read the value. Every cookie the shop sets is built by `signedCookie` or `plainCookie` below.
 */
function cookiePolicy(readableByScript: boolean) {
  return { path: "/", sameSite: "lax" as const, httpOnly: !readableByScript, secure: getEnv().isProduction };
}

/**
 * Server state (the cart, sessions, order access), signed with the rotated SESSION_SECRET list. Without maxAge it
 * lasts for the browser session.
 */
export function signedCookie(name: string, maxAgeSeconds?: number) {
  const env = getEnv();
  return createCookie(name, {
    ...cookiePolicy(false),
    ...(maxAgeSeconds === undefined ? {} : { maxAge: maxAgeSeconds }),
    secrets: env.sessionSecrets,
  });
}

/**
 * A short text value kept as it is, unsigned and not JSON-encoded, because its readers expect exactly that: the
 * `lang` cookie of CONTRACT.md, the one-shot shop message (checked against known keys on every read) and the
 * verification proofs (which carry their own signature).
 */
export function plainCookie(name: string, maxAgeSeconds: number, { readableByScript = false } = {}) {
  function header(value: string, maxAge: number): string {
    const { path, httpOnly, secure } = cookiePolicy(readableByScript);
    return `${name}=${value}; Path=${path}; Max-Age=${maxAge}${httpOnly ? "; HttpOnly" : ""}; SameSite=Lax${secure ? "; Secure" : ""}`;
  }
  return {
    read(request: Request): string | null {
      const value = rawCookies(request.headers.get("Cookie")).get(name);
      if (value === undefined) return null;
      try {
        return decodeURIComponent(value);
      } catch {
        // Not percent-encoded after all: taken as sent, and its reader refuses it like any unknown value.
        return value;
      }
    },
    serialize: (value: string) => header(encodeURIComponent(value), maxAgeSeconds),
    clear: () => header("", 0),
  };
}
