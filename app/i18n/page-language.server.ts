import { acceptedShopLanguage } from "~/i18n/bilingual.server";
import { languageFromCookieHeader } from "~/i18n/language-cookie.server";
import { defaultLanguage, isLanguage, type Language } from "~/shared/language";

/** What a page's language is chosen from: `?lang=`, the Cookie header and the Accept-Language header. */
export type PageLanguageInput = { asked?: string | null; cookie?: string | null; acceptLanguage?: string | null };

/**
 * The one choice of a page's language (CONTRACT.md "Language"), made alike by the page itself (`getLanguage`), the
 * shared-page cache's key (server/page-cache.ts) and the refusals sent before Remix (server/body-limit.ts):
 * `?lang=` (the address search engines are given for each language, app/utils/seo.ts), else the `lang` cookie, else
 * the Accept-Language's most wanted language the shop speaks, ranked anywhere, else Arabic.
 */
export function pageLanguage({ asked, cookie, acceptLanguage }: PageLanguageInput): Language {
  if (isLanguage(asked)) return asked;
  return languageFromCookieHeader(cookie) ?? acceptedShopLanguage(acceptLanguage) ?? defaultLanguage;
}
