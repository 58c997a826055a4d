import { checkout as arCheckout } from "./locales/ar/checkout";
import { common as arCommon } from "./locales/ar/common";
import { checkout as enCheckout } from "./locales/en/checkout";
import { common as enCommon } from "./locales/en/common";

/** One namespace per language; each area of the shop adds its own file and spreads it here. */
export const resources = {
  en: { translation: { ...enCommon, ...enCheckout } },
  ar: { translation: { ...arCommon, ...arCheckout } },
};

export type Resources = (typeof resources)["en"];
