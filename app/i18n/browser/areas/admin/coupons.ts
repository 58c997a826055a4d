import type { RouteMessages } from "../../../area-messages";

/** The discount codes' and the settings' texts; the browser loads the page's language (app/i18n/route-messages.tsx). */
export const adminCouponMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/coupons").then((module) => ({ admin: module.coupons })),
    en: () => import("../../../locales/en/admin/coupons").then((module) => ({ admin: module.coupons })),
  },
};
