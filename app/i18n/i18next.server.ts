import { RemixI18Next } from "remix-i18next/server";
import { defaultLanguage, languageOrDefault, supportedLanguages, type Language } from "~/shared/language";
import { pageLanguage } from "~/i18n/page-language.server";
import { fixedT } from "~/i18n/fixed-t.server";
import { resources } from "./resources";

/**
 * remix-i18next detects the page's language through one finder, `pageLanguage`: `?lang=`, the `lang` cookie, the
 * Accept-Language's most wanted of Arabic and English wherever it is ranked, else Arabic. Its own header reading keeps
 * only the first language the browser names ("fr, en;q=0.5" would give Arabic), and the page cache's key
 * (server/page-cache.ts) must make the very same choice, so the finder always answers.
 */
const detector = new RemixI18Next({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    order: ["custom"],
    findLocale: async (request) =>
      pageLanguage({
        asked: new URL(request.url).searchParams.get("lang"),
        cookie: request.headers.get("Cookie"),
        acceptLanguage: request.headers.get("Accept-Language"),
      }),
  },
  i18next: { resources, fallbackLng: defaultLanguage, interpolation: { escapeValue: false } },
});

export async function getLanguage(request: Request): Promise<Language> {
  return languageOrDefault(await detector.getLocale(request));
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
