/**
 * The spreadsheet import's write (issue 49, docs/decisions/0092-catalogue-spreadsheet.md): the plan's products and
 * variants written a few hundred at a time inside the import's one transaction, only the cells the file changes.
 * It keeps the product form's rules (rewriteProduct, writeOptions, writeOwnVariant): on hand is set as "for sale =
 * on hand − held" in a conditional UPDATE that refuses a count below the units held right now; a product with
 * options carries its variants' sum of stock and lowest price; a product without options mirrors its price and stock
 * on its one variant. Variants are written before their products, the order in which placing an order locks them.
 */
import crypto from "node:crypto";
import type { Prisma } from "~/db.server";
import { Prisma as Sql } from "~/generated/prisma/client";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "~/shared/product";
import type { OptionRow, OptionText, VariantRow } from "./product-variant.server";
import type { VariantInput } from "./variant-write.server";

type Tx = Prisma.TransactionClient;

/** A product as the sheet reads and writes it: the columns it has, its category's name, its options and shown variants. */
export type SheetProduct = {
  id: string;
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  priceFils: number;
  priceBeforeDiscountFils: number | null;
  hasDiscount: boolean;
  stockQuantity: number;
  heldQuantity: number;
  imageUrl: string;
  hasOptions: boolean;
  isVisible: boolean;
  categoryId: string;
  category: { nameEn: string };
  options: OptionRow[];
  variants: VariantRow[];
};

/** What the rows say a product is: its own columns, and with options every variant sold (on hand, not for sale). */
export type SheetInput = {
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  priceFils: number;
  priceBeforeDiscountFils: number | null;
  hasDiscount: boolean;
  /** on hand of a product without options */
  stockQuantity: number;
  imageUrl: string;
  categoryId: string;
  options: { nameEn: string; nameAr: string; values: OptionText[] }[];
  variants: VariantInput[];
};

export type PlannedWrite =
  | {
      kind: "update";
      /** the product's first row; `rows` has each variant's own, for a refusal by its row */
      row: number;
      rows: Map<string, number>;
      product: SheetProduct;
      input: SheetInput;
      isVisible: boolean | null;
      ownSku: string | null;
      stockRaised: boolean;
    }
  | { kind: "create"; input: SheetInput; isVisible: boolean; ownSku: string | null };

/** Units held since the plan was read: the whole import is rolled back and refused by this row. */
export class HeldMoved extends Error {
  constructor(
    readonly row: number,
    readonly held: number,
  ) {
    super("held units moved");
  }
}

/** Rows per statement: a few thousand bound values, under SQLite's and PostgreSQL's limits. */
const CHUNK = 400;

function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let at = 0; at < items.length; at += size) out.push(items.slice(at, at + size));
  return out;
}

type Cell = string | number | null;
type Table = "Product" | "ProductVariant";
const TEXT_COLUMNS = new Set(["nameEn", "nameAr", "descriptionEn", "descriptionAr", "imageUrl", "categoryId", "sku"]);

/**
 * Each row's own values in one UPDATE per chunk (`CASE "id" WHEN … THEN …`), only the columns a row changes; the
 * casts give PostgreSQL the type of every bound value, null included.
 */
async function setColumns(tx: Tx, table: Table, rows: { id: string; set: Record<string, Cell> }[]) {
  for (const chunk of chunks(rows)) {
    const columns = [...new Set(chunk.flatMap((row) => Object.keys(row.set)))];
    const sets = columns.map((column) => {
      const type = Sql.raw(TEXT_COLUMNS.has(column) ? "TEXT" : "INTEGER");
      const name = Sql.raw(`"${column}"`);
      const cases = chunk.filter((row) => Object.hasOwn(row.set, column)).map((row) => Sql.sql`WHEN ${row.id} THEN CAST(${row.set[column]} AS ${type})`);
      return Sql.sql`${name} = CASE "id" ${Sql.join(cases, " ")} ELSE ${name} END`;
    });
    await tx.$executeRaw`UPDATE ${Sql.raw(`"${table}"`)} SET ${Sql.join(sets, ", ")} WHERE "id" IN (${Sql.join(chunk.map((row) => row.id))})`;
  }
}

/**
 * On hand as the owner counted it: for sale becomes on hand − held, only where held ≤ on hand (one statement per
 * chunk, as the form's own conditional UPDATE). A row left out means units were held since the plan: refused.
 */
async function setOnHand(tx: Tx, table: Table, rows: { id: string; row: number; onHand: number }[]) {
  for (const chunk of chunks(rows)) {
    const onHand = Sql.sql`CASE "id" ${Sql.join(
      chunk.map((row) => Sql.sql`WHEN ${row.id} THEN CAST(${row.onHand} AS INTEGER)`),
      " ",
    )} END`;
    const ids = Sql.join(chunk.map((row) => row.id));
    const set = await tx.$executeRaw`UPDATE ${Sql.raw(`"${table}"`)} SET "stockQuantity" = ${onHand} - "heldQuantity" WHERE "id" IN (${ids}) AND "heldQuantity" <= ${onHand}`;
    if (set === chunk.length) continue;
    const held = new Map(
      (table === "Product"
        ? await tx.product.findMany({ where: { id: { in: chunk.map((row) => row.id) } }, select: { id: true, heldQuantity: true } })
        : await tx.productVariant.findMany({ where: { id: { in: chunk.map((row) => row.id) } }, select: { id: true, heldQuantity: true } })
      ).map((found) => [found.id, found.heldQuantity]),
    );
    const refused = chunk.find((row) => (held.get(row.id) ?? 0) > row.onHand) ?? chunk[0];
    throw new HeldMoved(refused.row, held.get(refused.id) ?? 0);
  }
}

/**
 * A sold-out product or variant the file restocks is for sale again: the file has no column for the form's
 * "available" switch, and a shop marks what sells out as unavailable (the demo catalogue does), so without this a
 * restock by spreadsheet would stay "Out of stock". One switched off while it still had units keeps its switch.
 */
async function sellAgain(tx: Tx, table: Table, ids: string[]) {
  for (const chunk of chunks(ids)) {
    const where = { id: { in: chunk }, isAvailable: false, stockQuantity: { gt: 0 } };
    if (table === "Product") await tx.product.updateMany({ where, data: { isAvailable: true } });
    else await tx.productVariant.updateMany({ where, data: { isAvailable: true } });
  }
}

/** A product without options: its one variant takes the product's price, stock and switch again, as writeOwnVariant leaves it. */
async function mirrorOwnVariants(tx: Tx, productIds: string[]) {
  for (const chunk of chunks(productIds)) {
    await tx.$executeRaw`
      UPDATE "ProductVariant" SET
        "priceFils" = (SELECT p."priceFils" FROM "Product" p WHERE p."id" = "ProductVariant"."productId"),
        "priceBeforeDiscountFils" = (SELECT p."priceBeforeDiscountFils" FROM "Product" p WHERE p."id" = "ProductVariant"."productId"),
        "stockQuantity" = (SELECT p."stockQuantity" FROM "Product" p WHERE p."id" = "ProductVariant"."productId"),
        "heldQuantity" = (SELECT p."heldQuantity" FROM "Product" p WHERE p."id" = "ProductVariant"."productId"),
        "isAvailable" = (SELECT p."isAvailable" FROM "Product" p WHERE p."id" = "ProductVariant"."productId")
      WHERE "id" IN (${Sql.join(chunk)})`;
  }
}

/** A product with options: its own row their sum of stock and held units and their lowest price, as writeOptions leaves it. */
async function sumVariants(tx: Tx, productIds: string[]) {
  for (const chunk of chunks(productIds)) {
    await tx.$executeRaw`
      UPDATE "Product" SET
        "stockQuantity" = (SELECT COALESCE(SUM(v."stockQuantity"), 0) FROM "ProductVariant" v WHERE v."productId" = "Product"."id" AND v."isHidden" = FALSE),
        "heldQuantity" = (SELECT COALESCE(SUM(v."heldQuantity"), 0) FROM "ProductVariant" v WHERE v."productId" = "Product"."id"),
        "priceFils" = COALESCE((SELECT MIN(v."priceFils") FROM "ProductVariant" v WHERE v."productId" = "Product"."id" AND v."isHidden" = FALSE), "priceFils")
      WHERE "id" IN (${Sql.join(chunk)})`;
  }
}

const PRODUCT_TEXT = ["nameEn", "nameAr", "descriptionEn", "descriptionAr", "imageUrl", "categoryId"] as const;

/** The changed products and variants; returns the products whose stock rose or that were shown again. */
async function writeUpdates(tx: Tx, writes: Extract<PlannedWrite, { kind: "update" }>[], now: Date): Promise<string[]> {
  const productSets: { id: string; set: Record<string, Cell> }[] = [];
  const visibility = new Map<boolean, string[]>();
  const discount = new Map<boolean, string[]>();
  const productStock: { id: string; row: number; onHand: number }[] = [];
  const ownSkus: { id: string; set: Record<string, Cell> }[] = [];
  const mirrored: string[] = [];
  const variantSets: { id: string; set: Record<string, Cell> }[] = [];
  const variantStock: { id: string; row: number; onHand: number }[] = [];
  const newVariants: Prisma.ProductVariantCreateManyInput[] = [];
  const summed: string[] = [];
  const touched: string[] = [];
  const raised: string[] = [];
  // Sold out (nothing for sale) before the file: back on sale if its stock now allows (`sellAgain`).
  const soldOutProducts: string[] = [];
  const soldOutVariants: string[] = [];

  for (const write of writes) {
    const { product, input } = write;
    const set: Record<string, Cell> = {};
    for (const column of PRODUCT_TEXT) if (input[column] !== product[column]) set[column] = input[column];
    if (write.isVisible !== null) (visibility.get(write.isVisible) ?? visibility.set(write.isVisible, []).get(write.isVisible)!).push(product.id);
    if (write.stockRaised || write.isVisible) raised.push(product.id);
    touched.push(product.id);
    if (!input.options.length) {
      if (input.priceFils !== product.priceFils) set.priceFils = input.priceFils;
      if (input.priceBeforeDiscountFils !== product.priceBeforeDiscountFils) set.priceBeforeDiscountFils = input.priceBeforeDiscountFils;
      if (input.hasDiscount !== product.hasDiscount) (discount.get(input.hasDiscount) ?? discount.set(input.hasDiscount, []).get(input.hasDiscount)!).push(product.id);
      if (input.stockQuantity !== product.stockQuantity + product.heldQuantity) {
        productStock.push({ id: product.id, row: write.row, onHand: input.stockQuantity });
        if (product.stockQuantity <= 0) soldOutProducts.push(product.id);
      }
      if (write.ownSku !== null) ownSkus.push({ id: product.id, set: { sku: write.ownSku } });
      mirrored.push(product.id);
    } else {
      const current = new Map(product.variants.map((variant) => [variant.id, variant]));
      for (const [position, variant] of input.variants.entries()) {
        const stored = variant.id ? current.get(variant.id) : undefined;
        if (!variant.id || !stored) {
          newVariants.push({
            productId: product.id,
            position,
            sku: variant.sku,
            optionValues: variant.optionValues,
            priceFils: variant.priceFils,
            priceBeforeDiscountFils: variant.priceBeforeDiscountFils,
            stockQuantity: variant.stockQuantity,
            isAvailable: variant.isAvailable,
            imageUrl: variant.imageUrl,
          });
          continue;
        }
        const changed: Record<string, Cell> = {};
        if (variant.sku !== stored.sku) changed.sku = variant.sku;
        if (variant.priceFils !== stored.priceFils) changed.priceFils = variant.priceFils;
        if (variant.priceBeforeDiscountFils !== stored.priceBeforeDiscountFils) changed.priceBeforeDiscountFils = variant.priceBeforeDiscountFils;
        if (variant.imageUrl !== stored.imageUrl) changed.imageUrl = variant.imageUrl;
        if (Object.keys(changed).length) variantSets.push({ id: variant.id, set: changed });
        if (variant.stockQuantity !== stored.stockQuantity + stored.heldQuantity) {
          variantStock.push({ id: variant.id, row: write.rows.get(variant.id) ?? write.row, onHand: variant.stockQuantity });
          if (stored.stockQuantity <= 0) soldOutVariants.push(variant.id);
        }
      }
      summed.push(product.id);
    }
    if (Object.keys(set).length) productSets.push({ id: product.id, set });
  }

  await setOnHand(tx, "ProductVariant", variantStock);
  await sellAgain(tx, "ProductVariant", soldOutVariants);
  await setColumns(tx, "ProductVariant", variantSets);
  for (const chunk of chunks(newVariants)) await tx.productVariant.createMany({ data: chunk });
  await setOnHand(tx, "Product", productStock);
  await sellAgain(tx, "Product", soldOutProducts);
  await setColumns(tx, "Product", productSets);
  for (const [isVisible, ids] of visibility) for (const chunk of chunks(ids)) await tx.product.updateMany({ where: { id: { in: chunk } }, data: { isVisible } });
  for (const [hasDiscount, ids] of discount) for (const chunk of chunks(ids)) await tx.product.updateMany({ where: { id: { in: chunk } }, data: { hasDiscount } });
  // The feed and the product's cached page read its updatedAt, which Prisma sets only on its own writes.
  for (const chunk of chunks(touched)) await tx.product.updateMany({ where: { id: { in: chunk } }, data: { updatedAt: now } });
  await setColumns(tx, "ProductVariant", ownSkus);
  await mirrorOwnVariants(tx, mirrored);
  await sumVariants(tx, summed);
  return raised;
}

/** New products, their options and variants, a few statements for all of them. */
async function writeCreations(tx: Tx, writes: Extract<PlannedWrite, { kind: "create" }>[]) {
  const products: Prisma.ProductCreateManyInput[] = [];
  const options: Prisma.ProductOptionCreateManyInput[] = [];
  const variants: Prisma.ProductVariantCreateManyInput[] = [];
  for (const { input, isVisible, ownSku } of writes) {
    const id = crypto.randomUUID();
    const withOptions = input.options.length > 0;
    products.push({
      id,
      nameEn: input.nameEn,
      nameAr: input.nameAr,
      descriptionEn: input.descriptionEn,
      descriptionAr: input.descriptionAr,
      priceFils: input.priceFils,
      priceBeforeDiscountFils: input.priceBeforeDiscountFils,
      hasDiscount: input.hasDiscount,
      stockQuantity: input.stockQuantity,
      lowStockThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
      imageUrl: input.imageUrl,
      categoryId: input.categoryId,
      hasOptions: withOptions,
      isVisible,
    });
    if (!withOptions) {
      variants.push({ id, productId: id, sku: ownSku ?? "", optionValues: [], priceFils: input.priceFils, priceBeforeDiscountFils: input.priceBeforeDiscountFils, stockQuantity: input.stockQuantity });
      continue;
    }
    for (const [position, option] of input.options.entries()) options.push({ productId: id, position, nameEn: option.nameEn, nameAr: option.nameAr, values: option.values });
    for (const [position, variant] of input.variants.entries()) {
      variants.push({
        productId: id,
        position,
        sku: variant.sku,
        optionValues: variant.optionValues,
        priceFils: variant.priceFils,
        priceBeforeDiscountFils: variant.priceBeforeDiscountFils,
        stockQuantity: variant.stockQuantity,
        isAvailable: variant.isAvailable,
        imageUrl: variant.imageUrl,
      });
    }
  }
  for (const chunk of chunks(products)) await tx.product.createMany({ data: chunk });
  for (const chunk of chunks(options)) await tx.productOption.createMany({ data: chunk });
  for (const chunk of chunks(variants)) await tx.productVariant.createMany({ data: chunk });
}

/** The plan's writes inside the caller's transaction: the products whose shoppers may hear they are back. */
export async function writeSheetPlan(tx: Tx, writes: PlannedWrite[], now = new Date()): Promise<string[]> {
  const raised = await writeUpdates(
    tx,
    writes.flatMap((write) => (write.kind === "update" ? [write] : [])),
    now,
  );
  await writeCreations(
    tx,
    writes.flatMap((write) => (write.kind === "create" ? [write] : [])),
  );
  return raised;
}

/** The sheet's products, read flat (products, shown variants, options, categories) and put together here. */
export async function readSheetProducts(db: Tx, productIds?: string[]): Promise<SheetProduct[]> {
  const only = productIds ? { id: { in: productIds } } : {};
  const onlyOwn = productIds ? { productId: { in: productIds } } : {};
  const [products, variants, options, categories] = await Promise.all([
    db.product.findMany({
      where: only,
      select: {
        id: true,
        nameEn: true,
        nameAr: true,
        descriptionEn: true,
        descriptionAr: true,
        priceFils: true,
        priceBeforeDiscountFils: true,
        hasDiscount: true,
        stockQuantity: true,
        heldQuantity: true,
        imageUrl: true,
        hasOptions: true,
        isVisible: true,
        categoryId: true,
      },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    }),
    db.productVariant.findMany({
      where: { isHidden: false, ...onlyOwn },
      select: { productId: true, id: true, sku: true, optionValues: true, priceFils: true, priceBeforeDiscountFils: true, stockQuantity: true, heldQuantity: true, isAvailable: true, imageUrl: true },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    }),
    db.productOption.findMany({ where: onlyOwn, select: { productId: true, nameEn: true, nameAr: true, values: true }, orderBy: [{ position: "asc" }, { id: "asc" }] }),
    db.category.findMany({ select: { id: true, nameEn: true } }),
  ]);
  const categoryNames = new Map(categories.map((category) => [category.id, category.nameEn]));
  const variantsOf = new Map<string, VariantRow[]>();
  for (const { productId, ...variant } of variants) (variantsOf.get(productId) ?? variantsOf.set(productId, []).get(productId)!).push(variant);
  const optionsOf = new Map<string, OptionRow[]>();
  for (const { productId, ...option } of options) (optionsOf.get(productId) ?? optionsOf.set(productId, []).get(productId)!).push(option);
  return products.map((product) => ({
    ...product,
    category: { nameEn: categoryNames.get(product.categoryId) ?? "" },
    options: optionsOf.get(product.id) ?? [],
    variants: variantsOf.get(product.id) ?? [],
  }));
}
