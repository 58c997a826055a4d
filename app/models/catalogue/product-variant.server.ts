/**
 * Product options and variants (issue 31, docs/decisions/0060-product-variants.md). A product with options keeps
 * its stock, holds and prices on its variants, and its own row carries their sum (stock) and lowest price; a
 * product without options has one variant, whose id is the product's and whose price and stock are the product's.
 */
import type { Prisma } from "~/generated/prisma/client";

/** A bilingual value as the API speaks it: an option's name or one of its values. */
export type OptionText = { en: string; ar: string };

export const OPTION_FIELDS = { nameEn: true, nameAr: true, values: true } satisfies Prisma.ProductOptionSelect;

export const VARIANT_FIELDS = {
  id: true,
  sku: true,
  optionValues: true,
  priceFils: true,
  priceBeforeDiscountFils: true,
  stockQuantity: true,
  heldQuantity: true,
  isAvailable: true,
  imageUrl: true,
} satisfies Prisma.ProductVariantSelect;

/** What a product read for a page or the API brings of its options (in order) and its shown variants. */
export const OPTIONS_AND_VARIANTS = {
  hasOptions: true,
  options: { select: OPTION_FIELDS, orderBy: [{ position: "asc" }, { id: "asc" }] },
  variants: { where: { isHidden: false }, select: VARIANT_FIELDS, orderBy: [{ position: "asc" }, { id: "asc" }] },
} satisfies Prisma.ProductSelect;

export type OptionRow = Prisma.ProductOptionGetPayload<{ select: typeof OPTION_FIELDS }>;
export type VariantRow = Prisma.ProductVariantGetPayload<{ select: typeof VARIANT_FIELDS }>;

/** The product fields its one variant takes when it has no options. */
export type ProductOwnSale = {
  id: string;
  hasOptions: boolean;
  priceFils: number;
  priceBeforeDiscountFils: number | null;
  stockQuantity: number;
  heldQuantity?: number;
  isAvailable: boolean;
  options: OptionRow[];
  variants: VariantRow[];
};

/** Stored JSON read back as bilingual values; anything else in it is left out rather than trusted. */
export function optionTexts(value: Prisma.JsonValue): OptionText[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) return [];
    const record = entry as Record<string, unknown>;
    return [{ en: String(record.en ?? ""), ar: String(record.ar ?? "") }];
  });
}

/**
 * The variants as they are sold: a product without options has exactly one, carrying the product's own price and
 * stock (its row exists from the migration or creation on; a product written around them still reads as one).
 */
export function saleVariantsOf(product: ProductOwnSale): VariantRow[] {
  if (product.hasOptions) return product.variants;
  const own = product.variants.find((variant) => variant.id === product.id) ?? product.variants[0];
  return [
    {
      id: own?.id ?? product.id,
      sku: own?.sku ?? "",
      optionValues: [],
      priceFils: product.priceFils,
      priceBeforeDiscountFils: product.priceBeforeDiscountFils,
      stockQuantity: product.stockQuantity,
      heldQuantity: product.heldQuantity ?? 0,
      isAvailable: product.isAvailable,
      imageUrl: own?.imageUrl ?? null,
    },
  ];
}

/** "Red / M": a variant's values in one language, as order lines, invoices and mails show them. */
export function optionValuesLabel(values: OptionText[], language: "en" | "ar"): string {
  return values.map((value) => value[language]).join(" / ");
}

/** A variant as the cart, the checkout and an order price it. */
export type SaleVariant = {
  id: string;
  optionValues: OptionText[];
  priceFils: number;
  stockQuantity: number;
  isAvailable: boolean;
  imageUrl: string | null;
};

/**
 * What a cart line buys: the product itself when it has no options (its one variant, the product's id), else the
 * variant it names. `holdVariantId` is the row the stock is held on besides the product's (null: the product's
 * alone). Null when the line names no variant of a product with options, or one of another product.
 */
export type SaleUnit = {
  variantId: string;
  holdVariantId: string | null;
  optionValues: OptionText[];
  priceFils: number;
  stockQuantity: number;
  isAvailable: boolean;
  imageUrl: string;
};

export function saleUnitOf(
  product: { id: string; hasOptions: boolean; priceFils: number; stockQuantity: number; isAvailable: boolean; imageUrl: string; variants: SaleVariant[] },
  variantId: string | null | undefined,
): SaleUnit | null {
  if (!product.hasOptions) {
    if (variantId && variantId !== product.id) return null;
    const { id, priceFils, stockQuantity, isAvailable, imageUrl } = product;
    return { variantId: id, holdVariantId: null, optionValues: [], priceFils, stockQuantity, isAvailable, imageUrl };
  }
  const variant = product.variants.find((candidate) => candidate.id === variantId);
  if (!variant) return null;
  return {
    variantId: variant.id,
    holdVariantId: variant.id,
    optionValues: variant.optionValues,
    priceFils: variant.priceFils,
    stockQuantity: variant.stockQuantity,
    isAvailable: product.isAvailable && variant.isAvailable,
    imageUrl: variant.imageUrl ?? product.imageUrl,
  };
}

/**
 * The product page's choice among a product's variants (issue 31): the one `?variant=` names, else the first in
 * stock, else the first; and for each value of each option the variant its link leads to (the chosen one with that
 * value instead, else the first with it) and whether that one is sold out.
 */
export function pickVariant(product: ProductOwnSale & { options: OptionRow[] }, wanted: string | null, language: "en" | "ar") {
  const variants = saleVariantsOf(product);
  const soldOut = (variant: VariantRow) => !product.isAvailable || !variant.isAvailable || variant.stockQuantity <= 0;
  const selected = variants.find((variant) => variant.id === wanted) ?? variants.find((variant) => !soldOut(variant)) ?? variants[0];
  if (!product.hasOptions) return { selected, options: [], choices: [] };
  const options = product.options.map((option) => ({ name: option.nameEn, nameAr: option.nameAr, values: optionTexts(option.values) }));
  const indexesOf = (variant: VariantRow) => optionTexts(variant.optionValues).map((value, index) => options[index]?.values.findIndex((candidate) => candidate.en === value.en) ?? -1);
  const indexed = variants.map((variant) => ({ variant, indexes: indexesOf(variant) }));
  const current = indexesOf(selected);
  const choices = options.map((option, optionIndex) =>
    option.values.map((_, valueIndex) => {
      const wantedIndexes = current.map((index, at) => (at === optionIndex ? valueIndex : index));
      const target =
        indexed.find((entry) => entry.indexes.every((index, at) => index === wantedIndexes[at])) ?? indexed.find((entry) => entry.indexes[optionIndex] === valueIndex);
      return { variantId: target?.variant.id ?? null, soldOut: target ? soldOut(target.variant) : true, selected: current[optionIndex] === valueIndex };
    }),
  );
  return {
    selected,
    options: options.map((option) => ({
      name: language === "en" ? option.name : option.nameAr,
      swatch: /^colou?r$/i.test(option.name.trim()),
      // A colour's English name is a CSS colour more often than not ("Red", "Navy"); one that is not draws no swatch fill.
      values: option.values.map((value) => ({ label: value[language], colour: value.en.toLowerCase().replace(/[^a-z]/g, "") })),
    })),
    choices,
  };
}
