import { RemixI18Next } from "remix-i18next/server";
import { defaultLanguage, languageOrDefault, supportedLanguages, type Language } from "~/shared/language";
import { languageFromCookie } from "~/i18n/language-cookie.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { resources } from "./resources";

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
  return languageOrDefault(locale);
}

/**
 * remix-i18next's `getFixedT` builds a new i18next instance on every call, the largest single cost of a page in
 * the profiler; loaders get the same translator from one instance per language instead.
 */
export const i18nServer = {
  getLocale: getLanguage,
  async getFixedT(requestOrLanguage: Request | string) {
    const language = typeof requestOrLanguage === "string" ? languageOrDefault(requestOrLanguage) : await getLanguage(requestOrLanguage);
    return fixedT(language);
  },
};
