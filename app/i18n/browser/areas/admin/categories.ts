import type { RouteMessages } from "../../../area-messages";

/**
 * The category pages' texts. One module per group of pages, so a page's
 * files name only the texts it fetches; the browser loads the page's language (app/i18n/route-messages.tsx).
 */
export const adminCategoryMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/categories").then((module) => ({ admin: module.categories })),
    en: () => import("../../../locales/en/admin/categories").then((module) => ({ admin: module.categories })),
  },
};
