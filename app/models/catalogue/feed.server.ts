/**
 * What the product feeds list (issue 46, CONTRACT.md "Product feeds"): one item per variant a shopper can see, of
 * every visible product in a visible category, in one language. The feeds' formats (Google's RSS, Meta's CSV) are
 * written from these items in app/api/answers/feeds.server.ts; this is the data, in fils.
 */
import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import type { Language } from "~/shared/language";
import { localized } from "~/shared/language";
import { OPTIONS_AND_VARIANTS, optionTexts, optionValuesLabel, saleVariantsOf } from "./product-variant.server";
import { VISIBLE } from "./product.server";

export type FeedItem = {
  /** the variant's id; a product without options is its own one variant, whose id is the product's */
  id: string;
  /** the product's id, for a product with options (its variants are one group); null without options */
  itemGroupId: string | null;
  productId: string;
  /** the product's name, and for a variant its option values ("Velvet Bow (Red / M)") */
  title: string;
  description: string;
  /** the picture's address as stored (a path under the shop, or an absolute address) */
  imageUrl: string;
  inStock: boolean;
  /** the price before a discount when there is one, else the price */
  priceFils: number;
  /** the price paid, only when it is lower than `priceFils` */
  salePriceFils: number | null;
  /**
   * Google's variant attributes, in the feed's language: an option named as one of them (Colour, Size, Material,
   * Pattern, in either language) gives its value; a product without options, its colour.
   */
  attributes: Partial<Record<VariantAttribute, string>>;
};

export type VariantAttribute = "color" | "size" | "material" | "pattern";

/** Which attribute an option's name is, in English or Arabic ("Colour", "اللون", "Size", "المقاس"…), if any. */
const ATTRIBUTE_NAMES: [VariantAttribute, RegExp][] = [
  ["color", /colou?r|لون/i],
  ["size", /size|مقاس|قياس|حجم/i],
  ["material", /material|خامة|مادة/i],
  ["pattern", /pattern|نقش/i],
];

function attributeOf(option: { nameEn: string; nameAr: string }): VariantAttribute | null {
  return ATTRIBUTE_NAMES.find(([, pattern]) => pattern.test(option.nameEn) || pattern.test(option.nameAr))?.[0] ?? null;
}

const FEED_FIELDS = {
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
  isAvailable: true,
  imageUrl: true,
  colorNameEn: true,
  colorNameAr: true,
  ...OPTIONS_AND_VARIANTS,
} satisfies Prisma.ProductSelect;

/** Every variant for sale or sold out of the products a shopper can see, newest product first, variants in order. */
export async function listFeedItems(language: Language): Promise<FeedItem[]> {
  const products = await prisma.product.findMany({ where: VISIBLE, select: FEED_FIELDS, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  return products.flatMap((product) => {
    const name = localized(language, { en: product.nameEn, ar: product.nameAr });
    const description = localized(language, { en: product.descriptionEn, ar: product.descriptionAr });
    return saleVariantsOf(product).map((variant) => {
      // Without options the discount is the product's, shown only while its switch is on (SPEC section 2).
      const before = product.hasOptions ? variant.priceBeforeDiscountFils : product.hasDiscount ? product.priceBeforeDiscountFils : null;
      const discounted = before !== null && before > variant.priceFils;
      const values = optionTexts(variant.optionValues);
      const attributes: FeedItem["attributes"] = {};
      if (product.hasOptions) {
        product.options.forEach((option, index) => {
          const attribute = attributeOf(option);
          if (attribute && values[index] && !attributes[attribute]) attributes[attribute] = localized(language, values[index]);
        });
      } else if (product.colorNameEn || product.colorNameAr) {
        attributes.color = localized(language, { en: product.colorNameEn ?? "", ar: product.colorNameAr ?? "" }) || undefined;
      }
      return {
        id: variant.id,
        itemGroupId: product.hasOptions ? product.id : null,
        productId: product.id,
        title: values.length ? `${name} (${optionValuesLabel(values, language)})` : name,
        description,
        imageUrl: variant.imageUrl || product.imageUrl,
        inStock: product.isAvailable && variant.isAvailable && variant.stockQuantity > 0,
        priceFils: discounted ? before : variant.priceFils,
        salePriceFils: discounted ? variant.priceFils : null,
        attributes,
      };
    });
  });
}

/**
 * When the feed `key` changed to the bytes `etag` names, shared by every worker and server through the `FeedStamp`
 * row (decision 0087): the time recorded by whoever first wrote these bytes, or, for new bytes, `writtenAt` to the
 * second, and always a later second than the bytes they replace, so that a client holding those never hears "not
 * modified" (`If-Modified-Since` compares whole seconds). A conditional write lets one of two racing writers through.
 */
export async function feedChangedAt(key: string, etag: string, writtenAt: Date): Promise<Date> {
  const second = new Date(Math.floor(writtenAt.getTime() / 1000) * 1000);
  for (let attempt = 0; attempt < 5; attempt++) {
    const stamp = await prisma.feedStamp.findUnique({ where: { key } });
    if (stamp?.etag === etag) return stamp.changedAt;
    const changedAt = stamp && stamp.changedAt >= second ? new Date(stamp.changedAt.getTime() + 1000) : second;
    if (stamp) {
      const { count } = await prisma.feedStamp.updateMany({ where: { key, etag: stamp.etag }, data: { etag, changedAt } });
      if (count === 1) return changedAt;
      continue;
    }
    try {
      await prisma.feedStamp.create({ data: { key, etag, changedAt } });
      return changedAt;
    } catch (error) {
      // Another writer created the row first: read what it wrote. Anything else is a real failure.
      if (!(await prisma.feedStamp.findUnique({ where: { key } }))) throw error;
    }
  }
  return second;
}
