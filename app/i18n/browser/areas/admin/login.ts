import type { RouteMessages } from "../../../area-messages";

/**
 * The administrator's sign-in page's texts. One module per group of pages, so a page's
 * files name only the texts it fetches; the browser loads the page's language (app/i18n/route-messages.tsx).
 */
export const adminLoginMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/login").then((module) => ({ admin: module.login })),
    en: () => import("../../../locales/en/admin/login").then((module) => ({ admin: module.login })),
  },
};
