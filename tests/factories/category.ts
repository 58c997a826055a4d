import type { PrismaClient } from "../../app/generated/prisma/client";
import { uniqueId } from "./unique";

/** The shop's own category icon, so the seed test's rule (every picture exists under /uploads) holds for these rows too. */
const ICON_IMAGE = "/uploads/catalogue/category-bows.webp";

/**
 * A test's category goes after every other, as the admin's form places a new one: a browser test that counts the
 * seed's chips in the category bar must not find another worker's category among them.
 */
export async function createCategory(db: PrismaClient, overrides: { isVisible?: boolean; slug?: string } = {}) {
  const slug = overrides.slug ?? uniqueId("cat");
  const last = await db.category.aggregate({ _max: { position: true } });
  return db.category.create({
    data: {
      slug,
      nameEn: `Category ${slug}`,
      nameAr: `تصنيف ${slug}`,
      iconImage: ICON_IMAGE,
      isVisible: overrides.isVisible ?? true,
      position: (last._max.position ?? 0) + 1,
    },
  });
}
