import type { RouteMessages } from "../../area-messages";

/** The account pages' texts, for their routes' `handle`. The browser loads only the page's language (app/i18n/route-messages.tsx). */
export const accountMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../locales/ar/account").then((module) => module.account),
    en: () => import("../../locales/en/account").then((module) => module.account),
  },
};
