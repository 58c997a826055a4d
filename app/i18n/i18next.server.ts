import { RemixI18Next } from "remix-i18next/server";
import { defaultLanguage, isLanguage, languageOrDefault, supportedLanguages, type Language } from "~/shared/language";
import { languageFromCookie } from "~/i18n/language-cookie.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { resources } from "./resources";

const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    order: ["custom", "header"],
    // `?lang=` first: the address search engines are given for each language (the hreflang alternates and the
    // sitemap, app/utils/seo.ts) shows that language whatever the visitor's cookie says, without setting it.
    async findLocale(request) {
      const asked = new URL(request.url).searchParams.get("lang");
      return isLanguage(asked) ? asked : languageFromCookie(request);
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
