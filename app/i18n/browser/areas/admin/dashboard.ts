import type { RouteMessages } from "../../../area-messages";

/**
 * The dashboard's texts. One module per group of pages, so a page's
 * files name only the texts it fetches; the browser loads the page's language (app/i18n/route-messages.tsx).
 */
export const adminDashboardMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/dashboard").then((module) => ({ admin: module.dashboard })),
    en: () => import("../../../locales/en/admin/dashboard").then((module) => ({ admin: module.dashboard })),
  },
};
