import { type ProductInput, onHandOf, type AdminProduct, optionTexts, type OptionText } from "~/models/catalogue/index.server";
import { DEFAULT_LOW_STOCK_THRESHOLD } from "~/shared/product";
import { productFormSchema, productInputFromForm, type ProductFormMode } from "~/shared/admin-schemas";
import { jsonError, readJsonBody } from "~/utils/api.server";
import { bilingual, bilingualFieldErrors } from "~/i18n/bilingual.server";
import { readFormData } from "~/utils/form-data.server";

type Bilingual = { en?: unknown; ar?: unknown } | undefined;

function text(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const string = String(value).trim();
  return string === "" ? undefined : string;
}

function flag(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "on" || value === "1") return true;
  if (value === "false" || value === "0") return false;
  return undefined;
}

function object(value: unknown): Record<string, unknown> {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function isObject(value: unknown): value is Record<string, unknown> {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

/** Multipart clients send nested fields as JSON text; JSON clients send them as they are, in one object. */
async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!type.includes("multipart/form-data") && !type.includes("application/x-www-form-urlencoded")) {
    const body = await readJsonBody(request);
    if (!isObject(body)) throw jsonError(400, bilingual("admin.validation.adminProductBodyInvalid"));
    return body;
  }
  const form = await readFormData(request);
  const body: Record<string, unknown> = {};
  for (const [key, value] of form) {
    if (typeof value !== "string") continue;
    try {
      body[key] = JSON.parse(value);
    } catch {
      body[key] = value;
    }
  }
  return body;
}

type OptionFormRow = { nameEn?: string; nameAr?: string; valuesEn?: string; valuesAr?: string };

/** CONTRACT.md's `options` as the form's rows: values one per line. */
function optionRowsFromApi(body: Record<string, unknown>, existing?: AdminProduct): OptionFormRow[] | undefined {
  if (Array.isArray(body.options)) {
    return body.options.map((entry) => {
      const record = object(entry);
      const name = object(record.name) as Bilingual;
      const values = Array.isArray(record.values) ? record.values.map((value) => object(value)) : [];
      const line = (language: "en" | "ar") => values.map((value) => (text(value[language]) ?? "").replace(/\s+/g, " ")).join("\n");
      return { nameEn: text(name?.en), nameAr: text(name?.ar), valuesEn: line("en") || undefined, valuesAr: line("ar") || undefined };
    });
  }
  if (!existing?.hasOptions) return undefined;
  return existing.options.map((option) => {
    const values = optionTexts(option.values);
    return { nameEn: option.nameEn, nameAr: option.nameAr, valuesEn: values.map((value) => value.en).join("\n"), valuesAr: values.map((value) => value.ar).join("\n") };
  });
}

/** A variant's values as the grid's key: each value's position in its option, found by its English or Arabic text. */
function keyOf(values: OptionText[], options: OptionFormRow[]): string {
  return options
    .map((option, index) => {
      const en = (option.valuesEn ?? "").split("\n");
      const ar = (option.valuesAr ?? "").split("\n");
      const value = values[index];
      const position = value ? en.findIndex((candidate, at) => candidate === value.en.trim() || ar[at] === value.ar.trim()) : -1;
      return position < 0 ? "x" : String(position);
    })
    .join(".");
}

/** CONTRACT.md's `variants` as the grid's rows; a variant without `_id` is new, one without stock keeps its count. */
function variantRowsFromApi(body: Record<string, unknown>, options: OptionFormRow[] | undefined, images: string[], existing?: AdminProduct) {
  if (!options?.length) return undefined;
  const stored = new Map((existing?.variants ?? []).map((variant) => [variant.id, variant]));
  const kd = (fils: number | null) => (fils === null ? undefined : String(fils / 1000));
  if (!Array.isArray(body.variants)) {
    if (!existing?.hasOptions) return undefined;
    return existing.variants.map((variant) => ({
      id: variant.id,
      key: keyOf(optionTexts(variant.optionValues), options),
      sku: variant.sku || undefined,
      price: kd(variant.priceFils),
      priceBeforeDiscount: kd(variant.priceBeforeDiscountFils),
      stockQuantity: String(variant.stockQuantity + variant.heldQuantity),
      isAvailable: variant.isAvailable,
      // A stored picture no longer among the product's (or typed before issue 43) leaves the variant the product's.
      imageUrl: variant.imageUrl && images.includes(variant.imageUrl) ? variant.imageUrl : undefined,
    }));
  }
  return body.variants.map((entry) => {
    const record = object(entry);
    const id = text(record._id);
    const before = stored.get(id ?? "");
    const values = Array.isArray(record.optionValues) ? optionTexts(record.optionValues.map((value) => object(value)) as never) : [];
    return {
      id,
      key: keyOf(values, options),
      sku: text(record.sku),
      price: text(record.price),
      priceBeforeDiscount: text(record.priceBeforeDiscount),
      stockQuantity: text(record.stockQuantity) ?? (before ? String(before.stockQuantity + before.heldQuantity) : "0"),
      isAvailable: flag(record.isAvailable) ?? before?.isAvailable ?? true,
      imageUrl: text(record.imageUrl),
    };
  });
}

const BILINGUAL_FIELDS = ["name"] as const;
const OBJECT_FIELDS = ["description", "color"] as const;
const BOOLEAN_FIELDS = ["hasDiscount", "isAvailable", "isNewArrivals", "isNewArrival"] as const;
const LIST_FIELDS = ["options", "variants", "customTags", "gallery"] as const;

/**
 * The payload's fields of the wrong kind, by their API names. The mapping below reads what it does not understand as
 * "left out" (an update keeps the stored value), so without this an update with `"options": "x"` would answer that
 * it was saved while nothing changed.
 */
function shapeErrors(body: Record<string, unknown>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const sent = (field: string) => body[field] !== undefined;
  for (const field of BILINGUAL_FIELDS) {
    const value = body[field];
    const halvesAreText = isObject(value) && ["en", "ar"].every((half) => value[half] === undefined || typeof value[half] === "string" || typeof value[half] === "number");
    if (sent(field) && !halvesAreText) errors[field] = ["admin.validation.adminBilingualInvalid"];
  }
  for (const field of OBJECT_FIELDS) if (sent(field) && body[field] !== null && !isObject(body[field])) errors[field] = ["admin.validation.adminObjectInvalid"];
  for (const field of BOOLEAN_FIELDS) if (sent(field) && flag(body[field]) === undefined) errors[field] = ["admin.validation.adminBooleanInvalid"];
  for (const field of LIST_FIELDS) if (sent(field) && !Array.isArray(body[field])) errors[field] = ["admin.validation.adminListInvalid"];
  return errors;
}

/**
 * SPEC section 7's product payload, mapped onto the admin form's fields so the API and the page apply exactly the
 * same rules. On update, a field the caller leaves out keeps its stored value (PUT omits imageUrl and filterColor).
 */
export function productFormValueFromApi(body: Record<string, unknown>, existing?: AdminProduct) {
  const has = (key: string) => body[key] !== undefined;
  // A name, price or category that is sent replaces the stored one, so a blank or null is refused as missing.
  const sentOr = <T>(key: string, fromBody: T | undefined, stored: T | undefined) => (has(key) ? fromBody : stored);
  const name = object(body.name) as Bilingual;
  const description = object(body.description) as Bilingual;
  const color = object(body.color);
  const colorName = object(color.name) as Bilingual;
  const colorLevel = object(color.level) as Bilingual;
  const gallery = Array.isArray(body.gallery) ? body.gallery.map(String) : existing?.gallery.map((image) => image.url) ?? [];
  const imageUrl = text(body.imageUrl) ?? existing?.imageUrl;
  const tags = Array.isArray(body.customTags)
    ? body.customTags.map((tag) => {
        const record = object(tag);
        const title = object(record.title) as Bilingual;
        return { titleEn: text(title?.en), titleAr: text(title?.ar), required: flag(record.required) ?? false };
      })
    : existing?.customTags.map((tag) => ({ titleEn: tag.titleEn, titleAr: tag.titleAr, required: tag.required }));
  const pick = <T>(fromBody: T | undefined, stored: T | undefined) => (fromBody !== undefined ? fromBody : stored);
  const options = optionRowsFromApi(body, existing);
  const images = [...new Set([imageUrl, ...gallery].filter((url): url is string => Boolean(url)))];
  // With options the product's own stock is its variants' sum: a client need not send one.
  const stockDefault = options?.length ? "0" : undefined;
  return {
    options,
    variants: variantRowsFromApi(body, options, images, existing),
    nameEn: has("name") && name?.en !== undefined ? text(name.en) : existing?.nameEn,
    nameAr: has("name") && name?.ar !== undefined ? text(name.ar) : existing?.nameAr,
    descriptionEn: has("description") ? text(description?.en) : existing?.descriptionEn || undefined,
    descriptionAr: has("description") ? text(description?.ar) : existing?.descriptionAr || undefined,
    price: sentOr("price", text(body.price), existing ? String(existing.priceFils / 1000) : undefined),
    priceBeforeDiscount: has("priceBeforeDiscount")
      ? text(body.priceBeforeDiscount)
      : existing?.priceBeforeDiscountFils != null
        ? String(existing.priceBeforeDiscountFils / 1000)
        : undefined,
    stockQuantity: pick(text(body.stockQuantity), existing ? String(onHandOf(existing)) : stockDefault),
    lowStockThreshold: pick(text(body.lowStockThreshold), String(existing?.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD)),
    hasDiscount: pick(flag(body.hasDiscount), existing?.hasDiscount),
    isAvailable: pick(flag(body.isAvailable), existing?.isAvailable ?? true),
    isNewArrival: pick(flag(body.isNewArrivals ?? body.isNewArrival), existing?.isNewArrival),
    colorNameEn: has("color") ? text(colorName?.en) : existing?.colorNameEn ?? undefined,
    colorNameAr: has("color") ? text(colorName?.ar) : existing?.colorNameAr ?? undefined,
    colorLevelEn: has("color") ? text(colorLevel?.en) : existing?.colorLevelEn ?? undefined,
    colorLevelAr: has("color") ? text(colorLevel?.ar) : existing?.colorLevelAr ?? undefined,
    filterColor: has("filterColor") ? text(body.filterColor) : existing?.filterColor ?? undefined,
    categoryId: sentOr("categoryId", text(body.categoryId), existing?.categoryId),
    customTags: tags,
    images,
  };
}

/** Reads and checks a product payload; throws the 400 answer (with field errors) when it breaks a rule. */
export async function readProductInput(request: Request, mode: ProductFormMode, existing?: AdminProduct): Promise<ProductInput> {
  const body = await readBody(request);
  const value = productFormValueFromApi(body, existing);
  const parsed = productFormSchema(mode).safeParse(value);
  const errors = shapeErrors(body);
  if (!parsed.success || Object.keys(errors).length) {
    for (const issue of parsed.error?.issues ?? []) {
      const path = issue.path.map(String).join(".") || "form";
      (errors[path] ??= []).push(issue.message);
    }
    const fieldErrors = bilingualFieldErrors(errors);
    const first = Object.values(fieldErrors)[0]?.[0] ?? bilingual("admin.api.invalidProduct");
    throw jsonError(400, first, fieldErrors);
  }
  return productInputFromForm(parsed.data);
}
