import type { RouteMessages } from "../../../area-messages";

/** The catalogue spreadsheet's texts (issue 49): the products list's buttons and bulk change, the import's preview. */
export const adminCatalogueSheetMessages: { messages: RouteMessages } = {
  messages: {
    ar: () => import("../../../locales/ar/admin/catalogue-sheet").then((module) => ({ admin: module.catalogueSheet })),
    en: () => import("../../../locales/en/admin/catalogue-sheet").then((module) => ({ admin: module.catalogueSheet })),
  },
};
