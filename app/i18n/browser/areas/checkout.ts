import type { RouteMessages } from "../../area-messages";

/** The checkout, payment and tracking pages' texts, for their routes' `handle`. The browser loads only the page's language (app/i18n/route-messages.tsx). */
export const checkoutMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../locales/ar/checkout").then((module) => module.checkout),
    en: () => import("../../locales/en/checkout").then((module) => module.checkout),
  },
};
