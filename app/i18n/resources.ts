import { common as arCommon } from "./locales/ar/common";
import { common as enCommon } from "./locales/en/common";
import { shop as arShop } from "./locales/ar/shop";
import { shop as enShop } from "./locales/en/shop";

/** One namespace per language; each area of the shop adds its own file and spreads it here. */
export const resources = {
  en: { translation: { ...enCommon, ...enShop } },
  ar: { translation: { ...arCommon, ...arShop } },
};

export type Resources = (typeof resources)["en"];
