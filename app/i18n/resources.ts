import { account as arAccount } from "./locales/ar/account";
import { common as arCommon } from "./locales/ar/common";
import { account as enAccount } from "./locales/en/account";
import { common as enCommon } from "./locales/en/common";

/** One namespace per language; each area of the shop adds its own file and spreads it here. */
export const resources = {
  en: { translation: { ...enCommon, ...enAccount } },
  ar: { translation: { ...arCommon, ...arAccount } },
};

export type Resources = (typeof resources)["en"];
