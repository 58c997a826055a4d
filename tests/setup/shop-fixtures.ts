import crypto from "node:crypto";
import { prisma } from "~/db.server";

/**
 * Unique rows for one test: files run in parallel on one database, so nothing is shared or assumed. The rows
 * also keep the seed test's catalogue-wide rules (pictures that exist under /uploads/catalogue, out of stock
 * means unavailable), because that test reads every row of the shared database.
 */
export const FIXTURE_IMAGE = "/uploads/catalogue/seed-product-01-main.webp";
export const FIXTURE_GALLERY_IMAGE = "/uploads/catalogue/seed-product-01-gallery-1.webp";

export function uniqueSlug(prefix: string): string {
  return `${prefix}-${crypto.randomBytes(4).toString("hex")}`;
}

export async function createCategory(overrides: { isVisible?: boolean; slug?: string } = {}) {
  const slug = overrides.slug ?? uniqueSlug("cat");
  return prisma.category.create({
    data: { slug, nameEn: `Category ${slug}`, nameAr: `تصنيف ${slug}`, iconImage: "/uploads/catalogue/category-bows.webp", isVisible: overrides.isVisible ?? true },
  });
}

type ProductOverrides = {
  priceFils?: number;
  priceBeforeDiscountFils?: number | null;
  stockQuantity?: number;
  isVisible?: boolean;
  isAvailable?: boolean;
  filterColor?: string | null;
  createdAt?: Date;
  tags?: { titleEn: string; titleAr: string; required: boolean }[];
  gallery?: string[];
};

export async function createProduct(categoryId: string, overrides: ProductOverrides = {}) {
  const id = uniqueSlug("product");
  const before = overrides.priceBeforeDiscountFils ?? null;
  return prisma.product.create({
    data: {
      id,
      categoryId,
      nameEn: `Product ${id}`,
      nameAr: `منتج ${id}`,
      descriptionEn: "English description",
      descriptionAr: "وصف عربي",
      priceFils: overrides.priceFils ?? 1500,
      priceBeforeDiscountFils: before,
      hasDiscount: before !== null,
      stockQuantity: overrides.stockQuantity ?? 10,
      isAvailable: overrides.isAvailable ?? (overrides.stockQuantity ?? 10) > 0,
      isVisible: overrides.isVisible ?? true,
      imageUrl: FIXTURE_IMAGE,
      filterColor: overrides.filterColor === undefined ? "primaryPink" : overrides.filterColor,
      colorNameEn: "Pink",
      colorNameAr: "وردي",
      colorLevelEn: "Primary",
      colorLevelAr: "الابتدائي",
      ...(overrides.createdAt ? { createdAt: overrides.createdAt } : {}),
      gallery: { create: (overrides.gallery ?? []).map((url, position) => ({ url, position })) },
      customTags: { create: (overrides.tags ?? []).map((tag, position) => ({ ...tag, position })) },
    },
  });
}
