import type { PrismaClient } from "../../app/generated/prisma/client";
import { uniqueId } from "./unique";

/** The shop's own category icon, so the seed test's rule (every picture exists under /uploads) holds for these rows too. */
const ICON_IMAGE = "/uploads/catalogue/category-bows.webp";

export async function createCategory(db: PrismaClient, overrides: { isVisible?: boolean; slug?: string } = {}) {
  const slug = overrides.slug ?? uniqueId("cat");
  return db.category.create({
    data: { slug, nameEn: `Category ${slug}`, nameAr: `تصنيف ${slug}`, iconImage: ICON_IMAGE, isVisible: overrides.isVisible ?? true },
  });
}
