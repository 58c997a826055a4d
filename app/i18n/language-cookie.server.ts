import { isLanguage, type Language } from "~/shared/language";
import { plainCookie } from "~/utils/cookies.server";
import { rawCookies } from "~/utils/raw-cookies";

/**
 * The `lang` cookie of CONTRACT.md, plain `ar` or `en`: unsigned, so the shared page cache can key on it, and left
 * readable (not HttpOnly) as the contract has it (docs/decisions/0004-language-cookie.md).
 */
const LANGUAGE_COOKIE = "lang";
const languageCookie = plainCookie(LANGUAGE_COOKIE, 60 * 60 * 24 * 365, { readableByScript: true });

export function languageFromCookie(request: Request): Language | null {
  return languageFromCookieHeader(request.headers.get("Cookie"));
}

/** The same from a Cookie header alone, for the server's parts that have no web Request (server/page-cache.ts). */
export function languageFromCookieHeader(header: string | null | undefined): Language | null {
  const value = rawCookies(header).get(LANGUAGE_COOKIE) ?? "";
  // Read as `plainCookie` reads it: "%65n" is "en".
  let decoded = value;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    // Not percent-encoded after all: taken as sent, and refused below like any unknown value.
  }
  return isLanguage(decoded) ? decoded : null;
}

export function languageCookieHeader(language: Language): string {
  return languageCookie.serialize(language);
}
