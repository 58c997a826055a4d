import type { RouteMessages } from "../../../area-messages";

/**
 * The administration texts every admin page shows (the menu, the forms' messages), for the admin layout's
 * `handle`. One module per group of pages, so a page's files name only the texts it fetches; the browser loads the
 * page's language (app/i18n/route-messages.tsx).
 */
export const adminMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/shell").then((module) => ({ admin: module.shell })),
    en: () => import("../../../locales/en/admin/shell").then((module) => ({ admin: module.shell })),
  },
};
