export const supportedLanguages = ["ar", "en"] as const;
export type Language = (typeof supportedLanguages)[number];
export const defaultLanguage: Language = "ar";

export function isLanguage(value: unknown): value is Language {
  return value === "ar" || value === "en";
}

/** A stored language (an order's, say) as one the shop speaks: anything else is the default. */
export function languageOrDefault(value: unknown): Language {
  return isLanguage(value) ? value : defaultLanguage;
}

export function directionOf(language: Language): "rtl" | "ltr" {
  return language === "ar" ? "rtl" : "ltr";
}

/** Picks the text of a bilingual field for the page's language. */
export function localized(language: Language, values: { en: string; ar: string }): string {
  return language === "ar" ? values.ar || values.en : values.en || values.ar;
}
