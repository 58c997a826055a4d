import type { RouteMessages } from "../../area-messages";

/** The review page's texts and the reviews on a product page (issue 47), for their routes' `handle`. */
export const reviewsMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../locales/ar/reviews").then((module) => module.reviews),
    en: () => import("../../locales/en/reviews").then((module) => module.reviews),
  },
};
