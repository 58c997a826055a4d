import { languageOrDefault, type Language } from "~/shared/language";
import { pageLanguage } from "~/i18n/page-language.server";
import { fixedT } from "~/i18n/fixed-t.server";

/** The page's language (`pageLanguage`): `?lang=`, the `lang` cookie, the Accept-Language, else Arabic. */
export async function getLanguage(request: Request): Promise<Language> {
  return pageLanguage({
    asked: new URL(request.url).searchParams.get("lang"),
    cookie: request.headers.get("Cookie"),
    acceptLanguage: request.headers.get("Accept-Language"),
  });
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
