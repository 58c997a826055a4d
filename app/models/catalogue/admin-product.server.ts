/** The owner's products: list, create, edit (on hand against the held units), show or hide, delete, and their JSON. */
import { prisma, type Prisma } from "~/db.server";
import { audited, recordAudit, type AuditActor } from "~/models/shop/index.server";
import { lowStockProductsWhere } from "./low-stock.server";
import { OPTIONS_AND_VARIANTS, optionTexts, type OptionText } from "./product-variant.server";
import { takenSku, writeOptions, writeOwnVariant, variantHeldConflict, type VariantInput } from "./variant-write.server";
import { noticeStockReturned } from "./stock-notice.server";

const productInclude = {
  gallery: { orderBy: { position: "asc" } },
  customTags: { orderBy: { position: "asc" } },
  category: { select: { id: true, nameEn: true, nameAr: true } },
  options: OPTIONS_AND_VARIANTS.options,
  variants: OPTIONS_AND_VARIANTS.variants,
} as const;

/** The admin list (page and API): every product, or with `stock: "low"` the visible ones at or below their threshold. */
export async function listAdminProducts({ categoryId, stock }: { categoryId?: string | null; stock?: "low" | null } = {}) {
  return prisma.product.findMany({
    where: { ...(categoryId ? { categoryId } : {}), ...(stock === "low" ? await lowStockProductsWhere() : {}) },
    include: productInclude,
    orderBy: { createdAt: "desc" },
  });
}

export async function getAdminProduct(id: string) {
  return prisma.product.findUnique({ where: { id }, include: productInclude });
}

export type AdminProduct = NonNullable<Awaited<ReturnType<typeof getAdminProduct>>>;

/**
 * A product as the admin writes it: prices in fils, the main image apart from the gallery. The admin form's value
 * converts to one (productInputFromForm), so the model does not depend on the form.
 */
export type ProductInput = {
  nameEn: string;
  nameAr: string;
  descriptionEn: string;
  descriptionAr: string;
  priceFils: number;
  priceBeforeDiscountFils: number | null;
  hasDiscount: boolean;
  /** On hand: every piece the shop has, including those held for unpaid orders (docs/decisions/0015-stock-holds.md). */
  stockQuantity: number;
  /** Low stock from this many units for sale down (the admin filter and the daily digest). */
  lowStockThreshold: number;
  isAvailable: boolean;
  isNewArrival: boolean;
  imageUrl: string;
  gallery: string[];
  colorNameEn: string | null;
  colorNameAr: string | null;
  colorLevelEn: string | null;
  colorLevelAr: string | null;
  filterColor: string | null;
  categoryId: string;
  customTags: { titleEn: string; titleAr: string; required: boolean }[];
  /** Up to three; none makes a product of one variant, priced and counted by the fields above. */
  options: { nameEn: string; nameAr: string; values: OptionText[] }[];
  /** With options, every combination sold (stock on hand); without them, left out. */
  variants: VariantInput[];
};


/** The product's own fields; the stock is written apart, see updateProduct. */
function productData(input: ProductInput) {
  return {
    nameEn: input.nameEn,
    nameAr: input.nameAr,
    descriptionEn: input.descriptionEn,
    descriptionAr: input.descriptionAr,
    priceFils: input.priceFils,
    priceBeforeDiscountFils: input.priceBeforeDiscountFils,
    hasDiscount: input.hasDiscount,
    lowStockThreshold: input.lowStockThreshold,
    isAvailable: input.isAvailable,
    isNewArrival: input.isNewArrival,
    imageUrl: input.imageUrl,
    colorNameEn: input.colorNameEn,
    colorNameAr: input.colorNameAr,
    colorLevelEn: input.colorLevelEn,
    colorLevelAr: input.colorLevelAr,
    filterColor: input.filterColor,
    categoryId: input.categoryId,
  };
}

export type ProductWriteResult =
  | { ok: true; product: AdminProduct }
  | { ok: false; reason: "notFound" | "categoryNotFound" }
  | { ok: false; reason: "belowHeld"; heldQuantity: number }
  /** `index` is the variant's place in the input's `variants` */
  | { ok: false; reason: "skuTaken"; sku: string; index: number };

/** A new product, its gallery, tags, options and variants, inside the caller's transaction (the form and the import). */
export async function insertProduct(tx: Prisma.TransactionClient, input: ProductInput): Promise<{ id: string }> {
  const product = await tx.product.create({
    data: {
      ...productData(input),
      stockQuantity: input.stockQuantity,
      gallery: { create: input.gallery.map((url, position) => ({ url, position })) },
      customTags: { create: input.customTags.map((tag, position) => ({ ...tag, position })) },
    },
    select: { id: true },
  });
  if (input.options.length) await writeOptions(tx, product.id, input);
  else await writeOwnVariant(tx, product.id, input);
  return product;
}

export async function createProduct(input: ProductInput, actor?: AuditActor): Promise<ProductWriteResult> {
  if (!(await prisma.category.findUnique({ where: { id: input.categoryId }, select: { id: true } }))) {
    return { ok: false, reason: "categoryNotFound" };
  }
  const created = await prisma.$transaction(
    async (tx) => {
      const taken = await takenSku(tx, null, input.variants);
      if (taken) return { ok: false as const, reason: "skuTaken" as const, ...taken };
      const product = await insertProduct(tx, input);
      if (actor) await recordAudit(tx, { actor, action: "create", entityType: "product", entityId: product.id, params: { name: input.nameEn, nameAr: input.nameAr } });
      return product;
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
  if ("ok" in created) return created;
  return { ok: true, product: (await getAdminProduct(created.id))! };
}

export type ProductRewriteRefusal = { ok: false; reason: "belowHeld"; heldQuantity: number } | { ok: false; reason: "notFound" };

/**
 * The edit itself, inside the caller's transaction (the form, the API and the spreadsheet import share it). The owner
 * sets on hand; what is for sale becomes on hand minus the units held right now, in one conditional UPDATE, so a
 * hold that ends later gives back only its own units and stock never rises above what the owner counted. An on
 * hand below the held units is refused (null when written): those pieces are promised to shoppers who may still pay.
 */
export async function rewriteProduct(tx: Prisma.TransactionClient, id: string, input: ProductInput): Promise<ProductRewriteRefusal | null> {
  const onHand = input.stockQuantity;
  const conflict = await variantHeldConflict(tx, id, input);
  if (conflict !== null) return { ok: false, reason: "belowHeld", heldQuantity: conflict };
  const set = input.options.length
    ? 1
    : await tx.$executeRaw`
    UPDATE "Product" SET "stockQuantity" = ${onHand} - "heldQuantity" WHERE "id" = ${id} AND "heldQuantity" <= ${onHand}`;
  if (set !== 1) {
    const row = await tx.product.findUnique({ where: { id }, select: { heldQuantity: true } });
    return row ? { ok: false, reason: "belowHeld", heldQuantity: row.heldQuantity } : { ok: false, reason: "notFound" };
  }
  await tx.productImage.deleteMany({ where: { productId: id } });
  await tx.productCustomTag.deleteMany({ where: { productId: id } });
  await tx.product.update({
    where: { id },
    data: {
      ...productData(input),
      gallery: { create: input.gallery.map((url, position) => ({ url, position })) },
      customTags: { create: input.customTags.map((tag, position) => ({ ...tag, position })) },
    },
  });
  if (input.options.length) await writeOptions(tx, id, input);
  else await writeOwnVariant(tx, id, input);
  return null;
}

/**
 * Gallery and custom tags are replaced as a whole, in one transaction with the product's own fields; on hand is
 * checked against the held units (rewriteProduct).
 */
export async function updateProduct(id: string, input: ProductInput, actor?: AuditActor): Promise<ProductWriteResult> {
  if (!(await prisma.product.findUnique({ where: { id }, select: { id: true } }))) return { ok: false, reason: "notFound" };
  if (!(await prisma.category.findUnique({ where: { id: input.categoryId }, select: { id: true } }))) {
    return { ok: false, reason: "categoryNotFound" };
  }
  const refused = await prisma.$transaction(
    async (tx) => {
      const taken = await takenSku(tx, id, input.variants);
      if (taken) return { ok: false as const, reason: "skuTaken" as const, ...taken };
      const refusal = await rewriteProduct(tx, id, input);
      if (refusal) return refusal;
      if (actor) await recordAudit(tx, { actor, action: "update", entityType: "product", entityId: id, params: { name: input.nameEn, nameAr: input.nameAr, onHand: input.stockQuantity, fils: input.priceFils, context: "priced" } });
      return null;
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
  if (refused) return refused;
  // A count above zero may end shoppers' wait for this product: their mails start now (once each).
  noticeStockReturned([id]);
  return { ok: true, product: (await getAdminProduct(id))! };
}

/** Every piece the shop has: for sale plus held for unpaid orders. */
export function onHandOf(product: { stockQuantity: number; heldQuantity: number }): number {
  return product.stockQuantity + product.heldQuantity;
}

/**
 * Deletes a product no order names; one an order names is kept ("ordered"): deleting it would strip the product from
 * those orders' lines, and with it their returns, reviews and place in the sales figures. Hiding it is the owner's way
 * to stop selling it (probe 10).
 */
export async function deleteProduct(id: string, actor?: AuditActor): Promise<"deleted" | "notFound" | "ordered"> {
  return audited(
    actor,
    async (tx) => {
      if (await tx.orderItem.findFirst({ where: { productId: id }, select: { id: true } })) return "ordered" as const;
      return (await tx.product.deleteMany({ where: { id } })).count > 0 ? ("deleted" as const) : ("notFound" as const);
    },
    (result) => (result === "deleted" ? { action: "delete", entityType: "product", entityId: id, params: {} } : null),
  );
}

export async function toggleProduct(id: string, actor?: AuditActor) {
  const product = await prisma.product.findUnique({ where: { id }, select: { isVisible: true } });
  if (!product) return null;
  const toggled = await audited(
    actor,
    (tx) => tx.product.update({ where: { id }, data: { isVisible: !product.isVisible }, select: { id: true, isVisible: true } }),
    (row) => ({ action: row.isVisible ? "show" : "hide", entityType: "product", entityId: id, params: {} }),
  );
  if (toggled.isVisible) noticeStockReturned([id]);
  return toggled;
}

/** The form's starting values for editing: images as one list, main image first. */
export function productFormDefaults(product: AdminProduct) {
  return {
    nameEn: product.nameEn,
    nameAr: product.nameAr,
    descriptionEn: product.descriptionEn,
    descriptionAr: product.descriptionAr,
    price: (product.priceFils / 1000).toFixed(3),
    priceBeforeDiscount: product.priceBeforeDiscountFils === null ? "" : (product.priceBeforeDiscountFils / 1000).toFixed(3),
    stockQuantity: String(onHandOf(product)),
    lowStockThreshold: String(product.lowStockThreshold),
    hasDiscount: product.hasDiscount,
    isAvailable: product.isAvailable,
    isNewArrival: product.isNewArrival,
    colorNameEn: product.colorNameEn ?? "",
    colorNameAr: product.colorNameAr ?? "",
    colorLevelEn: product.colorLevelEn ?? "",
    colorLevelAr: product.colorLevelAr ?? "",
    filterColor: product.filterColor ?? "",
    categoryId: product.categoryId,
    customTags: product.customTags.map((tag) => ({ titleEn: tag.titleEn, titleAr: tag.titleAr, required: tag.required })),
    images: [product.imageUrl, ...product.gallery.map((image) => image.url).filter((url) => url !== product.imageUrl)],
    ...variantFormDefaults(product),
  };
}

/** The options and the variant grid as the owner's form shows them (issue 31): values one per line, stock on hand. */
function variantFormDefaults(product: AdminProduct) {
  if (!product.hasOptions) return { options: [], variants: [] };
  const options = product.options.map((option) => ({ nameEn: option.nameEn, nameAr: option.nameAr, values: optionTexts(option.values) }));
  return {
    options: options.map((option) => ({
      nameEn: option.nameEn,
      nameAr: option.nameAr,
      valuesEn: option.values.map((value) => value.en).join("\n"),
      valuesAr: option.values.map((value) => value.ar).join("\n"),
    })),
    variants: product.variants.map((variant) => {
      const values = optionTexts(variant.optionValues);
      return {
        id: variant.id,
        key: values.map((value, index) => options[index]?.values.findIndex((candidate) => candidate.en === value.en) ?? -1).join("."),
        match: values.map((value) => value.en).join(" / "),
        sku: variant.sku,
        price: (variant.priceFils / 1000).toFixed(3),
        stockQuantity: String(variant.stockQuantity + variant.heldQuantity),
        isAvailable: variant.isAvailable,
        imageUrl: variant.imageUrl ?? "",
      };
    }),
  };
}
