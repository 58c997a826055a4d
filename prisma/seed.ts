// The demo seed: delivery areas (SPEC section 9), categories and products, and their generated pictures.
// `npm run db:seed` runs this file; `npm start` imports `seed` to fill an empty database.
// Every row is keyed by something fixed (area English name, category slug, product id), so running the seed
// again updates the same rows instead of adding new ones.

import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseEnv } from "../app/env.server";
import type { PrismaClient } from "../app/generated/prisma/client";
import { CATEGORIES, FILTER_COLOR_HEX, PRODUCTS, colorDetails, type SeedProduct } from "./seed-data/catalogue";
import { DELIVERY_AREAS } from "./seed-data/delivery-areas";
import {
  catalogueUrl,
  categoryIconSvg,
  defaultUploadsDir,
  generateCatalogueImages,
  productSvg,
  type ImageJob,
} from "./seed-data/images";

export interface SeedOptions {
  /** Folder served at `/uploads`; pictures go to its `catalogue/` subfolder. */
  uploadsDir?: string;
  /** False for a real shop's first start (SEED_DEMO=0): the delivery areas only, no demo categories or products. */
  demo?: boolean;
}

export interface SeedSummary {
  deliveryAreas: number;
  categories: number;
  hiddenCategories: number;
  products: number;
  hiddenProducts: number;
  imagesWritten: number;
  imagesSkipped: number;
  milliseconds: number;
}

// Items without a uniform colour are drawn in lilac.
const NEUTRAL_ART_COLOR = "#B39DDB";

export function productImageFiles(product: Pick<SeedProduct, "id" | "galleryCount">): {
  main: string;
  gallery: string[];
} {
  return {
    main: `${product.id}-main.webp`,
    gallery: Array.from({ length: product.galleryCount }, (_, i) => `${product.id}-gallery-${i + 1}.webp`),
  };
}

export function categoryIconFile(slug: string): string {
  return `category-${slug}.webp`;
}

function imageJobs(): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const product of PRODUCTS) {
    const art = {
      item: product.item,
      color: product.filterColor ? FILTER_COLOR_HEX[product.filterColor] : NEUTRAL_ART_COLOR,
    };
    const files = productImageFiles(product);
    [files.main, ...files.gallery].forEach((fileName, variant) => {
      jobs.push({ fileName, svg: () => productSvg(art, variant, product.id) });
    });
  }
  for (const category of CATEGORIES) {
    jobs.push({ fileName: categoryIconFile(category.slug), svg: () => categoryIconSvg(category.art, category.slug) });
  }
  return jobs;
}

// Fixed creation dates keep the default "newest first" order stable between runs and machines;
// new arrivals are dated after everything else so they lead that order.
function createdAtFor(product: SeedProduct, index: number): Date {
  const day = product.isNewArrival ? 60 + index : index;
  return new Date(Date.UTC(2025, 7, 1 + day, 8, 0, 0));
}

export async function seed(prisma: PrismaClient, options: SeedOptions = {}): Promise<SeedSummary> {
  const started = performance.now();
  const uploadsDir = options.uploadsDir ?? defaultUploadsDir();
  const demo = options.demo ?? true;

  // Pictures first: the rows point at them, so they must exist before the storefront can show those rows.
  const images = demo ? await generateCatalogueImages(imageJobs(), uploadsDir) : { written: 0, skipped: 0 };

  // One transaction, so a failed seed leaves the previous catalogue untouched rather than half replaced.
  await prisma.$transaction(
    async (tx) => {
      for (const [position, area] of DELIVERY_AREAS.entries()) {
        const governorate = { governorateEn: area.governorate.en, governorateAr: area.governorate.ar };
        // An area already there is the owner's (her fee, her spelling, hidden or not): a second run only fills in
        // a governorate still missing.
        await tx.deliveryArea.upsert({
          where: { nameEn: area.nameEn },
          create: { nameEn: area.nameEn, nameAr: area.nameAr, feeFils: area.feeFils, position, ...governorate },
          update: {},
        });
        await tx.deliveryArea.updateMany({ where: { nameEn: area.nameEn, governorateEn: "" }, data: governorate });
      }

      // Kuwait's delivery areas are what every shop needs; the catalogue and the shop's identity are the demo's.
      if (!demo) return;

      // The demo shop's name and contacts (decision 0075); a value the owner already saved is kept.
      for (const [key, value] of Object.entries(DEMO_IDENTITY)) {
        await tx.shopSetting.upsert({ where: { key }, create: { key, value }, update: {} });
      }

      const categoryIds = new Map<string, string>();
      for (const [position, category] of CATEGORIES.entries()) {
        const data = {
          nameEn: category.nameEn,
          nameAr: category.nameAr,
          iconImage: catalogueUrl(categoryIconFile(category.slug)),
          isVisible: category.isVisible,
          position,
        };
        const row = await tx.category.upsert({
          where: { slug: category.slug },
          create: { slug: category.slug, ...data },
          update: data,
          select: { id: true },
        });
        categoryIds.set(category.slug, row.id);
      }

      for (const [index, product] of PRODUCTS.entries()) {
        const categoryId = categoryIds.get(product.categorySlug);
        if (!categoryId) throw new Error(`Seed product ${product.id} names unknown category "${product.categorySlug}"`);
        const color = product.filterColor ? colorDetails(product.filterColor) : null;
        const files = productImageFiles(product);
        const before = product.priceBeforeDiscountFils;
        const data = {
          nameEn: product.nameEn,
          nameAr: product.nameAr,
          descriptionEn: product.descriptionEn,
          descriptionAr: product.descriptionAr,
          priceFils: product.priceFils,
          priceBeforeDiscountFils: before,
          hasDiscount: before !== null && before > product.priceFils,
          stockQuantity: product.stockQuantity,
          isAvailable: product.stockQuantity > 0,
          isNewArrival: product.isNewArrival,
          imageUrl: catalogueUrl(files.main),
          colorNameEn: color?.nameEn ?? null,
          colorNameAr: color?.nameAr ?? null,
          colorLevelEn: color?.levelEn ?? null,
          colorLevelAr: color?.levelAr ?? null,
          filterColor: product.filterColor,
          isVisible: product.isVisible,
          createdAt: createdAtFor(product, index),
          categoryId,
        };
        await tx.product.upsert({ where: { id: product.id }, create: { id: product.id, ...data }, update: data });
        // Its one variant, with the product's id, price and stock (a product without options, issue 31).
        const variant = {
          optionValues: [],
          priceFils: data.priceFils,
          priceBeforeDiscountFils: data.priceBeforeDiscountFils,
          stockQuantity: data.stockQuantity,
          isAvailable: data.isAvailable,
        };
        await tx.productVariant.upsert({ where: { id: product.id }, create: { id: product.id, productId: product.id, ...variant }, update: variant });

        // Gallery and custom tags have no natural key, so they are replaced as a whole.
        await tx.productImage.deleteMany({ where: { productId: product.id } });
        if (files.gallery.length > 0) {
          await tx.productImage.createMany({
            data: files.gallery.map((fileName, position) => ({
              productId: product.id,
              url: catalogueUrl(fileName),
              position,
            })),
          });
        }
        await tx.productCustomTag.deleteMany({ where: { productId: product.id } });
        if (product.customTags.length > 0) {
          await tx.productCustomTag.createMany({
            data: product.customTags.map((tag, position) => ({ productId: product.id, ...tag, position })),
          });
        }
      }
    },
    { timeout: 60_000, maxWait: 15_000 },
  );

  const categories = demo ? CATEGORIES : [];
  const products = demo ? PRODUCTS : [];
  return {
    deliveryAreas: DELIVERY_AREAS.length,
    categories: categories.length,
    hiddenCategories: categories.filter((category) => !category.isVisible).length,
    products: products.length,
    hiddenProducts: products.filter((product) => !product.isVisible).length,
    imagesWritten: images.written,
    imagesSkipped: images.skipped,
    milliseconds: Math.round(performance.now() - started),
  };
}

export function formatSeedSummary(summary: SeedSummary): string {
  return (
    `Seeded ${summary.deliveryAreas} delivery areas, ` +
    `${summary.categories} categories (${summary.hiddenCategories} hidden), ` +
    `${summary.products} products (${summary.hiddenProducts} hidden); ` +
    `images: ${summary.imagesWritten} written, ${summary.imagesSkipped} already present; ` +
    `${summary.milliseconds} ms`
  );
}

/** The demo's identity, kept as the settings keep it (app/models/shop/settings.server.ts). */
const DEMO_IDENTITY = {
  shopNameEn: "Timsar Accessories",
  shopNameAr: "تمسار للإكسسوارات",
  contactEmail: "hello@timsar-accessories.com",
  contactPhone: "60000000",
  addressEn: "Hawalli, Kuwait",
  addressAr: "حولي، الكويت",
  taglineEn: "Hair accessories and school accessories for girls, chosen with love and delivered across Kuwait.",
  taglineAr: "إكسسوارات شعر وإكسسوارات مدرسية للبنات، نختارها بحب ونوصلها لجميع مناطق الكويت.",
  instagram: "timsar.accessories",
};

async function main(): Promise<void> {
  const env = parseEnv();
  process.env.DATABASE_URL = env.databaseUrl;
  // The app's own client (one per process), so the administrator is made by the same code as at start-up.
  const { prisma } = await import("../app/db.server");
  const { ensureAdmin } = await import("../app/models/accounts/index.server");
  const { keepGeneratedPassword } = await import("../server/admin-password");
  const { logger } = await import("../app/utils/logger.server");
  try {
    const summary = await seed(prisma, { demo: env.seedDemo });
    logger.info({ ...summary }, formatSeedSummary(summary));
    keepGeneratedPassword(env.dataDir, await ensureAdmin(env));
  } finally {
    await prisma.$disconnect();
  }
}

const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(path.resolve(entry)).href) {
  main().catch((error: unknown) => {
    process.stderr.write(`Seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  });
}
