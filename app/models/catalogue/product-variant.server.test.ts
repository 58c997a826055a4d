import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { createCategory } from "../../../tests/factories/category";
import { createOrder } from "../../../tests/factories/order";
import { FIXTURE_IMAGE, createProduct } from "../../../tests/factories/product";
import { uniqueId } from "../../../tests/factories/unique";
import { createProduct as createAdminProduct, getAdminProduct, updateProduct, type ProductInput } from "./admin-product.server";
import { getVisibleProduct } from "./product.server";
import { listAdminProducts } from "./admin-product.server";
import { listLowStockProducts } from "./low-stock.server";
import { productJson, productToJson } from "~/api/answers/catalogue.server";

const MIGRATION = "20261127113238_product_variants";
const isPostgresql = process.env.DATABASE_URL?.startsWith("postgres") ?? false;

const red = { en: "Red", ar: "أحمر" };
const blue = { en: "Blue", ar: "أزرق" };
const small = { en: "S", ar: "صغير" };
const large = { en: "L", ar: "كبير" };

async function input(overrides: Partial<ProductInput> = {}): Promise<ProductInput> {
  const category = await createCategory(prisma);
  return {
    nameEn: "Clip",
    nameAr: "مشبك",
    descriptionEn: "",
    descriptionAr: "",
    priceFils: 2000,
    priceBeforeDiscountFils: null,
    hasDiscount: false,
    stockQuantity: 4,
    lowStockThreshold: 3,
    isAvailable: true,
    isNewArrival: false,
    imageUrl: FIXTURE_IMAGE,
    gallery: [],
    colorNameEn: null,
    colorNameAr: null,
    colorLevelEn: null,
    colorLevelAr: null,
    filterColor: null,
    categoryId: category.id,
    customTags: [],
    options: [],
    variants: [],
    ...overrides,
  };
}

const variant = (optionValues: { en: string; ar: string }[], priceFils: number, stockQuantity: number, id: string | null = null) => ({
  id,
  sku: uniqueId(`CLIP-${optionValues.map((value) => value.en).join("-")}`),
  optionValues,
  priceFils,
  priceBeforeDiscountFils: null,
  stockQuantity,
  isAvailable: true,
  imageUrl: null,
});

const COLOUR_SIZE = [
  { nameEn: "Colour", nameAr: "اللون", values: [red, blue] },
  { nameEn: "Size", nameAr: "المقاس", values: [small, large] },
];

describe("a product without options", () => {
  it("reads as today plus options [] and one variant with its id, price and stock", async () => {
    const product = await createProduct(prisma, { priceFils: 1750, stockQuantity: 6 });
    const json = productToJson((await getVisibleProduct(product.id))!);
    expect(json.price).toBe(1.75);
    expect(json.options).toEqual([]);
    expect(json.variants).toEqual([{ _id: product.id, sku: "", optionValues: [], price: 1.75, priceBeforeDiscount: null, stockQuantity: 6, isAvailable: true, imageUrl: null }]);
  });

  it("made by the owner, gets its one variant, which follows the owner's edits", async () => {
    const created = await createAdminProduct(await input());
    if (!created.ok) throw new Error(created.reason);
    const id = created.product.id;
    const updated = await updateProduct(id, await input({ priceFils: 2500, stockQuantity: 9 }));
    expect(updated.ok).toBe(true);
    const row = await prisma.productVariant.findUniqueOrThrow({ where: { id } });
    expect([row.productId, row.priceFils, row.stockQuantity]).toEqual([id, 2500, 9]);
    expect(productJson((await getAdminProduct(id))!).variants.map((entry) => entry._id)).toEqual([id]);
  });
});

describe("a product with options", () => {
  it("reads its options and variants; its price is the lowest and its stock the sum", async () => {
    const created = await createAdminProduct(
      await input({ options: COLOUR_SIZE, variants: [variant([red, small], 1250, 2), variant([red, large], 1500, 0), variant([blue, small], 1750, 5)] }),
    );
    if (!created.ok) throw new Error(created.reason);
    const json = productToJson((await getVisibleProduct(created.product.id))!);
    expect(json.options).toEqual([
      { name: { en: "Colour", ar: "اللون" }, values: [red, blue] },
      { name: { en: "Size", ar: "المقاس" }, values: [small, large] },
    ]);
    expect(json.variants.map((entry) => [entry.optionValues, entry.price, entry.stockQuantity])).toEqual([
      [[red, small], 1.25, 2],
      [[red, large], 1.5, 0],
      [[blue, small], 1.75, 5],
    ]);
    expect([json.price, json.stockQuantity]).toEqual([1.25, 7]);
  });

  it("hides a variant left out that orders name, deletes one they do not, and keeps its held units", async () => {
    const created = await createAdminProduct(await input({ options: COLOUR_SIZE, variants: [variant([red, small], 1000, 3), variant([blue, small], 1000, 3), variant([blue, large], 1000, 3)] }));
    if (!created.ok) throw new Error(created.reason);
    const [ordered, unordered, kept] = created.product.variants;
    await createOrder(prisma, { items: [{ productId: created.product.id, nameEn: "Clip", nameAr: "مشبك", priceFils: 1000, quantity: 1 }] });
    await prisma.orderItem.updateMany({ where: { productId: created.product.id }, data: { variantId: ordered.id } });
    await prisma.productVariant.update({ where: { id: kept.id }, data: { stockQuantity: 1, heldQuantity: 2 } });
    const result = await updateProduct(created.product.id, await input({ options: COLOUR_SIZE, variants: [variant([blue, large], 2000, 5, kept.id)] }));
    if (!result.ok) throw new Error(result.reason);
    const rows = await prisma.productVariant.findMany({ where: { productId: created.product.id }, orderBy: { position: "asc" } });
    expect(rows.map((row) => [row.id, row.isHidden, row.stockQuantity, row.heldQuantity]).sort()).toEqual(
      [
        [kept.id, false, 3, 2],
        [ordered.id, true, 0, 0],
      ].sort(),
    );
    expect(rows.some((row) => row.id === unordered.id)).toBe(false);
    const json = productJson(result.product);
    expect(json.variants.map((entry) => entry._id)).toEqual([kept.id]);
    expect([json.price, json.stockQuantity, json.heldQuantity]).toEqual([2, 5, 2]);
  });

  it("gives a new SKU to one of two products saved with it at the same moment, on either engine", async () => {
    const sku = uniqueId("RACE");
    const oneColour = async () => input({ options: [{ nameEn: "Colour", nameAr: "اللون", values: [red] }], variants: [{ ...variant([red], 1000, 1), sku }] });
    const saves = await Promise.all([createAdminProduct(await oneColour()), createAdminProduct(await oneColour())]);
    expect(saves.map((save) => (save.ok ? "saved" : save.reason)).sort()).toEqual(["saved", "skuTaken"]);
    expect(await prisma.productVariant.count({ where: { sku } })).toBe(1);
  });

  it("refuses an on hand below a variant's held units, and gaining options while units are held", async () => {
    const created = await createAdminProduct(await input({ options: COLOUR_SIZE, variants: [variant([red, small], 1000, 3)] }));
    if (!created.ok) throw new Error(created.reason);
    const [only] = created.product.variants;
    await prisma.productVariant.update({ where: { id: only.id }, data: { stockQuantity: 1, heldQuantity: 2 } });
    expect(await updateProduct(created.product.id, await input({ options: COLOUR_SIZE, variants: [variant([red, small], 1000, 1, only.id)] }))).toEqual({
      ok: false,
      reason: "belowHeld",
      heldQuantity: 2,
    });
    const plain = await createProduct(prisma, { stockQuantity: 3 });
    await prisma.product.update({ where: { id: plain.id }, data: { heldQuantity: 1 } });
    expect(await updateProduct(plain.id, await input({ options: COLOUR_SIZE, variants: [variant([red, small], 1000, 1)] }))).toMatchObject({ ok: false, reason: "belowHeld" });
  });
});

describe("low stock of a product with options", () => {
  it("counts each variant against the product's threshold, in the owner's filter and the digest", async () => {
    const created = await createAdminProduct(await input({ nameEn: "Low Clip", lowStockThreshold: 2, options: COLOUR_SIZE, variants: [variant([red, small], 1000, 1), variant([blue, small], 1000, 9)] }));
    if (!created.ok) throw new Error(created.reason);
    expect(productJson(created.product).isLowStock).toBe(true);
    const low = await listAdminProducts({ categoryId: created.product.categoryId, stock: "low" });
    expect(low.map((product) => product.id)).toEqual([created.product.id]);
    const digest = await listLowStockProducts();
    expect(digest.filter((line) => line.id === created.product.id)).toEqual([
      { id: created.product.id, nameEn: "Low Clip (Red / S)", nameAr: "مشبك (أحمر / صغير)", stockQuantity: 1, lowStockThreshold: 2 },
    ]);
  });
});

/** The migration on a fresh database of this engine: the migrations before it, a shop's rows, then it. */
describe("the product_variants migration", () => {
  it("gives every existing product one variant with its id, price, stock and holds, and order lines their variant", { timeout: 120_000 }, async () => {
    const source = isPostgresql ? path.join("prisma", "postgresql") : "prisma";
    const earlier = fs.readdirSync(path.join(source, "migrations")).filter((name) => /^\d/.test(name) && name < MIGRATION).sort();
    const rows = [
      `INSERT INTO "Category" ("id", "nameEn", "nameAr", "slug", "iconImage", "updatedAt") VALUES ('c1', 'C', 'ت', 'c1', '/x.png', CURRENT_TIMESTAMP)`,
      `INSERT INTO "Product" ("id", "nameEn", "nameAr", "priceFils", "priceBeforeDiscountFils", "stockQuantity", "heldQuantity", "imageUrl", "updatedAt", "categoryId")
        VALUES ('p1', 'Bow', 'فيونكة', 1250, 1500, 7, 2, '/x.png', CURRENT_TIMESTAMP, 'c1')`,
      `INSERT INTO "Order" ("id", "orderNumber", "fullName", "email", "phone", "buildingType", "city", "street", "streetNumber", "block", "buildingNumber",
        "subtotalFils", "deliveryFeeFils", "totalFils", "updatedAt") VALUES ('o1', 'ORD-1', 'N', 'n@x.com', '51234567', 'Villa', 'Kuwait City', 's', '1', '1', '1', 2500, 0, 2500, CURRENT_TIMESTAMP)`,
      `INSERT INTO "OrderItem" ("id", "orderId", "productId", "nameEn", "nameAr", "imageUrl", "priceFils", "quantity") VALUES ('i1', 'o1', 'p1', 'Bow', 'فيونكة', '/x.png', 1250, 2)`,
    ];
    const query = "SELECT v.\"id\", v.\"productId\", v.\"priceFils\", v.\"priceBeforeDiscountFils\", v.\"stockQuantity\", v.\"heldQuantity\", i.\"variantId\" FROM \"ProductVariant\" v, \"OrderItem\" i";
    const found = isPostgresql ? await migratePostgresql(source, earlier, rows, query) : migrateSqlite(source, earlier, rows, query);
    expect(found).toEqual([{ id: "p1", productId: "p1", priceFils: 1250, priceBeforeDiscountFils: 1500, stockQuantity: 7, heldQuantity: 2, variantId: "p1" }]);
  });
});

/**
 * The migrations' scripts run in order, each whole, as `prisma migrate deploy` runs them (SQLite: on a file in memory;
 * PostgreSQL: in a database of its own, a script in one simple query, which PostgreSQL runs as one transaction). The
 * schema engine's start and lock took 5 to 24 s here, under a loaded run, for SQL that runs in a fraction of one.
 */
const migrationScript = (source: string, name: string) => fs.readFileSync(path.join(source, "migrations", name, "migration.sql"), "utf8");

function migrateSqlite(source: string, earlier: string[], rows: string[], query: string) {
  const shop = new Database(":memory:");
  const run = (name: string) => shop.exec(migrationScript(source, name));
  try {
    earlier.forEach(run);
    for (const sql of rows) shop.prepare(sql).run();
    run(MIGRATION);
    return shop.prepare(query).all();
  } finally {
    shop.close();
  }
}

async function migratePostgresql(source: string, earlier: string[], rows: string[], query: string) {
  const database = `variants_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database}`);
  await admin.query(`CREATE DATABASE ${database}`);
  const shop = new pg.Client({ connectionString: process.env.DATABASE_URL!.replace(/\/[^/?]+(\?|$)/, `/${database}$1`) });
  try {
    await shop.connect();
    for (const name of earlier) await shop.query(migrationScript(source, name));
    for (const sql of rows) await shop.query(sql);
    await shop.query(migrationScript(source, MIGRATION));
    return (await shop.query(query)).rows;
  } finally {
    await shop.end();
    await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await admin.end();
  }
}
