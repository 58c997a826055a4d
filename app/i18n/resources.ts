import { account as arAccount } from "./locales/ar/account";
import { admin as arAdmin } from "./locales/ar/admin";
import { api as arApi } from "./locales/ar/api";
import { checkout as arCheckout } from "./locales/ar/checkout";
import { common as arCommon } from "./locales/ar/common";
import { mail as arMail } from "./locales/ar/mail";
import { offers as arOffers } from "./locales/ar/offers";
import { pageTexts as arPageTexts } from "./locales/ar/page-texts";
import { productPage as arProductPage } from "./locales/ar/product-page";
import { returns as arReturns } from "./locales/ar/returns";
import { reviews as arReviews } from "./locales/ar/reviews";
import { shop as arShop } from "./locales/ar/shop";
import { stockNotices as arStockNotices } from "./locales/ar/stock-notices";
import { account as enAccount } from "./locales/en/account";
import { admin as enAdmin } from "./locales/en/admin";
import { api as enApi } from "./locales/en/api";
import { checkout as enCheckout } from "./locales/en/checkout";
import { common as enCommon } from "./locales/en/common";
import { mail as enMail } from "./locales/en/mail";
import { offers as enOffers } from "./locales/en/offers";
import { pageTexts as enPageTexts } from "./locales/en/page-texts";
import { productPage as enProductPage } from "./locales/en/product-page";
import { returns as enReturns } from "./locales/en/returns";
import { reviews as enReviews } from "./locales/en/reviews";
import { shop as enShop } from "./locales/en/shop";
import { stockNotices as enStockNotices } from "./locales/en/stock-notices";

/** One namespace per language; each area of the shop adds its own file and spreads it here. */
export const resources = {
  en: { translation: { ...enCommon, shop: { ...enShop.shop, ...enProductPage.shop }, ...enAccount, ...enCheckout, ...enAdmin, ...enApi, ...enPageTexts, ...enOffers, ...enStockNotices, ...enMail, ...enReturns, ...enReviews } },
  ar: { translation: { ...arCommon, shop: { ...arShop.shop, ...arProductPage.shop }, ...arAccount, ...arCheckout, ...arAdmin, ...arApi, ...arPageTexts, ...arOffers, ...arStockNotices, ...arMail, ...arReturns, ...arReviews } },
};

export type Resources = (typeof resources)["en"];
