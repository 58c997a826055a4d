import { filsToKD } from "~/shared/money";
import {
  type AdminProduct,
  type CategoryRow,
  onHandOf,
  optionTexts,
  type ProductDetail,
  type ProductOwnSale,
  saleVariantsOf,
} from "~/models/catalogue/index.server";

/** The catalogue as the JSON API answers it (SPEC section 3, CONTRACT.md): the models read the rows, this names the fields. */

/** SPEC section 3's Category as the JSON API speaks it; the admin's answers also say how many products it holds. */
export function categoryToJson(category: CategoryRow & { _count?: { products: number } }) {
  return {
    _id: category.id,
    name: { en: category.nameEn, ar: category.nameAr },
    slug: category.slug,
    iconImage: category.iconImage,
    isVisible: category.isVisible,
    ...(category._count ? { productCount: category._count.products } : {}),
  };
}


/** SPEC section 3's Product as the JSON API speaks it: prices as KD numbers. */
export function productToJson(product: ProductDetail) {
  const hasColor = product.colorNameEn !== null || product.colorNameAr !== null;
  return {
    _id: product.id,
    name: { en: product.nameEn, ar: product.nameAr },
    description: { en: product.descriptionEn, ar: product.descriptionAr },
    price: filsToKD(product.priceFils),
    priceBeforeDiscount: product.priceBeforeDiscountFils === null ? null : filsToKD(product.priceBeforeDiscountFils),
    hasDiscount: product.hasDiscount,
    stockQuantity: product.stockQuantity,
    isAvailable: product.isAvailable,
    isNewArrivals: product.isNewArrival,
    imageUrl: product.imageUrl,
    gallery: product.gallery.map((image) => image.url),
    color: hasColor
      ? {
          name: { en: product.colorNameEn ?? "", ar: product.colorNameAr ?? "" },
          level: { en: product.colorLevelEn ?? "", ar: product.colorLevelAr ?? "" },
        }
      : null,
    filterColor: product.filterColor,
    categoryId: product.categoryId,
    customTags: product.customTags.map((tag) => ({ title: { en: tag.titleEn, ar: tag.titleAr }, required: tag.required })),
    isVisible: product.isVisible,
    ...optionsAndVariantsJson(product),
  };
}


/**
 * CONTRACT.md's `options` and `variants`. `onHand` answers with what the owner counts (for sale plus held, as the
 * admin product's own stockQuantity) and each variant's `heldQuantity`, like the product's; else what is for sale.
 */
export function optionsAndVariantsJson(product: ProductOwnSale, { onHand = false } = {}) {
  return {
    options: product.hasOptions
      ? product.options.map((option) => ({ name: { en: option.nameEn, ar: option.nameAr }, values: optionTexts(option.values) }))
      : [],
    variants: saleVariantsOf(product).map((variant) => ({
      _id: variant.id,
      sku: variant.sku,
      optionValues: optionTexts(variant.optionValues),
      price: filsToKD(variant.priceFils),
      priceBeforeDiscount: variant.priceBeforeDiscountFils === null ? null : filsToKD(variant.priceBeforeDiscountFils),
      stockQuantity: onHand ? variant.stockQuantity + variant.heldQuantity : variant.stockQuantity,
      isAvailable: variant.isAvailable,
      imageUrl: variant.imageUrl,
      ...(onHand ? { heldQuantity: variant.heldQuantity } : {}),
    })),
  };
}


/**
 * SPEC section 3's product as the storefront API answers it, plus the category title the admin views show. For
 * the owner `stockQuantity` is on hand, the number the admin API and form take back, and `heldQuantity` says how
 * many of those pieces unpaid orders hold; the storefront's `stockQuantity` stays what is for sale.
 */
export function productJson(product: AdminProduct) {
  return {
    ...productToJson(product),
    ...optionsAndVariantsJson(product, { onHand: true }),
    stockQuantity: onHandOf(product),
    heldQuantity: product.heldQuantity,
    lowStockThreshold: product.lowStockThreshold,
    isLowStock:
      product.isVisible &&
      (product.hasOptions
        ? product.variants.some((variant) => variant.stockQuantity <= product.lowStockThreshold)
        : product.stockQuantity <= product.lowStockThreshold),
    category: { _id: product.category.id, name: { en: product.category.nameEn, ar: product.category.nameAr } },
  };
}
