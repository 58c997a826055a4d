import { createInstance, type InterpolationOptions, type TFunction } from "i18next";
import { defaultLanguage, languageOrDefault, type Language } from "~/shared/language";
import { formatCount } from "~/shared/digits";
import { resources } from "~/i18n/resources";
import { FILTER_COLORS, type FilterColor } from "~/shared/product";
import type { ProductSort } from "~/shared/storefront";

const translators = new Map<Language, TFunction>();

/**
 * Every value put into a text goes through `format`: a number is a count and takes the text's digits (decision 0079),
 * as the browser's translator does (app/i18n/translation.tsx); strings (order numbers, codes, phones) stay as they are.
 */
const numbersInPageDigits: InterpolationOptions = {
  escapeValue: false,
  alwaysFormat: true,
  format: (value: unknown, _format, lng) => (typeof value === "number" ? formatCount(value, languageOrDefault(lng)) : String(value ?? "")),
};

/**
 * A translator per language, made once per process. remix-i18next's own `getFixedT` builds a fresh i18next
 * instance on every call, which showed up as the largest single cost of a storefront page in the profiler;
 * `i18nServer.getFixedT` and `bilingual` use these instead.
 */
export function fixedT(language: Language): TFunction {
  let t = translators.get(language);
  if (!t) {
    const i18n = createInstance();
    void i18n.init({ lng: language, fallbackLng: defaultLanguage, resources, interpolation: numbersInPageDigits, initImmediate: false });
    t = i18n.getFixedT(language);
    translators.set(language, t);
  }
  return t;
}

/**
 * The storefront sorts' labels in one language, for the home and search loaders: worded on the server so that no
 * page's JavaScript carries them (decision 0021).
 */
export function storefrontSortLabels(language: Language): Record<ProductSort, string> {
  const t = fixedT(language);
  return {
    default: t("pageTexts.sorts.default"),
    "price-asc": t("pageTexts.sorts.priceAsc"),
    "price-desc": t("pageTexts.sorts.priceDesc"),
    "best-sellers": t("pageTexts.sorts.bestSellers"),
  };
}

/** The colour filter's names in `language`, for the loaders (decision 0021: texts from the loader cost no JavaScript). */
export function storefrontColorLabels(language: Language): Record<FilterColor, string> {
  const t = fixedT(language);
  return Object.fromEntries(FILTER_COLORS.map((color) => [color, t(`pageTexts.colors.${color}`)])) as Record<FilterColor, string>;
}
