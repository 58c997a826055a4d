import type { RouteMessages } from "../../area-messages";

/** The product page's texts (zoom, gallery, personalisation, not found), for its route's `handle`, in the page's language. */
export const productMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../locales/ar/product-page").then((module) => module.productPage),
    en: () => import("../../locales/en/product-page").then((module) => module.productPage),
  },
};
