import { common as arCommon } from "./locales/ar/common";
import { common as enCommon } from "./locales/en/common";

/** One namespace per language; each area of the shop adds its own file and spreads it here. */
export const resources = {
  en: { translation: { ...enCommon } },
  ar: { translation: { ...arCommon } },
};

export type Resources = (typeof resources)["en"];
