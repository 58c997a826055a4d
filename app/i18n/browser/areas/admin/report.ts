import type { RouteMessages } from "../../../area-messages";

/**
 * The sales report's texts. One module per group of pages, so a page's
 * files name only the texts it fetches; the browser loads the page's language (app/i18n/route-messages.tsx).
 */
export const adminReportMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/report").then((module) => ({ admin: module.report })),
    en: () => import("../../../locales/en/admin/report").then((module) => ({ admin: module.report })),
  },
};
