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
      // its one variant, as the migration and the owner's form give every product without options (issue 31)
      variants: {
        create: [{ id, priceFils: overrides.priceFils ?? 1500, priceBeforeDiscountFils: before, stockQuantity: overrides.stockQuantity ?? 10, isAvailable: overrides.isAvailable ?? (overrides.stockQuantity ?? 10) > 0 }],
      },
    },
  });
}

type VariantOverrides = { optionValues: { en: string; ar: string }[]; priceFils?: number; stockQuantity?: number; isAvailable?: boolean; sku?: string };

/**
 * A product with options (issue 31): `options` as [name, values] pairs in English (Arabic made from them), and a
 * variant per entry of `variants`; its own row carries their sum of stock and lowest price, as the owner's form writes it.
 */
export async function createProductWithOptions(
  db: PrismaClient,
  options: { nameEn: string; nameAr?: string; values: { en: string; ar: string }[] }[],
  variants: VariantOverrides[],
  overrides: ProductOverrides = {},
) {
  const product = await createProduct(db, overrides);
  await db.productVariant.deleteMany({ where: { productId: product.id } });
  await db.productOption.createMany({
    data: options.map((option, position) => ({ productId: product.id, position, nameEn: option.nameEn, nameAr: option.nameAr ?? `${option.nameEn} ع`, values: option.values })),
  });
  const rows = [];
  for (const [position, variant] of variants.entries()) {
    rows.push(
      await db.productVariant.create({
        data: {
          productId: product.id,
          position,
          sku: variant.sku ?? `SKU-${position}`,
          optionValues: variant.optionValues,
          priceFils: variant.priceFils ?? product.priceFils,
          stockQuantity: variant.stockQuantity ?? 5,
          isAvailable: variant.isAvailable ?? true,
        },
      }),
    );
  }
  const updated = await db.product.update({
    where: { id: product.id },
    data: {
      hasOptions: true,
      priceFils: Math.min(...rows.map((row) => row.priceFils)),
      stockQuantity: rows.reduce((sum, row) => sum + row.stockQuantity, 0),
      isAvailable: overrides.isAvailable ?? true,
    },
  });
  return { product: updated, variants: rows };
}
