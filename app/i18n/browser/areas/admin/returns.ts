import type { RouteMessages } from "../../../area-messages";

/** The returns list and return page's texts; the browser loads the page's language (app/i18n/route-messages.tsx). */
export const adminReturnMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/returns").then((module) => ({ admin: module.returns })),
    en: () => import("../../../locales/en/admin/returns").then((module) => ({ admin: module.returns })),
  },
};
