import type { CartItem, CartProblem, CartView } from "~/shared/cart";
import crypto from "node:crypto";
import { MAX_LINE_QUANTITY, type CartLine } from "~/shared/cart-line";
import { localized, type Language } from "~/shared/language";
import { getProductsForSale, type ProductForSale, saleUnitOf, type SaleUnit } from "~/models/catalogue/index.server";
import { cachedCatalogue } from "~/models/shop/index.server";
import { HOLD_LIMITS } from "./stock-hold.server";

const MAX_LINES = 100;
const MAX_TAG_LENGTH = 200;

/**
 * A line is one product (or one variant of it) with one set of tag values; its id names it in forms without
 * revealing anything. A line without a variant keeps the id it has always had.
 */
export function cartLineId(line: Pick<CartLine, "productId" | "customTags" | "variantId">): string {
  const key = line.variantId ? [line.productId, line.customTags, line.variantId] : [line.productId, line.customTags];
  return crypto.createHash("sha256").update(JSON.stringify(key)).digest("base64url").slice(0, 16);
}

export type CartChange = { lines: CartLine[]; problem: CartProblem | null };

async function stockOf(productId: string): Promise<ProductForSale | null> {
  return (await getProductsForSale([productId])).get(productId) ?? null;
}

/** Units of every line: one order holds at most HOLD_LIMITS.heldUnits unpaid, which placing refuses past. */
function unitsInCart(lines: CartLine[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Units of one sale unit (a product without options, or one variant) across the cart's lines. */
function quantityInCart(lines: CartLine[], productId: string, unit: SaleUnit): number {
  return lines
    .filter((line) => line.productId === productId && (line.variantId ?? productId) === unit.variantId)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * How many of one sale unit the cart may hold: the stock, and no more than one order may hold unpaid (HOLD_LIMITS,
 * decision 0015), which placing refuses past; a cart that took more was refused only at Pay (probe 10). Either limit
 * is the same "stockLimit" to the shopper ("as many of this piece as can be ordered").
 */
function lineLimit(unit: SaleUnit): number {
  return Math.min(unit.stockQuantity, MAX_LINE_QUANTITY, HOLD_LIMITS.heldUnitsPerProduct);
}

/**
 * Adds one of a product (SPEC section 4: an existing line with the same tag values goes up by one, a new line
 * starts at one). Tag values are kept in the product's tag order; a blank required tag blocks the add, and the
 * quantity of one product across its lines never exceeds its stock.
 */
export async function addToCart(lines: CartLine[], productId: string, tagValues: string[], variantId?: string | null): Promise<CartChange> {
  const product = await stockOf(productId);
  if (!product) return { lines, problem: "notFound" };
  const unit = saleUnitOf(product, variantId);
  if (!unit) return { lines, problem: "variantRequired" };
  if (!unit.isAvailable || unit.stockQuantity <= 0) return { lines, problem: "outOfStock" };
  const customTags = product.customTags.map((_, index) => (tagValues[index] ?? "").trim().slice(0, MAX_TAG_LENGTH));
  if (product.customTags.some((tag, index) => tag.required && customTags[index] === "")) {
    return { lines, problem: "tagsRequired" };
  }
  if (quantityInCart(lines, productId, unit) + 1 > lineLimit(unit)) return { lines, problem: "stockLimit" };
  if (unitsInCart(lines) + 1 > HOLD_LIMITS.heldUnits) return { lines, problem: "cartFull" };
  // A product without options keeps today's line, without a variant.
  const variant = product.hasOptions ? { variantId: unit.variantId } : {};
  const id = cartLineId({ productId, customTags, ...variant });
  const existing = lines.find((line) => cartLineId(line) === id);
  if (existing) {
    return { lines: lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line)), problem: null };
  }
  if (lines.length >= MAX_LINES) return { lines, problem: "cartFull" };
  return { lines: [...lines, { productId, ...variant, quantity: 1, customTags }], problem: null };
}

/** A quantity below 1 is ignored (SPEC section 4); above what may be ordered (the stock, or one order's cap) it stops there. */
export async function setLineQuantity(lines: CartLine[], lineId: string, quantity: number): Promise<CartChange> {
  const target = lines.find((line) => cartLineId(line) === lineId);
  if (!target || !Number.isInteger(quantity) || quantity < 1) return { lines, problem: null };
  const product = await stockOf(target.productId);
  const unit = product ? saleUnitOf(product, target.variantId) : null;
  if (!unit) return { lines: lines.filter((line) => line !== target), problem: "notFound" };
  const otherLines = quantityInCart(lines, target.productId, unit) - target.quantity;
  const allowed = Math.max(0, lineLimit(unit) - otherLines);
  if (allowed < 1) return { lines, problem: "outOfStock" };
  const byStock = Math.min(quantity, allowed);
  // A raise also stops at the units one order may hold in all; a lowering always goes through.
  const room = HOLD_LIMITS.heldUnits - (unitsInCart(lines) - target.quantity);
  const next = byStock > target.quantity ? Math.max(target.quantity, Math.min(byStock, room)) : byStock;
  return {
    lines: lines.map((line) => (line === target ? { ...line, quantity: next } : line)),
    problem: next >= quantity ? null : next < byStock ? "cartFull" : "stockLimit",
  };
}

export function removeLine(lines: CartLine[], lineId: string): CartLine[] {
  return lines.filter((line) => cartLineId(line) !== lineId);
}

/**
 * A guest's cart joined to a signed-in shopper's saved cart at sign-in (issue 45). The same line (product, variant
 * and tag values) adds its quantities, a new one is added after the saved lines; what is no longer for sale (hidden,
 * gone, sold out) is left out, and what the cart then holds of one product or variant never passes what is for sale
 * (nor MAX_LINE_QUANTITY, nor what one order may hold). The problem names the first thing left out, as the cart's own
 * notices do.
 */
export async function joinCartLines(saved: CartLine[], guest: CartLine[]): Promise<CartChange> {
  let lines = saved;
  let problem: CartProblem | null = null;
  for (const { line, product, unit } of await priceCartLines(guest)) {
    if (!product || !unit) {
      problem ??= "notFound";
      continue;
    }
    const allowed = unit.isAvailable ? lineLimit(unit) - quantityInCart(lines, product.id, unit) : 0;
    const byStock = Math.min(line.quantity, allowed);
    const quantity = Math.min(byStock, HOLD_LIMITS.heldUnits - unitsInCart(lines));
    if (byStock < line.quantity) problem ??= unit.isAvailable && unit.stockQuantity > 0 ? "stockLimit" : "outOfStock";
    else if (quantity < line.quantity) problem ??= "cartFull";
    if (quantity < 1) continue;
    const id = cartLineId(line);
    const same = lines.find((candidate) => cartLineId(candidate) === id);
    if (same) lines = lines.map((candidate) => (candidate === same ? { ...candidate, quantity: candidate.quantity + quantity } : candidate));
    else if (lines.length >= MAX_LINES) problem ??= "cartFull";
    else lines = [...lines, { ...line, quantity }];
  }
  return { lines, problem };
}

/** `unit` is what the line buys: the product, or its chosen variant (null with the product when the line names none). */
export type PricedLine = { line: CartLine; product: ProductForSale | null; unit: SaleUnit | null };

/**
 * Each line with today's row of its product, or null when the product or its category is hidden, or it is gone.
 * The one pricing of a cart: the cart page and the checkout summary start here, and the order from its kept copy
 * (`priceOrderLines`).
 */
export async function priceCartLines(lines: CartLine[]): Promise<PricedLine[]> {
  // Only the variants the lines name: an order of one colour of a clip sold in twenty reads one variant, not twenty.
  const variantIds = lines.flatMap((line) => (line.variantId ? [line.variantId] : []));
  const products = await getProductsForSale([...new Set(lines.map((line) => line.productId))], variantIds);
  return pricedLinesOf(lines, products);
}

/**
 * `priceCartLines` as an order is priced: kept in memory while the catalogue's listing version holds (decision 0097),
 * which every write to a price, a name, a picture, a tag, an option, a category or whether a product is for sale
 * moves, on any server, before its commit returns; only a stock move that leaves the product on sale passes it by.
 * So the units' `stockQuantity` here may be older than the database's: the order's own stock take decides (it always
 * has, as stock may move between the pricing and the insert), and nothing else here may be read from it.
 */
export async function priceOrderLines(lines: CartLine[]): Promise<PricedLine[]> {
  const productIds = [...new Set(lines.map((line) => line.productId))].sort();
  const variantIds = [...new Set(lines.flatMap((line) => (line.variantId ? [line.variantId] : [])))].sort();
  const products = await cachedCatalogue(`order-pricing:${JSON.stringify([productIds, variantIds])}`, () => getProductsForSale(productIds, variantIds), "list");
  return pricedLinesOf(lines, products);
}

function pricedLinesOf(lines: CartLine[], products: Map<string, ProductForSale>): PricedLine[] {
  return lines.map((line) => {
    const product = products.get(line.productId) ?? null;
    return { line, product, unit: product ? saleUnitOf(product, line.variantId) : null };
  });
}

/**
 * The cart as shown: prices and names always come from the database. Lines whose product was hidden or deleted
 * are left out. A line that cannot be had as it is (sold out, or more than is left) is shown with its warning and
 * counted in the total at its quantity, as the checkout's summary counts it (SPEC: the cart total is the sum of price
 * times quantity): a total that leaves it out reads 0.00 KD beside a line of 2 and a Checkout button.
 */
export async function getCartView(lines: CartLine[]): Promise<CartView> {
  const items: CartItem[] = [];
  for (const { line, product, unit } of await priceCartLines(lines)) {
    // A variant hidden or deleted since is gone from the cart, as a hidden product is.
    if (!product || !unit) continue;
    const wanted = quantityInCart(lines, product.id, unit);
    items.push({
      lineId: cartLineId(line),
      productId: product.id,
      nameEn: product.nameEn,
      nameAr: product.nameAr,
      imageUrl: unit.imageUrl,
      priceFils: unit.priceFils,
      quantity: line.quantity,
      orderable: lineLimit(unit),
      isAvailable: unit.isAvailable && unit.stockQuantity >= line.quantity,
      optionValues: unit.optionValues,
      holdWarning:
        wanted > unit.stockQuantity
          ? { kind: "stock", available: unit.stockQuantity }
          : wanted > HOLD_LIMITS.heldUnitsPerProduct
            ? { kind: "cap", cap: HOLD_LIMITS.heldUnitsPerProduct }
            : null,
      customTags: product.customTags.map((tag, index) => ({ titleEn: tag.titleEn, titleAr: tag.titleAr, value: line.customTags[index] ?? "" })),
    });
  }
  return {
    items,
    count: items.reduce((sum, item) => sum + item.quantity, 0),
    totalFils: items.reduce((sum, item) => sum + item.priceFils * item.quantity, 0),
  };
}


/** `options`: the chosen variant's values in the page's language ("Red / M"), empty without options. */
export type CartSummaryLine = { productId: string; name: string; quantity: number; priceFils: number; customTags: string[]; options: string };

/** The cart as the checkout shows it, priced from the database; lines whose product is hidden or gone are dropped. */
export async function getCartSummary(lines: CartLine[], language: Language) {
  const items: CartSummaryLine[] = (await priceCartLines(lines)).flatMap(({ line, product, unit }) => {
    if (!product || !unit) return [];
    const name = localized(language, { en: product.nameEn, ar: product.nameAr });
    const options = unit.optionValues.map((value) => localized(language, value)).join(" / ");
    return [{ productId: product.id, name, quantity: line.quantity, priceFils: unit.priceFils, customTags: line.customTags.filter(Boolean), options }];
  });
  return { items, productsTotalFils: items.reduce((sum, item) => sum + item.priceFils * item.quantity, 0) };
}

// order.server.ts (being reworked on another branch this round) still takes the line type from here.
export type { CartLine } from "~/shared/cart-line";
