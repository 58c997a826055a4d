import { account as arAccount } from "./locales/ar/account";
import { admin as arAdmin } from "./locales/ar/admin";
import { api as arApi } from "./locales/ar/api";
import { checkout as arCheckout } from "./locales/ar/checkout";
import { common as arCommon } from "./locales/ar/common";
import { shop as arShop } from "./locales/ar/shop";
import { account as enAccount } from "./locales/en/account";
import { admin as enAdmin } from "./locales/en/admin";
import { api as enApi } from "./locales/en/api";
import { checkout as enCheckout } from "./locales/en/checkout";
import { common as enCommon } from "./locales/en/common";
import { shop as enShop } from "./locales/en/shop";

/** One namespace per language; each area of the shop adds its own file and spreads it here. */
export const resources = {
  en: { translation: { ...enCommon, ...enShop, ...enAccount, ...enCheckout, ...enAdmin, ...enApi } },
  ar: { translation: { ...arCommon, ...arShop, ...arAccount, ...arCheckout, ...arAdmin, ...arApi } },
};

export type Resources = (typeof resources)["en"];
