import fs from "node:fs";
import path from "node:path";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PrismaClient } from "../app/generated/prisma/client";
import { resolveSqliteUrl } from "../app/utils/database-url";
import { CATEGORIES, PRODUCTS } from "./seed-data/catalogue";
import { DELIVERY_AREAS } from "./seed-data/delivery-areas";
import { CATALOGUE_URL_PREFIX, defaultUploadsDir } from "./seed-data/images";
import { seed } from "./seed";

const ARABIC_LETTER = /[\u0621-\u064A]/;
const FILTER_COLORS = ["kindergartenBlue", "primaryPink", "middleIndigoBlue", "secondaryNavyBlue", "white"];

// Other test files share this database and add rows of their own, so every check looks at the seed's rows only.
const SEED_AREAS = { nameEn: { in: DELIVERY_AREAS.map((area) => area.nameEn) } };
const SEED_PRODUCTS = { id: { in: PRODUCTS.map((product) => product.id) } };
const SEED_CATEGORIES = { slug: { in: CATEGORIES.map((category) => category.slug) } };

let prisma: PrismaClient;

beforeAll(async () => {
  // Never fall back to the developer's database: the global setup gives every run a fresh one.
  if (!process.env.DATABASE_URL) throw new Error("DATABASE_URL must point at the test database");
  prisma = new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: resolveSqliteUrl(process.env.DATABASE_URL), timeout: 5000 }),
  });
  // Twice: the second run must change nothing.
  await seed(prisma);
  await seed(prisma);
}, 60_000);

afterAll(async () => {
  await prisma?.$disconnect();
});

function fileForUrl(url: string): string {
  expect(url.startsWith(`${CATALOGUE_URL_PREFIX}/`)).toBe(true);
  return path.join(defaultUploadsDir(), url.slice("/uploads/".length));
}

describe("seed", () => {
  it("has the 64 delivery areas of the SPEC and the six it lacks, each in its governorate, with their fees in fils", async () => {
    const areas = await prisma.deliveryArea.findMany({ where: SEED_AREAS, orderBy: { position: "asc" } });
    expect(areas).toHaveLength(70);
    expect(new Set(areas.map((area) => area.position)).size).toBe(70);
    for (const [nameEn, governorateAr, feeFils] of [
      ["Salmiya", "حولي", 1800],
      ["Rumaithiya", "حولي", 1800],
      ["Saad Al-Abdullah", "الجهراء", 2500],
      ["Sabah Al-Ahmad", "الأحمدي", 2200],
      ["Fintas", "الأحمدي", 2200],
      ["Abu Halifa", "الأحمدي", 2200],
      ["Mubarak Al-Kabeer", "مبارك الكبير", 2000],
      ["Granada", "العاصمة", 1500],
      ["Khaitan", "الفروانية", 1700],
    ] as const) {
      expect(areas.find((area) => area.nameEn === nameEn), nameEn).toMatchObject({ governorateAr, feeFils, isHidden: false });
    }
    expect(areas.filter((area) => area.governorateEn === "" || area.governorateAr === "")).toEqual([]);
    expect(areas.find((area) => area.nameEn === "Hawalli")?.feeFils).toBe(1800);
    expect(areas.find((area) => area.nameEn === "Jahra")?.feeFils).toBe(2500);
    expect(areas.find((area) => area.nameEn === "Hawalli")?.nameAr).toBe("حولي");
    for (const area of areas) {
      expect(area.nameAr, area.nameEn).toMatch(ARABIC_LETTER);
      expect(Number.isInteger(area.feeFils)).toBe(true);
      expect([1500, 1700, 1800, 2000, 2200, 2500]).toContain(area.feeFils);
    }
  });

  it("has visible categories, including the two main ones, and one hidden category", async () => {
    const visible = await prisma.category.findMany({ where: { ...SEED_CATEGORIES, isVisible: true } });
    expect(visible.length).toBeGreaterThanOrEqual(4);
    const slugs = visible.map((category) => category.slug);
    expect(slugs).toContain("hair-accessories");
    expect(slugs).toContain("school-accessories");
    expect(await prisma.category.count({ where: { ...SEED_CATEGORIES, isVisible: false } })).toBeGreaterThanOrEqual(1);
  });

  it("has a varied catalogue of visible products", async () => {
    const products = await prisma.product.findMany({
      where: { ...SEED_PRODUCTS, isVisible: true },
      include: { customTags: true, gallery: true },
    });
    expect(products.length).toBeGreaterThanOrEqual(20);

    const colors = new Set(products.map((product) => product.filterColor));
    for (const color of FILTER_COLORS) expect(colors, color).toContain(color);

    const discounted = products.filter((product) => product.hasDiscount);
    expect(discounted.length).toBeGreaterThanOrEqual(1);
    for (const product of discounted) {
      expect(product.priceBeforeDiscountFils ?? 0).toBeGreaterThan(product.priceFils);
    }

    const outOfStock = products.filter((product) => product.stockQuantity === 0);
    expect(outOfStock.length).toBeGreaterThanOrEqual(1);
    for (const product of outOfStock) expect(product.isAvailable).toBe(false);

    expect(products.some((product) => product.customTags.some((tag) => tag.required))).toBe(true);

    for (const product of products) {
      expect(Number.isInteger(product.priceFils)).toBe(true);
      expect(product.nameAr).toMatch(ARABIC_LETTER);
      expect(product.descriptionAr).toMatch(ARABIC_LETTER);
    }
    expect(await prisma.product.count({ where: { ...SEED_PRODUCTS, isVisible: false } })).toBeGreaterThanOrEqual(1);
  });

  it("does not duplicate gallery pictures or custom tags on a second run", async () => {
    const product = await prisma.product.findUniqueOrThrow({
      where: { id: "seed-product-06" },
      include: { customTags: true, gallery: true },
    });
    expect(product.customTags).toHaveLength(1);
    expect(product.gallery).toHaveLength(2);
  });

  it("points every picture at a file on disk", async () => {
    const products = await prisma.product.findMany({ where: SEED_PRODUCTS, include: { gallery: true } });
    const categories = await prisma.category.findMany({ where: SEED_CATEGORIES });
    const urls = [
      ...products.flatMap((product) => [product.imageUrl, ...product.gallery.map((image) => image.url)]),
      ...categories.map((category) => category.iconImage),
    ];
    for (const url of urls) expect(fs.existsSync(fileForUrl(url)), url).toBe(true);
  });
});
