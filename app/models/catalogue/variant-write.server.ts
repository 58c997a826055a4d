/**
 * The owner's writes of a product's options and variants (issue 31, docs/decisions/0060-product-variants.md), inside
 * the transaction of the product's own edit: options replaced as a whole, variants matched by id (new ones made),
 * a variant left out deleted, or hidden when orders name it or it holds units, and the product's row given their
 * sum of stock and lowest price.
 */
import type { Prisma } from "~/generated/prisma/client";
import { databaseEngine } from "~/db.server";
import type { OptionText } from "./product-variant.server";

type Tx = Prisma.TransactionClient;

export type VariantInput = {
  /** an existing variant's id; null for a new one */
  id: string | null;
  sku: string;
  optionValues: OptionText[];
  priceFils: number;
  priceBeforeDiscountFils: number | null;
  /** on hand: for sale plus held, as the product's own stock in the owner's form */
  stockQuantity: number;
  isAvailable: boolean;
  imageUrl: string | null;
};

export type OptionsInput = {
  priceFils: number;
  priceBeforeDiscountFils: number | null;
  isAvailable: boolean;
  options: { nameEn: string; nameAr: string; values: OptionText[] }[];
  variants: VariantInput[];
};

/**
 * Held units that the edit would break, or null: a product cannot gain or lose its options while unpaid orders hold
 * its units (their holds name the one or the other), and a variant's on hand cannot go below its held units. The
 * product's variants are locked first, as the placing batch takes them (variants before the product's row).
 */
export async function variantHeldConflict(tx: Tx, productId: string, input: OptionsInput): Promise<number | null> {
  const product = await tx.product.findUnique({ where: { id: productId }, select: { hasOptions: true, heldQuantity: true } });
  if (!product) return null;
  const withOptions = input.options.length > 0;
  if (product.hasOptions !== withOptions && product.heldQuantity > 0) return product.heldQuantity;
  if (!withOptions) return null;
  await tx.$executeRaw`UPDATE "ProductVariant" SET "position" = "position" WHERE "productId" = ${productId}`;
  const held = new Map((await tx.productVariant.findMany({ where: { productId }, select: { id: true, heldQuantity: true } })).map((row) => [row.id, row.heldQuantity]));
  for (const variant of input.variants) {
    const units = variant.id ? (held.get(variant.id) ?? 0) : 0;
    if (units > variant.stockQuantity) return units;
  }
  return null;
}

/**
 * Two saves of one new SKU at once (the product form, the API, the spreadsheet import): on PostgreSQL the second
 * waits here for the first's commit and then sees its SKU (sorted, so two saves of the same SKUs cannot wait on each
 * other); SQLite's transaction holds the write lock.
 */
export async function lockSkus(tx: Tx, skus: Iterable<string>): Promise<void> {
  const keys = [...new Set(skus)].map((sku) => `sku:${sku}`);
  if (databaseEngine !== "postgresql" || keys.length === 0) return;
  // One statement for a file's thousands; the subquery's order is the order the locks are taken in.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext("key")) FROM (SELECT "key" FROM unnest(${keys}::text[]) AS "key" ORDER BY "key") AS "sorted"`;
}

/**
 * The first variant of an edit whose SKU another variant has, or null: two variants of the edit, or a variant of
 * another product (the catalogue spreadsheet reads a SKU as one variant's name). A variant that keeps the SKU it
 * already has is let through, so a copy saved before SKUs were checked does not block an edit of something else.
 */
export async function takenSku(tx: Tx, productId: string | null, variants: VariantInput[]): Promise<{ index: number; sku: string } | null> {
  const given = variants.map((variant, index) => ({ index, id: variant.id, sku: variant.sku.trim() })).filter((variant) => variant.sku !== "");
  if (given.length === 0) return null;
  const seen = new Set<string>();
  for (const variant of given) {
    if (seen.has(variant.sku)) return { index: variant.index, sku: variant.sku };
    seen.add(variant.sku);
  }
  await lockSkus(tx, seen);
  const holders = await tx.productVariant.findMany({ where: { sku: { in: [...seen] } }, select: { id: true, sku: true, productId: true } });
  const kept = new Set(holders.filter((holder) => holder.productId === productId).map((holder) => `${holder.id} ${holder.sku}`));
  const elsewhere = new Set(holders.filter((holder) => holder.productId !== productId).map((holder) => holder.sku));
  const taken = given.find((variant) => elsewhere.has(variant.sku) && !kept.has(`${variant.id} ${variant.sku}`));
  return taken ? { index: taken.index, sku: taken.sku } : null;
}

/** Variants left out of an edit: kept hidden when an order names one or it holds units, else deleted. */
async function dropVariants(tx: Tx, productId: string, keep: Set<string>) {
  const gone = (await tx.productVariant.findMany({ where: { productId }, select: { id: true, heldQuantity: true } })).filter((row) => !keep.has(row.id));
  if (gone.length === 0) return;
  const ordered = await tx.orderItem.findMany({ where: { variantId: { in: gone.map((row) => row.id) } }, select: { variantId: true }, distinct: ["variantId"] });
  const hidden = new Set([...ordered.map((row) => row.variantId ?? ""), ...gone.filter((row) => row.heldQuantity > 0).map((row) => row.id)]);
  await tx.productVariant.updateMany({ where: { id: { in: [...hidden] } }, data: { isHidden: true, stockQuantity: 0 } });
  await tx.productVariant.deleteMany({ where: { id: { in: gone.map((row) => row.id).filter((id) => !hidden.has(id)) } } });
}

/** A product with options: its options and variants as given, its own row their sum and lowest price. */
export async function writeOptions(tx: Tx, productId: string, input: OptionsInput): Promise<void> {
  await tx.productOption.deleteMany({ where: { productId } });
  await tx.productOption.createMany({
    data: input.options.map((option, position) => ({ productId, position, nameEn: option.nameEn, nameAr: option.nameAr, values: option.values })),
  });
  const held = new Map((await tx.productVariant.findMany({ where: { productId }, select: { id: true, heldQuantity: true } })).map((row) => [row.id, row.heldQuantity]));
  const keep = new Set<string>();
  for (const [position, variant] of input.variants.entries()) {
    const data = {
      position,
      sku: variant.sku,
      optionValues: variant.optionValues,
      priceFils: variant.priceFils,
      priceBeforeDiscountFils: variant.priceBeforeDiscountFils,
      isAvailable: variant.isAvailable,
      imageUrl: variant.imageUrl,
      isHidden: false,
    };
    const units = variant.id === null ? undefined : held.get(variant.id);
    if (variant.id !== null && units !== undefined) {
      keep.add(variant.id);
      await tx.productVariant.update({ where: { id: variant.id }, data: { ...data, stockQuantity: variant.stockQuantity - units } });
    } else {
      keep.add((await tx.productVariant.create({ data: { ...data, productId, stockQuantity: variant.stockQuantity }, select: { id: true } })).id);
    }
  }
  await dropVariants(tx, productId, keep);
  await tx.$executeRaw`
    UPDATE "Product" SET "hasOptions" = TRUE,
      "stockQuantity" = (SELECT COALESCE(SUM(v."stockQuantity"), 0) FROM "ProductVariant" v WHERE v."productId" = ${productId} AND v."isHidden" = FALSE),
      "heldQuantity" = (SELECT COALESCE(SUM(v."heldQuantity"), 0) FROM "ProductVariant" v WHERE v."productId" = ${productId}),
      "priceFils" = (SELECT COALESCE(MIN(v."priceFils"), ${input.priceFils}) FROM "ProductVariant" v WHERE v."productId" = ${productId} AND v."isHidden" = FALSE)
    WHERE "id" = ${productId}`;
}

/**
 * A product without options: its one variant (the product's id) carries the product's price and stock, as the
 * migration made it; any variants of options it had are dropped.
 */
export async function writeOwnVariant(tx: Tx, productId: string, input: OptionsInput): Promise<void> {
  await tx.productOption.deleteMany({ where: { productId } });
  await dropVariants(tx, productId, new Set([productId]));
  const product = await tx.product.update({ where: { id: productId }, data: { hasOptions: false }, select: { stockQuantity: true, heldQuantity: true } });
  const data = {
    optionValues: [],
    priceFils: input.priceFils,
    priceBeforeDiscountFils: input.priceBeforeDiscountFils,
    stockQuantity: product.stockQuantity,
    heldQuantity: product.heldQuantity,
    isAvailable: input.isAvailable,
    isHidden: false,
  };
  await tx.productVariant.upsert({ where: { id: productId }, create: { id: productId, productId, ...data }, update: data });
}
