import type { RouteMessages } from "../../../area-messages";

/**
 * The product list's and the product form's texts. One module per group of pages, so a page's
 * files name only the texts it fetches; the browser loads the page's language (app/i18n/route-messages.tsx).
 */
export const adminProductMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/products").then((module) => ({ admin: module.products })),
    en: () => import("../../../locales/en/admin/products").then((module) => ({ admin: module.products })),
  },
};
