import { getEnv } from "~/env.server";
import type { Language } from "~/shared/language";
import * as arLegal from "~/i18n/locales/ar/legal";
import * as enLegal from "~/i18n/locales/en/legal";
import { seoLinks } from "~/utils/seo";

export type LegalKind = "terms" | "privacy";

const PATHS: Record<LegalKind, string> = { terms: "/terms-and-conditions", privacy: "/privacy-policy" };

/** The text of a legal page in one language, with its canonical and hreflang links (/ar/… is the Arabic address). */
export function legalPage(kind: LegalKind, language: Language, siteName: string) {
  const document = (language === "ar" ? arLegal : enLegal)[kind];
  const path = PATHS[kind];
  return {
    language,
    document,
    meta: { title: document.title, description: document.description, siteName },
    seo: seoLinks({ appUrl: getEnv().appUrl, path: language === "ar" ? `/ar${path}` : path, alternates: { en: path, ar: `/ar${path}` } }),
  };
}
