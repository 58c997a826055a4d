import { prisma } from "~/db.server";
import { cachedCatalogue } from "~/models/shop/index.server";

const CATEGORY_FIELDS = { id: true, nameEn: true, nameAr: true, slug: true, iconImage: true, isVisible: true } as const;

export type CategoryRow = { id: string; nameEn: string; nameAr: string; slug: string; iconImage: string; isVisible: boolean };

/** The storefront's category bar and `GET /api/categories`: visible categories in the admin's order. */
export async function getVisibleCategories(): Promise<CategoryRow[]> {
  return cachedCatalogue(
    "visibleCategories",
    () =>
      prisma.category.findMany({
        where: { isVisible: true },
        orderBy: [{ position: "asc" }, { createdAt: "asc" }],
        select: CATEGORY_FIELDS,
      }),
    "list",
  );
}

/** A hidden category answers like a missing one: the storefront never reveals it. */
export async function getVisibleCategoryBySlug(slug: string): Promise<CategoryRow | null> {
  return cachedCatalogue(`category:${slug}`, () => prisma.category.findFirst({ where: { slug, isVisible: true }, select: CATEGORY_FIELDS }), "list");
}
