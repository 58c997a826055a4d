import type { RouteMessages } from "../../area-messages";

/** The administration texts, for the admin layout's `handle`. The browser loads only the page's language (app/i18n/route-messages.tsx). */
export const adminMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../locales/ar/admin").then((module) => module.admin),
    en: () => import("../../locales/en/admin").then((module) => module.admin),
  },
};
