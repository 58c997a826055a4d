import type { RouteMessages } from "../../../area-messages";

/**
 * The order, customer and user pages' texts. One module per group of pages, so a page's
 * files name only the texts it fetches; the browser loads the page's language (app/i18n/route-messages.tsx).
 */
export const adminOrderMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/orders").then((module) => ({ admin: module.orders })),
    en: () => import("../../../locales/en/admin/orders").then((module) => ({ admin: module.orders })),
  },
};
