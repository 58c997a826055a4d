import { isLanguage, type Language } from "~/shared/language";
import { plainCookie } from "~/utils/cookies.server";

/**
 * The `lang` cookie of CONTRACT.md, plain `ar` or `en`: unsigned, so the shared page cache can key on it, and left
 * readable (not HttpOnly) as the contract has it (docs/decisions/0004-language-cookie.md).
 */
const languageCookie = plainCookie("lang", 60 * 60 * 24 * 365, { readableByScript: true });

export function languageFromCookie(request: Request): Language | null {
  const value = languageCookie.read(request);
  return isLanguage(value) ? value : null;
}

export function languageCookieHeader(language: Language): string {
  return languageCookie.serialize(language);
}
