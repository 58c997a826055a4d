import type { RouteMessages } from "../../area-messages";

/** The return request page's texts and the returns shown under an order, for their routes' `handle`. */
export const returnsMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../locales/ar/returns").then((module) => module.returns),
    en: () => import("../../locales/en/returns").then((module) => module.returns),
  },
};
