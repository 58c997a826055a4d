/**
 * The catalogue as a spreadsheet (issue 49, CONTRACT.md "Catalogue in a spreadsheet",
 * docs/decisions/0092-catalogue-spreadsheet.md): one row per variant out, and the same rows back in as a plan of what
 * would change, refused whole with every bad cell named, then written in one transaction by the same rules as the
 * product form's writes, a few statements for the whole file (catalogue-sheet-write.server.ts). The bulk edits of the
 * products list are rows too.
 */
import fs from "node:fs";
import path from "node:path";
import { prisma, type Prisma } from "~/db.server";
import { recordAudit, type AuditActor } from "~/models/shop/index.server";
import { OWN_IMAGE_URL } from "~/shared/admin-schemas";
import type { BulkChange } from "~/shared/catalogue-sheet-schemas";
import { filsToKDInput, parseAmountToFils, parseKDToFils } from "~/shared/money-input";
import { westernDigits } from "~/shared/typed-digits";
import { getEnv } from "~/env.server";
import { onHandOf } from "./admin-product.server";
import { HeldMoved, readSheetProducts, writeSheetPlan, type PlannedWrite, type SheetInput, type SheetProduct } from "./catalogue-sheet-write.server";
import { optionTexts, type OptionText } from "./product-variant.server";
import { noticeStockReturned } from "./stock-notice.server";
import { lockSkus, type VariantInput } from "./variant-write.server";

export const SHEET_COLUMNS = [
  "product_id",
  "variant_id",
  "sku",
  "category",
  "name_en",
  "name_ar",
  "description_en",
  "description_ar",
  "option1_name_en",
  "option1_name_ar",
  "option1_value_en",
  "option1_value_ar",
  "option2_name_en",
  "option2_name_ar",
  "option2_value_en",
  "option2_value_ar",
  "price",
  "price_before_discount",
  "stock",
  "visible",
  "image_url",
] as const;
export type SheetColumn = (typeof SHEET_COLUMNS)[number];
export type SheetRow = Record<SheetColumn, string>;
/** A row of the file: its number as the spreadsheet shows it (the header is row 1) and its cells. */
export type NumberedRow = { row: number; cells: SheetRow };

/** The columns a product's rows share: a later row of the product must repeat its first row's. */
const PRODUCT_COLUMNS = ["category", "name_en", "name_ar", "description_en", "description_ar", "option1_name_en", "option1_name_ar", "option2_name_en", "option2_name_ar", "visible"] as const;
const OPTION_COLUMNS = [
  { nameEn: "option1_name_en", nameAr: "option1_name_ar", valueEn: "option1_value_en", valueAr: "option1_value_ar" },
  { nameEn: "option2_name_en", nameAr: "option2_name_ar", valueEn: "option2_value_en", valueAr: "option2_value_ar" },
] as const;
const MAX_STOCK = 1_000_000;

export type SheetProblem =
  | "missingColumn"
  | "unclosedQuote"
  | "noRows"
  | "required"
  | "price"
  | "beforeDiscount"
  | "negativeStock"
  | "stock"
  | "visible"
  | "category"
  | "image"
  | "unknownVariant"
  | "unknownProduct"
  | "otherProduct"
  | "options"
  | "duplicateSku"
  | "skuTaken"
  | "duplicateVariant"
  | "repeatedVariant"
  | "belowHeld"
  | "differsFromRow";

export type SheetError = { row: number; column: SheetColumn | null; problem: SheetProblem; params?: Record<string, string | number> };

/** One cell that would change: the product it belongs to, and the cell's old and new text as the sheet writes it. */
export type SheetChange = { row: number; nameEn: string; nameAr: string; column: SheetColumn; from: string; to: string };
export type SheetCreation = { row: number; nameEn: string; nameAr: string; values: OptionText[]; newProduct: boolean };

export type SheetPlan = {
  created: number;
  updated: number;
  unchanged: number;
  changes: SheetChange[];
  creations: SheetCreation[];
  writes: PlannedWrite[];
  /** each sku a row gives a variant that has it not yet, and that row: checked again as the plan is written */
  claimedSkus: Map<string, number>;
  /** rows of an export of this shop whose stock still read what the export showed, while the shop's has moved since */
  stockKept: number;
};

export type SheetPlanResult = { ok: true; plan: SheetPlan } | { ok: false; errors: SheetError[] };

const YES = new Set(["yes", "true", "1", "نعم", "y"]);
const NO = new Set(["no", "false", "0", "لا", "n"]);

/** The product's rows as the sheet writes them: a product without options is one row, its variant's id being its own. */
export function sheetRowsOf(product: SheetProduct): SheetRow[] {
  const options = product.hasOptions ? product.options : [];
  const common = {
    product_id: product.id,
    category: product.category.nameEn,
    name_en: product.nameEn,
    name_ar: product.nameAr,
    description_en: product.descriptionEn,
    description_ar: product.descriptionAr,
    option1_name_en: options[0]?.nameEn ?? "",
    option1_name_ar: options[0]?.nameAr ?? "",
    option2_name_en: options[1]?.nameEn ?? "",
    option2_name_ar: options[1]?.nameAr ?? "",
    visible: product.isVisible ? "yes" : "no",
  };
  if (!product.hasOptions) {
    const own = product.variants.find((variant) => variant.id === product.id);
    return [
      {
        ...common,
        variant_id: product.id,
        sku: own?.sku ?? "",
        option1_value_en: "",
        option1_value_ar: "",
        option2_value_en: "",
        option2_value_ar: "",
        price: filsToKDInput(product.priceFils),
        price_before_discount: product.priceBeforeDiscountFils === null ? "" : filsToKDInput(product.priceBeforeDiscountFils),
        stock: String(onHandOf(product)),
        image_url: product.imageUrl,
      },
    ];
  }
  return product.variants.map((variant) => {
    const values = optionTexts(variant.optionValues);
    return {
      ...common,
      variant_id: variant.id,
      sku: variant.sku,
      option1_value_en: values[0]?.en ?? "",
      option1_value_ar: values[0]?.ar ?? "",
      option2_value_en: values[1]?.en ?? "",
      option2_value_ar: values[1]?.ar ?? "",
      price: filsToKDInput(variant.priceFils),
      price_before_discount: variant.priceBeforeDiscountFils === null ? "" : filsToKDInput(variant.priceBeforeDiscountFils),
      stock: String(variant.stockQuantity + variant.heldQuantity),
      image_url: variant.imageUrl ?? "",
    };
  });
}

/** Every product and variant shown, as rows (the export). */
export async function listCatalogueSheet(): Promise<SheetRow[]> {
  return (await readSheetProducts(prisma)).flatMap(sheetRowsOf);
}

/** A cell as written before the export's formula guard ("'=Hair clip" back to "=Hair clip"), so a round trip changes nothing. */
function unneutralized(cell: string): string {
  return /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell) ? cell.slice(1) : cell;
}

/** The spreadsheet's header and records as rows by column name, or the columns it lacks. */
export function sheetRowsFromRecords(records: { row: number; cells: string[] }[]): { ok: true; rows: NumberedRow[] } | { ok: false; errors: SheetError[] } {
  const [header, ...body] = records;
  if (!header) return { ok: false, errors: [{ row: 1, column: null, problem: "noRows" }] };
  const names = header.cells.map((cell) => cell.trim().toLowerCase());
  const missing = SHEET_COLUMNS.filter((column) => !names.includes(column));
  if (missing.length) return { ok: false, errors: missing.map((column) => ({ row: header.row, column, problem: "missingColumn" as const })) };
  const at = Object.fromEntries(SHEET_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<SheetColumn, number>;
  const rows = body
    .map((record) => ({ row: record.row, cells: Object.fromEntries(SHEET_COLUMNS.map((column) => [column, unneutralized((record.cells[at[column]] ?? "").trim())])) as SheetRow }))
    .filter((entry) => Object.values(entry.cells).some((cell) => cell !== ""));
  if (rows.length === 0) return { ok: false, errors: [{ row: 2, column: null, problem: "noRows" }] };
  return { ok: true, rows };
}

/** What the rows start from for a product as it is now: the import changes only what its rows name. */
function sheetInputOf(product: SheetProduct): SheetInput {
  return {
    nameEn: product.nameEn,
    nameAr: product.nameAr,
    descriptionEn: product.descriptionEn,
    descriptionAr: product.descriptionAr,
    priceFils: product.priceFils,
    priceBeforeDiscountFils: product.priceBeforeDiscountFils,
    hasDiscount: product.hasDiscount,
    stockQuantity: onHandOf(product),
    imageUrl: product.imageUrl,
    categoryId: product.categoryId,
    options: product.hasOptions ? product.options.map((option) => ({ nameEn: option.nameEn, nameAr: option.nameAr, values: optionTexts(option.values) })) : [],
    variants: product.hasOptions
      ? product.variants.map((variant) => ({
          id: variant.id,
          sku: variant.sku,
          optionValues: optionTexts(variant.optionValues),
          priceFils: variant.priceFils,
          priceBeforeDiscountFils: variant.priceBeforeDiscountFils,
          stockQuantity: variant.stockQuantity + variant.heldQuantity,
          isAvailable: variant.isAvailable,
          imageUrl: variant.imageUrl,
        }))
      : [],
  };
}

type Group = { product: SheetProduct | null; rows: { row: NumberedRow; variantId: string | null }[] };

/** What the shop knows to read the rows against, read once. */
async function readCatalogue() {
  const [products, categories, gallery] = await Promise.all([
    readSheetProducts(prisma),
    prisma.category.findMany({ select: { id: true, nameEn: true, slug: true } }),
    prisma.productImage.findMany({ select: { url: true }, distinct: ["url"] }),
  ]);
  const products_ = new Map(products.map((product) => [product.id, product]));
  const variants = new Map<string, SheetProduct>();
  const skuOwners = new Map<string, Set<string>>();
  const skuProducts = new Map<string, SheetProduct>();
  const images = new Set(gallery.map((image) => image.url));
  for (const product of products) {
    images.add(product.imageUrl);
    variants.set(product.id, product);
    for (const variant of product.variants) {
      variants.set(variant.id, product);
      if (variant.imageUrl) images.add(variant.imageUrl);
      if (!variant.sku) continue;
      skuOwners.set(variant.sku, (skuOwners.get(variant.sku) ?? new Set()).add(product.hasOptions ? variant.id : product.id));
      skuProducts.set(variant.sku, product);
    }
  }
  const byName = new Map<string, string>();
  for (const category of categories) {
    byName.set(category.slug.toLowerCase(), category.id);
    byName.set(category.nameEn.trim().toLowerCase(), category.id);
  }
  // A sku names a variant only when exactly one has it (the form never made them unique).
  const skus = new Map<string, { product: SheetProduct; variantId: string }>();
  for (const [sku, owners] of skuOwners) if (owners.size === 1) skus.set(sku, { product: skuProducts.get(sku)!, variantId: [...owners][0] });
  return { products: products_, variants, skus, skuOwners, images, categories: byName, categoryNames: new Map(categories.map((category) => [category.id, category.nameEn])) };
}

type Catalogue = Awaited<ReturnType<typeof readCatalogue>>;

/** A picture the shop stored: one a product shows already, or a file under the uploads folder. */
function isShopImage(url: string, catalogue: Catalogue, known: Map<string, boolean>): boolean {
  if (!OWN_IMAGE_URL.test(url)) return false;
  if (catalogue.images.has(url)) return true;
  let stored = known.get(url);
  if (stored === undefined) {
    stored = fs.existsSync(path.join(getEnv().uploadsDir, url.slice("/uploads/".length)));
    known.set(url, stored);
  }
  return stored;
}

function sameValues(a: OptionText[], b: OptionText[]): boolean {
  return a.length === b.length && a.every((value, index) => value.en === b[index]?.en);
}

/**
 * The rows read against the catalogue: what each would create or change, or every error of every row (the whole
 * file is refused by any one). Changes are told cell by cell against the rows the export writes, so a file exported
 * and imported unchanged plans nothing.
 */
export async function planCatalogueSheet(fileRows: NumberedRow[], exportedStock: Map<string, string> | null = null): Promise<SheetPlanResult> {
  const catalogue = await readCatalogue();
  const errors: SheetError[] = [];
  const fail = (row: number, column: SheetColumn | null, problem: SheetProblem, params?: SheetError["params"]) => errors.push({ row, column, problem, ...(params ? { params } : {}) });
  const { rows, kept: stockKept } = keepingStockSinceExport(fileRows, exportedStock, catalogue.products.values());

  // Which product and variant each row is: variant_id, then sku, then product_id; else a new product.
  const groups = new Map<string, Group>();
  const newGroups: Group[] = [];
  for (const [at, entry] of rows.entries()) {
    const { cells, row } = entry;
    let product: SheetProduct | null = null;
    let variantId: string | null = null;
    if (cells.variant_id) {
      product = catalogue.variants.get(cells.variant_id) ?? null;
      if (!product) {
        fail(row, "variant_id", "unknownVariant");
        continue;
      }
      variantId = cells.variant_id;
    } else if (cells.sku && catalogue.skus.has(cells.sku)) {
      ({ product, variantId } = catalogue.skus.get(cells.sku)!);
    } else if (cells.product_id) {
      product = catalogue.products.get(cells.product_id) ?? null;
      if (!product) {
        fail(row, "product_id", "unknownProduct");
        continue;
      }
      if (!product.hasOptions) variantId = product.id;
    }
    if (product && cells.product_id && cells.product_id !== product.id) {
      fail(row, "product_id", "otherProduct");
      continue;
    }
    if (product) {
      const group = groups.get(product.id) ?? { product, rows: [] };
      // One variant on two rows would be written twice, the last row silently winning (probe 10).
      if (product.hasOptions && variantId && group.rows.some((other) => other.variantId === variantId)) {
        fail(row, "variant_id", "repeatedVariant");
        continue;
      }
      group.rows.push({ row: entry, variantId });
      groups.set(product.id, group);
      continue;
    }
    // A row of a new product joins the one above it when both name the same product and it has options.
    const last = newGroups.at(-1);
    const first = last?.rows[0]?.row.cells;
    if (last && first && first.name_en === cells.name_en && first.option1_name_en !== "" && last.rows.at(-1)?.row === rows[at - 1]) {
      last.rows.push({ row: entry, variantId: null });
    } else newGroups.push({ product: null, rows: [{ row: entry, variantId: null }] });
  }

  const writes: PlannedWrite[] = [];
  const changes: SheetChange[] = [];
  const creations: SheetCreation[] = [];
  let created = 0;
  let updated = 0;
  let unchanged = 0;
  const imagesKnown = new Map<string, boolean>();
  // A sku a row gives (new, or other than its variant's now) must be no one else's; a row keeping its own is never
  // refused, so a shop whose old variants share a sku still exports and imports unchanged.
  const givenSkus = new Map<string, number>();
  const claimSku = (sku: string, variantId: string | null, row: number, current: string | undefined) => {
    if (!sku || (variantId !== null && current === sku)) return;
    const earlier = givenSkus.get(sku);
    if (earlier !== undefined) fail(row, "sku", "duplicateSku", { row: earlier });
    else if ([...(catalogue.skuOwners.get(sku) ?? [])].some((owner) => owner !== variantId && !releasedSkus.has(owner))) fail(row, "sku", "skuTaken");
    givenSkus.set(sku, row);
  };
  /** variants whose sku some row changes: their old sku is free for another row */
  const releasedSkus = new Set<string>();
  for (const group of groups.values()) {
    const current = new Map(sheetRowsOf(group.product!).map((sheetRow) => [sheetRow.variant_id, sheetRow.sku]));
    for (const { row, variantId } of group.rows) if (variantId && current.get(variantId) !== row.cells.sku) releasedSkus.add(variantId);
  }

  for (const group of [...groups.values(), ...newGroups]) {
    const first = group.rows[0].row;
    for (const { row } of group.rows.slice(1)) {
      for (const column of PRODUCT_COLUMNS) {
        if (row.cells[column] !== first.cells[column]) fail(row.row, column, "differsFromRow", { row: first.row });
      }
    }
    const existing = group.product;
    const input: SheetInput = existing ? sheetInputOf(existing) : newSheetInput();
    const categoryId = readCategory(first, catalogue, fail);
    if (categoryId) input.categoryId = categoryId;
    for (const [column, field] of [["name_en", "nameEn"], ["name_ar", "nameAr"]] as const) {
      if (!first.cells[column]) fail(first.row, column, "required");
      else input[field] = first.cells[column];
    }
    input.descriptionEn = first.cells.description_en;
    input.descriptionAr = first.cells.description_ar;
    const visible = readVisible(first, fail);
    const isVisible = visible ?? (existing ? existing.isVisible : true);

    // The product's options: an existing product keeps its own; a new one takes its first row's names.
    const optionNames = OPTION_COLUMNS.map((columns) => ({ nameEn: first.cells[columns.nameEn], nameAr: first.cells[columns.nameAr] })).filter((name) => name.nameEn || name.nameAr);
    if (existing) {
      const own = existing.hasOptions ? existing.options : [];
      const matches = own.length <= 2 && optionNames.length === own.length && own.every((option, index) => option.nameEn === optionNames[index]?.nameEn && option.nameAr === optionNames[index]?.nameAr);
      if (!matches) fail(first.row, "option1_name_en", "options", { expected: own.map((option) => option.nameEn).join(", ") || "—" });
    } else {
      if (optionNames.some((name) => !name.nameEn || !name.nameAr) || (!first.cells.option1_name_en && first.cells.option2_name_en)) fail(first.row, "option1_name_en", "options", { expected: "—" });
      input.options = optionNames.map((name) => ({ nameEn: name.nameEn, nameAr: name.nameAr, values: [] }));
    }
    const withOptions = input.options.length > 0;
    if (!withOptions && group.rows.length > 1) for (const { row } of group.rows.slice(1)) fail(row.row, "variant_id", "duplicateVariant");

    let productChanged = false;
    let stockRaised = false;
    let ownSku: string | null = null;
    const variantRows = new Map<string, number>();
    const currentRows = existing ? new Map(sheetRowsOf(existing).map((sheetRow) => [sheetRow.variant_id, sheetRow])) : new Map<string, SheetRow>();
    for (const [index, { row, variantId }] of group.rows.entries()) {
      const cells = row.cells;
      const priceFils = readPrice(row, fail);
      const beforeFils = readBeforeDiscount(row, priceFils, fail);
      const onHand = readStock(row, fail);
      const imageUrl = cells.image_url;
      const values = readOptionValues(row, input.options.length, fail);
      if (imageUrl && !isShopImage(imageUrl, catalogue, imagesKnown)) fail(row.row, "image_url", "image");
      claimSku(cells.sku, variantId, row.row, variantId ? currentRows.get(variantId)?.sku : undefined);
      if (!withOptions) {
        if (!imageUrl) fail(row.row, "image_url", "required");
        if (values.some((value) => value.en || value.ar)) fail(row.row, "option1_value_en", "options", { expected: "—" });
        if (index > 0) continue;
        if (existing && onHand !== null && onHand < existing.heldQuantity) fail(row.row, "stock", "belowHeld", { held: existing.heldQuantity });
        if (existing && onHand !== null && onHand > onHandOf(existing)) stockRaised = true;
        input.priceFils = priceFils ?? input.priceFils;
        input.priceBeforeDiscountFils = beforeFils;
        input.hasDiscount = beforeFils !== null;
        input.stockQuantity = onHand ?? input.stockQuantity;
        input.imageUrl = imageUrl || input.imageUrl;
        if (currentRows.get(existing?.id ?? "")?.sku !== cells.sku) ownSku = cells.sku;
      } else {
        const variant = readVariant(row, values, input, existing, variantId, fail);
        if (!variant) continue;
        if (existing && variantId) {
          variantRows.set(variantId, row.row);
          const held = existing.variants.find((candidate) => candidate.id === variantId)?.heldQuantity ?? 0;
          if (onHand !== null && onHand < held) fail(row.row, "stock", "belowHeld", { held });
          if (onHand !== null && onHand > variant.stockQuantity) stockRaised = true;
        }
        variant.sku = cells.sku;
        variant.priceFils = priceFils ?? variant.priceFils;
        variant.priceBeforeDiscountFils = beforeFils;
        variant.stockQuantity = onHand ?? variant.stockQuantity;
        variant.imageUrl = imageUrl || null;
        if (!existing && index === 0) {
          if (!imageUrl) fail(row.row, "image_url", "required");
          input.imageUrl = imageUrl;
        }
      }
      // What the row would change, cell by cell, against the row the export writes now.
      const now = variantId ? currentRows.get(variantId) : undefined;
      if (!now) {
        created += 1;
        creations.push({ row: row.row, nameEn: input.nameEn, nameAr: input.nameAr, values, newProduct: !existing });
        productChanged = true;
        continue;
      }
      const next: SheetRow = { ...cells, category: catalogue.categoryNames.get(input.categoryId) ?? cells.category, visible: isVisible ? "yes" : "no", price: priceFils === null ? cells.price : filsToKDInput(priceFils), price_before_discount: beforeFils === null ? "" : filsToKDInput(beforeFils), stock: onHand === null ? cells.stock : String(onHand), product_id: now.product_id, variant_id: now.variant_id };
      const rowChanges = SHEET_COLUMNS.filter((column) => next[column] !== now[column]);
      for (const column of rowChanges) changes.push({ row: row.row, nameEn: input.nameEn, nameAr: input.nameAr, column, from: now[column], to: next[column] });
      if (rowChanges.length) {
        updated += 1;
        productChanged = true;
      } else unchanged += 1;
    }
    if (withOptions && !existing && input.variants.length) {
      // A new product's own row carries its variants' lowest price and their sum, as the form's writeOptions leaves it.
      input.priceFils = Math.min(...input.variants.map((variant) => variant.priceFils));
      input.stockQuantity = input.variants.reduce((sum, variant) => sum + variant.stockQuantity, 0);
    }
    if (!productChanged) continue;
    if (existing) writes.push({ kind: "update", row: first.row, rows: variantRows, product: existing, input, isVisible: isVisible === existing.isVisible ? null : isVisible, ownSku, stockRaised });
    else writes.push({ kind: "create", input, isVisible, ownSku });
  }
  if (errors.length) return { ok: false, errors: errors.sort((a, b) => a.row - b.row || SHEET_COLUMNS.indexOf(a.column ?? "product_id") - SHEET_COLUMNS.indexOf(b.column ?? "product_id")) };
  return { ok: true, plan: { created, updated, unchanged, changes, creations, writes, claimedSkus: givenSkus, stockKept } };
}

/**
 * The rows of a file this shop exported (`exportedStock`, the stock each of its rows showed then) with the shop's stock
 * now in each row whose stock cell still reads what the export showed: the owner did not type it, and the sales,
 * returns and restocks made since the export would otherwise be undone by the import. A cell she changed is hers.
 */
function keepingStockSinceExport(rows: NumberedRow[], exportedStock: Map<string, string> | null, products: Iterable<SheetProduct>) {
  if (!exportedStock) return { rows, kept: 0 };
  const now = new Map<string, string>();
  for (const product of products) for (const sheetRow of sheetRowsOf(product)) now.set(sheetRow.variant_id, sheetRow.stock);
  let kept = 0;
  const keeping = rows.map((entry) => {
    const shown = exportedStock.get(entry.cells.variant_id);
    const current = now.get(entry.cells.variant_id);
    if (shown === undefined || current === undefined || current === shown) return entry;
    // Read as the plan reads it, so "١٠" or " 10" is the 10 the export wrote.
    if (readStock(entry, () => undefined) !== Number(shown)) return entry;
    kept += 1;
    return { ...entry, cells: { ...entry.cells, stock: current } };
  });
  return { rows: keeping, kept };
}

function newSheetInput(): SheetInput {
  return { nameEn: "", nameAr: "", descriptionEn: "", descriptionAr: "", priceFils: 0, priceBeforeDiscountFils: null, hasDiscount: false, stockQuantity: 0, imageUrl: "", categoryId: "", options: [], variants: [] };
}

type Fail = (row: number, column: SheetColumn | null, problem: SheetProblem, params?: SheetError["params"]) => void;

function readCategory(row: NumberedRow, catalogue: Catalogue, fail: Fail): string | null {
  const name = row.cells.category.toLowerCase();
  if (!name) {
    fail(row.row, "category", "required");
    return null;
  }
  const id = catalogue.categories.get(name);
  if (!id) fail(row.row, "category", "category", { name: row.cells.category });
  return id ?? null;
}

function readVisible(row: NumberedRow, fail: Fail): boolean | null {
  const text = row.cells.visible.toLowerCase();
  if (!text) return null;
  if (YES.has(text)) return true;
  if (NO.has(text)) return false;
  fail(row.row, "visible", "visible");
  return null;
}

function readPrice(row: NumberedRow, fail: Fail): number | null {
  if (!row.cells.price) {
    fail(row.row, "price", "required");
    return null;
  }
  // From 0, as the product form takes it (SPEC: a price >= 0), so the shop's own export of a free item comes back.
  const fils = parseAmountToFils(row.cells.price);
  if (fils === null) fail(row.row, "price", "price");
  return fils;
}

function readBeforeDiscount(row: NumberedRow, priceFils: number | null, fail: Fail): number | null {
  if (!row.cells.price_before_discount) return null;
  const fils = parseAmountToFils(row.cells.price_before_discount);
  if (fils === null || (priceFils !== null && fils <= priceFils)) {
    fail(row.row, "price_before_discount", "beforeDiscount");
    return null;
  }
  return fils;
}

function readStock(row: NumberedRow, fail: Fail): number | null {
  const text = westernDigits(row.cells.stock).replace(/\u2212/g, "-");
  if (!text) {
    fail(row.row, "stock", "required");
    return null;
  }
  if (/^-\s*\d+$/.test(text)) {
    fail(row.row, "stock", "negativeStock");
    return null;
  }
  if (!/^\d+$/.test(text) || Number(text) > MAX_STOCK) {
    fail(row.row, "stock", "stock");
    return null;
  }
  return Number(text);
}

function readOptionValues(row: NumberedRow, count: number, fail: Fail): OptionText[] {
  return OPTION_COLUMNS.flatMap((columns, index) => {
    const value = { en: row.cells[columns.valueEn], ar: row.cells[columns.valueAr] };
    if (index >= count) return value.en || value.ar ? [value] : [];
    if (!value.en || !value.ar) fail(row.row, value.en ? columns.valueAr : columns.valueEn, "required");
    return [value];
  });
}

/**
 * The variant a row of a product with options writes: the one it matched, or a new one. An existing product's values
 * must be among its options' own; a new product's options gather their values from its rows.
 */
function readVariant(row: NumberedRow, values: OptionText[], input: SheetInput, existing: SheetProduct | null, variantId: string | null, fail: Fail): VariantInput | null {
  if (values.length > input.options.length) {
    fail(row.row, OPTION_COLUMNS[input.options.length]?.valueEn ?? "option2_value_en", "options", { expected: "—" });
    return null;
  }
  for (const [index, value] of values.entries()) {
    const option = input.options[index];
    const known = option.values.find((candidate) => candidate.en === value.en);
    if (known && known.ar === value.ar) continue;
    if (existing || known) {
      fail(row.row, OPTION_COLUMNS[index].valueEn, "options", { expected: option.values.map((candidate) => candidate.en).join(", ") });
      return null;
    }
    option.values.push(value);
  }
  const same = input.variants.find((variant) => variant.id !== variantId && sameValues(variant.optionValues, values));
  if (same) {
    fail(row.row, "option1_value_en", "duplicateVariant");
    return null;
  }
  const matched = variantId ? input.variants.find((variant) => variant.id === variantId) : undefined;
  if (matched) {
    if (!sameValues(matched.optionValues, values)) {
      fail(row.row, "option1_value_en", "options", { expected: matched.optionValues.map((value) => value.en).join(" / ") });
      return null;
    }
    return matched;
  }
  const variant: VariantInput = { id: null, sku: "", optionValues: values, priceFils: 0, priceBeforeDiscountFils: null, stockQuantity: 0, isAvailable: true, imageUrl: null };
  input.variants.push(variant);
  return variant;
}

/** A sku the plan gives that another variant took since the plan was read: the import is rolled back and refused by this row. */
class SkuClaimed extends Error {
  constructor(readonly row: number) {
    super("sku taken since the plan");
  }
}

/**
 * After the plan's writes, under its skus' locks: each sku it gave must be that one variant's. Another save (the product
 * form, the API, another import) that gave one of them to another variant after the plan was read committed first,
 * and this statement sees it.
 */
async function refuseSharedSkus(tx: Prisma.TransactionClient, claimed: Map<string, number>) {
  const skus = [...claimed.keys()];
  for (let at = 0; at < skus.length; at += SKU_CHUNK) {
    const counted = await tx.productVariant.groupBy({ by: ["sku"], where: { sku: { in: skus.slice(at, at + SKU_CHUNK) } }, _count: { _all: true } });
    const rows = counted.filter((entry) => entry._count._all > 1).map((entry) => claimed.get(entry.sku)!);
    if (rows.length) throw new SkuClaimed(Math.min(...rows));
  }
}

const SKU_CHUNK = 400;

export type SheetApplyResult = { ok: true; created: number; updated: number; unchanged: number } | { ok: false; errors: SheetError[] };

/**
 * The plan written in one transaction, so the catalogue moves once and a refusal half-way (units held since the
 * preview) leaves everything as it was; one entry in the activity log with the counts and the file's name. Shoppers
 * waiting for a product whose stock rose hear of it afterwards, as after the product form.
 */
export async function applyCatalogueSheet(plan: SheetPlan, { actor, fileName }: { actor: AuditActor; fileName: string }): Promise<SheetApplyResult> {
  let raised: string[] = [];
  try {
    await prisma.$transaction(
      async (tx) => {
        await lockSkus(tx, plan.claimedSkus.keys());
        raised = await writeSheetPlan(tx, plan.writes);
        await refuseSharedSkus(tx, plan.claimedSkus);
        await recordAudit(tx, {
          actor,
          action: "import",
          entityType: "product",
          entityId: fileName || "-",
          params: { file: fileName.slice(0, 120), created: plan.created, updated: plan.updated, unchanged: plan.unchanged },
        });
      },
      { maxWait: 15_000, timeout: 120_000 },
    );
  } catch (error) {
    if (error instanceof HeldMoved) return { ok: false, errors: [{ row: error.row, column: "stock", problem: "belowHeld", params: { held: error.held } }] };
    if (error instanceof SkuClaimed) return { ok: false, errors: [{ row: error.row, column: "sku", problem: "skuTaken" }] };
    throw error;
  }
  noticeStockReturned(raised);
  return { ok: true, created: plan.created, updated: plan.updated, unchanged: plan.unchanged };
}

/** A signed figure as typed ("-10", "2.5", "٥"): fils (×1000) for an amount of KD, else the whole number, or null. */
function signedThousandths(value: string): number | null {
  const typed = westernDigits(value).trim().replace(/[\u066B,]/g, ".");
  const negative = typed.startsWith("-");
  const fils = parseKDToFils(typed.replace(/^[-+]/, ""));
  return fils === null ? null : negative ? -fils : fils;
}

/**
 * The products list's bulk change as the sheet's rows: every variant of the selected products, and each selected
 * variant, with its price or stock moved by a percent or an amount. The rows then go through the import's plan and
 * write like any file's, so the same rules refuse a price at or below zero, a negative stock or one below the held
 * units.
 */
export async function bulkSheetRows({ productIds, variantIds }: { productIds: string[]; variantIds: string[] }, change: BulkChange): Promise<SheetRow[] | null> {
  const by = signedThousandths(change.value);
  if (by === null || (change.field === "stock" && change.mode === "amount" && by % 1000 !== 0)) return null;
  const wantedProducts = new Set(productIds);
  const wantedVariants = new Set(variantIds);
  const owners = variantIds.length ? await prisma.productVariant.findMany({ where: { id: { in: variantIds }, isHidden: false }, select: { productId: true } }) : [];
  const products = await readSheetProducts(prisma, [...new Set([...productIds, ...owners.map((owner) => owner.productId)])]);
  const move = (current: number, unit: number) => (change.mode === "percent" ? Math.round((current * (100_000 + by)) / 100_000) : current + (by * unit) / 1000);
  const rows = products.flatMap(sheetRowsOf).filter((row) => wantedProducts.has(row.product_id) || wantedVariants.has(row.variant_id));
  return rows.map((row) => {
    if (change.field === "price") return { ...row, price: signedKD(move(parseKDToFils(row.price) ?? 0, 1000)) };
    return { ...row, stock: String(move(Number(row.stock), 1)) };
  });
}

/** Fils as the sheet writes an amount, a minus sign kept so that the plan refuses it by name. */
function signedKD(fils: number): string {
  return fils < 0 ? `-${filsToKDInput(-fils)}` : filsToKDInput(fils);
}
