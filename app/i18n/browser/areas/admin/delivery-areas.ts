import type { RouteMessages } from "../../../area-messages";

/** The delivery areas page's texts; the browser loads the page's language (app/i18n/route-messages.tsx). */
export const adminDeliveryAreaMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/delivery-areas").then((module) => ({ admin: module.deliveryAreas })),
    en: () => import("../../../locales/en/admin/delivery-areas").then((module) => ({ admin: module.deliveryAreas })),
  },
};
