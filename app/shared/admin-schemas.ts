import * as z from "./zod";
import { parseAmountToFils } from "./money-input";
import { westernDigits } from "./typed-digits";
import { DEFAULT_LOW_STOCK_THRESHOLD, FILTER_COLORS } from "./product";
import { optionLines, usedOptions } from "./option-rows";

/** One schema per admin form: the HTML constraints, the browser's checks and the server's checks (SPEC section 5). */

/** Only pictures this server stored (uploads or the seed's catalogue) may be put on a product. */
export const OWN_IMAGE_URL = /^\/uploads\/(products|categories|catalogue)\/[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*\.(webp|png|jpe?g)$/;

/** A text the owner may leave out, refused over `max` characters with `tooLong`, a key of admin.validation. */
const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).optional();

function kdAmount(value: string | undefined): number | null {
  return value === undefined ? null : parseAmountToFils(value);
}

/** A price before discount as kept: none when blank or zero (what clients long sent for "no discount"). */
function beforeDiscountFils(value: string | undefined): number | null {
  const fils = value?.trim() ? parseAmountToFils(value) : null;
  return fils !== null && fils > 0 ? fils : null;
}

/** The catalogue import's rule (app/models/catalogue/catalogue-sheet.server.ts): an old price is above the price. */
function beforeDiscountTooLow(before: string | undefined, priceFils: number | null): boolean {
  const fils = beforeDiscountFils(before);
  return fils !== null && priceFils !== null && fils <= priceFils;
}

export function stockFromText(value: string): number | null {
  const cleaned = westernDigits(value).replace(/,/g, "").trim();
  return /^\d{1,7}$/.test(cleaned) ? Number(cleaned) : null;
}

/** The owner's low-stock alert: a whole number of units from 0 to 9999. */
export function lowStockFromText(value: string): number | null {
  const cleaned = westernDigits(value).replace(/,/g, "").trim();
  return /^\d{1,4}$/.test(cleaned) ? Number(cleaned) : null;
}

const CustomTagRowSchema = z.object({
  titleEn: optionalText(100, "admin.validation.adminShortTextTooLong"),
  titleAr: optionalText(100, "admin.validation.adminShortTextTooLong"),
  required: z.boolean().optional(),
});

/** Options (issue 31): at most three, each with its values one per line, as many in Arabic as in English. */
export const MAX_OPTIONS = 3;
export const MAX_OPTION_VALUES = 20;
export const MAX_VARIANTS = 100;


const OptionRowSchema = z.object({
  nameEn: optionalText(100, "admin.validation.adminShortTextTooLong"),
  nameAr: optionalText(100, "admin.validation.adminShortTextTooLong"),
  valuesEn: optionalText(2000, "admin.validation.adminOptionValuesTooLong"),
  valuesAr: optionalText(2000, "admin.validation.adminOptionValuesTooLong"),
});
type OptionRow = z.infer<typeof OptionRowSchema>;

const optionalKD = z
  .string()
  .optional()
  .refine((value) => value === undefined || value.trim() === "" || parseAmountToFils(value) !== null, "admin.validation.adminPriceInvalid");

/** One row of the variant grid; `key` names its value of each option by position ("0.2": first value of the first, third of the second). */
const VariantRowSchema = z.object({
  id: z.string().max(64, "admin.validation.adminVariantInvalid").optional(),
  key: z.string().max(20, "admin.validation.adminVariantInvalid"),
  sku: optionalText(64, "admin.validation.adminSkuTooLong"),
  price: optionalKD,
  priceBeforeDiscount: optionalKD,
  stockQuantity: z.string({ error: "admin.validation.adminStockInvalid" }).refine((value) => stockFromText(value) !== null, "admin.validation.adminStockInvalid"),
  isAvailable: z.boolean().optional(),
  imageUrl: z.string().max(300, "admin.validation.adminImageInvalid").regex(OWN_IMAGE_URL, "admin.validation.adminImageInvalid").optional(),
});



/** The value positions a variant key names, or null when it does not fit the options. */
export function variantKeyIndexes(key: string, options: OptionRow[]): number[] | null {
  const parts = key.split(".");
  if (parts.length !== options.length || !parts.every((part) => /^\d{1,2}$/.test(part))) return null;
  const indexes = parts.map(Number);
  return indexes.every((index, option) => index < optionLines(options[option].valuesEn).length) ? indexes : null;
}

export type ProductFormMode = "create" | "edit";

export function productFormSchema(mode: ProductFormMode) {
  return z
    .object({
      nameEn: z.string({ error: "admin.validation.adminNameEnRequired" }).trim().min(1, "admin.validation.adminNameEnRequired").max(200, "admin.validation.adminNameTooLong"),
      nameAr: z.string({ error: "admin.validation.adminNameArRequired" }).trim().min(1, "admin.validation.adminNameArRequired").max(200, "admin.validation.adminNameTooLong"),
      descriptionEn: optionalText(5000, "admin.validation.adminDescriptionTooLong"),
      descriptionAr: optionalText(5000, "admin.validation.adminDescriptionTooLong"),
      price: z.string({ error: "admin.validation.adminPriceInvalid" }).refine((value) => parseAmountToFils(value) !== null, "admin.validation.adminPriceInvalid"),
      priceBeforeDiscount: z
        .string()
        .optional()
        .refine((value) => value === undefined || parseAmountToFils(value) !== null, "admin.validation.adminPriceInvalid"),
      stockQuantity: z
        .string({ error: "admin.validation.adminStockInvalid" })
        .refine((value) => stockFromText(value) !== null, "admin.validation.adminStockInvalid"),
      lowStockThreshold: z
        .string({ error: "admin.validation.adminLowStockInvalid" })
        .refine((value) => lowStockFromText(value) !== null, "admin.validation.adminLowStockInvalid"),
      hasDiscount: z.boolean().optional(),
      isAvailable: z.boolean().optional(),
      isNewArrival: z.boolean().optional(),
      colorNameEn: optionalText(100, "admin.validation.adminShortTextTooLong"),
      colorNameAr: optionalText(100, "admin.validation.adminShortTextTooLong"),
      colorLevelEn: optionalText(100, "admin.validation.adminShortTextTooLong"),
      colorLevelAr: optionalText(100, "admin.validation.adminShortTextTooLong"),
      filterColor: z.enum(FILTER_COLORS, { error: "admin.validation.adminFilterColorInvalid" }).optional(),
      categoryId: z.string({ error: "admin.validation.adminCategoryRequired" }).min(1, "admin.validation.adminCategoryRequired").max(64, "admin.validation.adminCategoryRequired"),
      customTags: z.array(CustomTagRowSchema).max(10, "admin.validation.adminTooManyTags").optional(),
      images: z.array(z.string().max(300, "admin.validation.adminImageInvalid").regex(OWN_IMAGE_URL, "admin.validation.adminImageInvalid")).max(12, "admin.validation.adminTooManyImages").optional(),
      options: z.array(OptionRowSchema).max(MAX_OPTIONS, "admin.validation.adminTooManyOptions").optional(),
      variants: z.array(VariantRowSchema).max(MAX_VARIANTS, "admin.validation.adminTooManyVariants").optional(),
    })
    .superRefine((value, ctx) => {
      const options = usedOptions(value.options);
      options.forEach((option, index) => {
        if (!option.nameEn || !option.nameAr) ctx.addIssue({ code: "custom", path: ["options", index, "nameEn"], message: "admin.validation.adminOptionNameRequired" });
        const en = optionLines(option.valuesEn);
        const ar = optionLines(option.valuesAr);
        if (en.length === 0 || en.length !== ar.length || en.length > MAX_OPTION_VALUES || new Set(en).size !== en.length) {
          ctx.addIssue({ code: "custom", path: ["options", index, "valuesEn"], message: "admin.validation.adminOptionValuesInvalid" });
        }
      });
      if (options.length > 0) {
        const variants = value.variants ?? [];
        if (variants.length === 0) ctx.addIssue({ code: "custom", path: ["variants"], message: "admin.validation.adminVariantsRequired" });
        const seen = new Set<string>();
        // A variant's picture is one of the product's own: any other upload of the shop would show a stranger's picture.
        const images = new Set(value.images ?? []);
        variants.forEach((variant, index) => {
          if (!variantKeyIndexes(variant.key, options) || seen.has(variant.key)) {
            ctx.addIssue({ code: "custom", path: ["variants", index, "key"], message: "admin.validation.adminVariantInvalid" });
          }
          if (variant.imageUrl && !images.has(variant.imageUrl)) {
            ctx.addIssue({ code: "custom", path: ["variants", index, "imageUrl"], message: "admin.validation.adminVariantImageInvalid" });
          }
          const variantPrice = variant.price?.trim() ? kdAmount(variant.price) : kdAmount(value.price);
          if (beforeDiscountTooLow(variant.priceBeforeDiscount, variantPrice)) {
            ctx.addIssue({ code: "custom", path: ["variants", index, "priceBeforeDiscount"], message: "admin.validation.adminPriceBeforeDiscountAbovePrice" });
          }
          seen.add(variant.key);
        });
      }
      if (value.hasDiscount && !((kdAmount(value.priceBeforeDiscount) ?? 0) > 0)) {
        ctx.addIssue({ code: "custom", path: ["priceBeforeDiscount"], message: "admin.validation.adminDiscountPriceRequired" });
      } else if (beforeDiscountTooLow(value.priceBeforeDiscount, kdAmount(value.price))) {
        // Even with the discount off: the old price is kept, exported and shown again once the discount is on.
        ctx.addIssue({ code: "custom", path: ["priceBeforeDiscount"], message: "admin.validation.adminPriceBeforeDiscountAbovePrice" });
      }
      value.customTags?.forEach((tag, index) => {
        const used = Boolean(tag.titleEn || tag.titleAr || tag.required);
        if (used && !tag.titleEn) ctx.addIssue({ code: "custom", path: ["customTags", index, "titleEn"], message: "admin.validation.adminTagTitleRequired" });
        if (used && !tag.titleAr) ctx.addIssue({ code: "custom", path: ["customTags", index, "titleAr"], message: "admin.validation.adminTagTitleRequired" });
      });
      if (!value.images?.length) {
        ctx.addIssue({
          code: "custom",
          path: ["images"],
          message: mode === "create" ? "admin.validation.adminImagesRequiredCreate" : "admin.validation.adminImagesRequiredEdit",
        });
      }
    });
}

export type ProductFormValue = z.infer<ReturnType<typeof productFormSchema>>;

/**
 * The accepted form value as the catalogue model takes it (its ProductInput, in app/models/catalogue/admin-product.server.ts):
 * prices in fils, the main image apart from the gallery. The model owns that type; this only builds one.
 */
export function productInputFromForm(value: ProductFormValue) {
  const images = [...new Set(value.images ?? [])];
  return {
    nameEn: value.nameEn,
    nameAr: value.nameAr,
    descriptionEn: value.descriptionEn ?? "",
    descriptionAr: value.descriptionAr ?? "",
    priceFils: parseAmountToFils(value.price) ?? 0,
    priceBeforeDiscountFils: beforeDiscountFils(value.priceBeforeDiscount),
    hasDiscount: value.hasDiscount ?? false,
    stockQuantity: stockFromText(value.stockQuantity) ?? 0,
    lowStockThreshold: lowStockFromText(value.lowStockThreshold) ?? DEFAULT_LOW_STOCK_THRESHOLD,
    isAvailable: value.isAvailable ?? false,
    isNewArrival: value.isNewArrival ?? false,
    imageUrl: images[0] ?? "",
    gallery: images.slice(1),
    colorNameEn: value.colorNameEn || null,
    colorNameAr: value.colorNameAr || null,
    colorLevelEn: value.colorLevelEn || null,
    colorLevelAr: value.colorLevelAr || null,
    filterColor: value.filterColor ?? null,
    categoryId: value.categoryId,
    customTags: (value.customTags ?? [])
      .filter((tag) => tag.titleEn && tag.titleAr)
      .map((tag) => ({ titleEn: tag.titleEn ?? "", titleAr: tag.titleAr ?? "", required: tag.required ?? false })),
    ...optionsInputFromForm(value),
  };
}

/** The options and variant grid as the catalogue model takes them: values paired by line, a blank price is the product's. */
function optionsInputFromForm(value: ProductFormValue) {
  const used = usedOptions(value.options);
  const options = used.map((option) => {
    const ar = optionLines(option.valuesAr);
    return { nameEn: option.nameEn ?? "", nameAr: option.nameAr ?? "", values: optionLines(option.valuesEn).map((en, index) => ({ en, ar: ar[index] ?? "" })) };
  });
  const productPrice = parseAmountToFils(value.price) ?? 0;
  const variants = used.length
    ? (value.variants ?? []).map((variant) => {
        const indexes = variantKeyIndexes(variant.key, used) ?? [];
        return {
          id: variant.id || null,
          sku: variant.sku ?? "",
          optionValues: indexes.map((valueIndex, option) => options[option].values[valueIndex]),
          priceFils: variant.price?.trim() ? (parseAmountToFils(variant.price) ?? productPrice) : productPrice,
          priceBeforeDiscountFils: beforeDiscountFils(variant.priceBeforeDiscount),
          stockQuantity: stockFromText(variant.stockQuantity) ?? 0,
          isAvailable: variant.isAvailable ?? false,
          imageUrl: variant.imageUrl || null,
        };
      })
    : [];
  return { options, variants };
}

export const CategoryCreateSchema = z.object({
  nameEn: z.string({ error: "admin.validation.adminCategoryNamesRequired" }).trim().min(1, "admin.validation.adminCategoryNamesRequired").max(100, "admin.validation.adminCategoryNameTooLong"),
  nameAr: z.string({ error: "admin.validation.adminCategoryNamesRequired" }).trim().min(1, "admin.validation.adminCategoryNamesRequired").max(100, "admin.validation.adminCategoryNameTooLong"),
});

export const CategoryEditSchema = z.object({
  nameEn: z.string({ error: "admin.validation.adminCategoryEditNamesRequired" }).trim().min(1, "admin.validation.adminCategoryEditNamesRequired").max(100, "admin.validation.adminCategoryNameTooLong"),
  nameAr: z.string({ error: "admin.validation.adminCategoryEditNamesRequired" }).trim().min(1, "admin.validation.adminCategoryEditNamesRequired").max(100, "admin.validation.adminCategoryNameTooLong"),
});

/** The admin sign-in's second step: the authenticator's code or a recovery code, as typed (at most 32 characters read). */
export const AdminCodeStepSchema = z.object({
  intent: z.literal("code"),
  code: z
    .string()
    .default("")
    .transform((code) => code.slice(0, 32)),
});

export const AdminLoginSchema = z.object({
  email: z.string({ error: "admin.validation.adminEmailRequired" }).trim().max(200),
  password: z.string({ error: "admin.validation.adminPasswordRequired" }).max(200),
  /** with two-step sign-in on: the authenticator app's code or a recovery code (the page asks for it on a form of its own) */
  code: z.string().max(32).optional(),
});

/** The list pages' row buttons (show/hide, delete), a schema here rather than in the route so no zod reaches the browser. */
export const CategoryActionSchema = z.object({ intent: z.enum(["toggle", "delete"]), categoryId: z.string().min(1).max(64) });
export const ProductActionSchema = z.object({ intent: z.enum(["toggle", "delete"]), productId: z.string().min(1).max(64) });
