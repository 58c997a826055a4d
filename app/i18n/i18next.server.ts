import { RemixI18Next } from "remix-i18next/server";
import { defaultLanguage, isLanguage, supportedLanguages, type Language } from "./config";
import { fixedT } from "~/i18n/fixed-t.server";
import { rawCookies } from "~/utils/raw-cookies";
import { resources } from "./resources";

/** Reads the raw `lang` cookie of CONTRACT.md (plain `ar` or `en`, also set by the client-side toggle). */
export function languageFromCookie(request: Request): Language | null {
  const value = rawCookies(request.headers.get("Cookie")).get("lang");
  return isLanguage(value) ? value : null;
}

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    order: ["custom", "header"],
    async findLocale(request) {
      return languageFromCookie(request);
    },
  },
  i18next: { resources, fallbackLng: defaultLanguage, interpolation: { escapeValue: false } },
});

export async function getLanguage(request: Request): Promise<Language> {
  const locale = await detector.getLocale(request);
  return isLanguage(locale) ? locale : defaultLanguage;
}

/**
 * remix-i18next's `getFixedT` builds a new i18next instance on every call, the largest single cost of a page in
 * the profiler; loaders get the same translator from one instance per language instead.
 */
export const i18nServer = {
  getLocale: getLanguage,
  async getFixedT(requestOrLanguage: Request | string) {
    const language =
      typeof requestOrLanguage === "string"
        ? isLanguage(requestOrLanguage)
          ? requestOrLanguage
          : defaultLanguage
        : await getLanguage(requestOrLanguage);
    return fixedT(language);
  },
};

export function languageCookieHeader(language: Language, secure: boolean): string {
  const oneYear = 60 * 60 * 24 * 365;
  return `lang=${language}; Path=/; Max-Age=${oneYear}; SameSite=Lax${secure ? "; Secure" : ""}`;
}
