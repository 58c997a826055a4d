import type { RouteMessages } from "../../../area-messages";

/** The category overview's texts: the category pages' and, for each category's products, the product pages'. */
export const adminCategoryOverviewMessages: { messages: RouteMessages } = {
  messages: {
    ar: () =>
      Promise.all([import("../../../locales/ar/admin/categories"), import("../../../locales/ar/admin/products")]).then(
        ([categories, products]) => ({ admin: { ...categories.categories, ...products.products } }),
      ),
    en: () =>
      Promise.all([import("../../../locales/en/admin/categories"), import("../../../locales/en/admin/products")]).then(
        ([categories, products]) => ({ admin: { ...categories.categories, ...products.products } }),
      ),
  },
};
