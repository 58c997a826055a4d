import { admin as arAdmin } from "./locales/ar/admin";
import { common as arCommon } from "./locales/ar/common";
import { admin as enAdmin } from "./locales/en/admin";
import { common as enCommon } from "./locales/en/common";

/** One namespace per language; each area of the shop adds its own file and spreads it here. */
export const resources = {
  en: { translation: { ...enCommon, ...enAdmin } },
  ar: { translation: { ...arCommon, ...arAdmin } },
};

export type Resources = (typeof resources)["en"];
