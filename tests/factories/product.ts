import type { PrismaClient } from "../../app/generated/prisma/client";
import { createCategory } from "./category";
import { uniqueId } from "./unique";

/**
 * Pictures that exist under /uploads/catalogue, and out of stock means unavailable: the seed test reads every row
 * of the shared database, so these rows keep the catalogue-wide rules too.
 */
export const FIXTURE_IMAGE = "/uploads/catalogue/seed-product-01-main.webp";
export const FIXTURE_GALLERY_IMAGE = "/uploads/catalogue/seed-product-01-gallery-1.webp";

/** The personalisation most tests ask for: a name printed on the bow. */
export const NAME_TO_PRINT = { titleEn: "Name to print", titleAr: "الاسم المراد طباعته", required: true };

type ProductOverrides = {
  /** Without one the product gets a category of its own. */
  categoryId?: string;
  nameEn?: string;
  nameAr?: string;
  priceFils?: number;
  priceBeforeDiscountFils?: number | null;
  stockQuantity?: number;
  lowStockThreshold?: number;
  isVisible?: boolean;
  isAvailable?: boolean;
  filterColor?: string | null;
  createdAt?: Date;
  tags?: { titleEn: string; titleAr: string; required: boolean }[];
  gallery?: string[];
};

export async function createProduct(db: PrismaClient, overrides: ProductOverrides = {}) {
  const id = uniqueId("product");
  const categoryId = overrides.categoryId ?? (await createCategory(db)).id;
  const before = overrides.priceBeforeDiscountFils ?? null;
  return db.product.create({
    data: {
      id,
      categoryId,
      nameEn: overrides.nameEn ?? `Product ${id}`,
      nameAr: overrides.nameAr ?? `منتج ${id}`,
      descriptionEn: "English description",
      descriptionAr: "وصف عربي",
      priceFils: overrides.priceFils ?? 1500,
      priceBeforeDiscountFils: before,
      hasDiscount: before !== null,
      stockQuantity: overrides.stockQuantity ?? 10,
      ...(overrides.lowStockThreshold === undefined ? {} : { lowStockThreshold: overrides.lowStockThreshold }),
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
