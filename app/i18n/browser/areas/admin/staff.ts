import type { RouteMessages } from "../../../area-messages";

/** The staff, activity log, invitation and two-step pages' texts; the browser loads the page's language. */
export const adminStaffMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/staff").then((module) => ({ admin: module.staff })),
    en: () => import("../../../locales/en/admin/staff").then((module) => ({ admin: module.staff })),
  },
};
