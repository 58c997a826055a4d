import type { RouteMessages } from "../../../area-messages";

/** The reviews list's texts (issue 47); the browser loads the page's language (app/i18n/route-messages.tsx). */
export const adminReviewMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/reviews").then((module) => ({ admin: module.reviews })),
    en: () => import("../../../locales/en/admin/reviews").then((module) => ({ admin: module.reviews })),
  },
};
