import crypto from "node:crypto";
import { z } from "zod";
import { getProductsForSale, type ProductForSale } from "~/models/product.server";
import { signedCookie } from "~/utils/cookies.server";

const MAX_QUANTITY = 999;
const CartLineSchema = z.object({
  productId: z.string().min(1).max(64),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
  customTags: z.array(z.string().max(200)).max(10).default([]),
});
const CartSchema = z.array(CartLineSchema).max(100);

export type CartLine = z.infer<typeof CartLineSchema>;

const CART_MAX_AGE_S = 60 * 60 * 24 * 30;
const MAX_LINES = 100;
const MAX_TAG_LENGTH = 200;

let cartCookie: ReturnType<typeof signedCookie> | undefined;

/** The cart lives in a signed cookie: it works without JavaScript and the server can trust its shape. */
export function getCartCookie() {
  cartCookie ??= signedCookie("cart", CART_MAX_AGE_S);
  return cartCookie;
}

/** Lines as stored; prices always come from the database when the cart is shown or ordered. */
export async function readCartLines(request: Request): Promise<CartLine[]> {
  const value: unknown = await getCartCookie().parse(request.headers.get("Cookie"));
  const parsed = CartSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

export async function getCartCount(request: Request): Promise<number> {
  const lines = await readCartLines(request);
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** Browsers drop a cookie above about 4 KB silently, which would lose the whole cart. */
export const MAX_CART_COOKIE_BYTES = 3800;

/** The Set-Cookie value that stores these lines. */
export function cartCookieHeader(lines: CartLine[]): Promise<string> {
  return getCartCookie().serialize(lines);
}

/** The Set-Cookie value for a change, or null when the cart would outgrow its cookie. */
export async function cartCookieHeaderIfFits(lines: CartLine[]): Promise<string | null> {
  const header = await cartCookieHeader(lines);
  return header.split(";")[0].length > MAX_CART_COOKIE_BYTES ? null : header;
}

/** The Set-Cookie value that empties the cart (after an order is placed, or the shopper's Clear). */
export function clearCartCookieHeader(): Promise<string> {
  return getCartCookie().serialize([], { maxAge: 0 });
}

/** A line is one product with one set of tag values; its id names it in forms without revealing anything. */
export function cartLineId(line: Pick<CartLine, "productId" | "customTags">): string {
  return crypto.createHash("sha256").update(JSON.stringify([line.productId, line.customTags])).digest("base64url").slice(0, 16);
}

export type CartProblem = "notFound" | "outOfStock" | "tagsRequired" | "stockLimit" | "cartFull";
export type CartChange = { lines: CartLine[]; problem: CartProblem | null };

async function stockOf(productId: string): Promise<ProductForSale | null> {
  return (await getProductsForSale([productId])).get(productId) ?? null;
}

function quantityInCart(lines: CartLine[], productId: string): number {
  return lines.filter((line) => line.productId === productId).reduce((sum, line) => sum + line.quantity, 0);
}

/**
 * Adds one of a product (SPEC section 4: an existing line with the same tag values goes up by one, a new line
 * starts at one). Tag values are kept in the product's tag order; a blank required tag blocks the add, and the
 * quantity of one product across its lines never exceeds its stock.
 */
export async function addToCart(lines: CartLine[], productId: string, tagValues: string[]): Promise<CartChange> {
  const product = await stockOf(productId);
  if (!product) return { lines, problem: "notFound" };
  if (!product.isAvailable || product.stockQuantity <= 0) return { lines, problem: "outOfStock" };
  const customTags = product.customTags.map((_, index) => (tagValues[index] ?? "").trim().slice(0, MAX_TAG_LENGTH));
  if (product.customTags.some((tag, index) => tag.required && customTags[index] === "")) {
    return { lines, problem: "tagsRequired" };
  }
  if (quantityInCart(lines, productId) + 1 > Math.min(product.stockQuantity, MAX_QUANTITY)) return { lines, problem: "stockLimit" };
  const id = cartLineId({ productId, customTags });
  const existing = lines.find((line) => cartLineId(line) === id);
  if (existing) {
    return { lines: lines.map((line) => (line === existing ? { ...line, quantity: line.quantity + 1 } : line)), problem: null };
  }
  if (lines.length >= MAX_LINES) return { lines, problem: "cartFull" };
  return { lines: [...lines, { productId, quantity: 1, customTags }], problem: null };
}

/** A quantity below 1 is ignored (SPEC section 4); above the stock it stops at the stock. */
export async function setLineQuantity(lines: CartLine[], lineId: string, quantity: number): Promise<CartChange> {
  const target = lines.find((line) => cartLineId(line) === lineId);
  if (!target || !Number.isInteger(quantity) || quantity < 1) return { lines, problem: null };
  const product = await stockOf(target.productId);
  if (!product) return { lines: lines.filter((line) => line !== target), problem: "notFound" };
  const otherLines = quantityInCart(lines, target.productId) - target.quantity;
  const allowed = Math.max(0, Math.min(product.stockQuantity, MAX_QUANTITY) - otherLines);
  if (allowed < 1) return { lines, problem: "outOfStock" };
  const next = Math.min(quantity, allowed);
  return {
    lines: lines.map((line) => (line === target ? { ...line, quantity: next } : line)),
    problem: next < quantity ? "stockLimit" : null,
  };
}

export function removeLine(lines: CartLine[], lineId: string): CartLine[] {
  return lines.filter((line) => cartLineId(line) !== lineId);
}

export type CartItem = {
  lineId: string;
  productId: string;
  nameEn: string;
  nameAr: string;
  imageUrl: string;
  priceFils: number;
  quantity: number;
  stockQuantity: number;
  isAvailable: boolean;
  customTags: { titleEn: string; titleAr: string; value: string }[];
};

export type PricedLine = { line: CartLine; product: ProductForSale | null };

/**
 * Each line with today's row of its product, or null when the product or its category is hidden, or it is gone.
 * The one pricing of a cart: the cart page, the checkout summary and the order itself all start here.
 */
export async function priceCartLines(lines: CartLine[]): Promise<PricedLine[]> {
  const products = await getProductsForSale([...new Set(lines.map((line) => line.productId))]);
  return lines.map((line) => ({ line, product: products.get(line.productId) ?? null }));
}

/**
 * The cart as shown: prices and names always come from the database. Lines whose product was hidden or deleted
 * are left out; unavailable ones are shown but not counted.
 */
export async function getCartView(lines: CartLine[]) {
  const items: CartItem[] = [];
  for (const { line, product } of await priceCartLines(lines)) {
    if (!product) continue;
    items.push({
      lineId: cartLineId(line),
      productId: product.id,
      nameEn: product.nameEn,
      nameAr: product.nameAr,
      imageUrl: product.imageUrl,
      priceFils: product.priceFils,
      quantity: line.quantity,
      stockQuantity: product.stockQuantity,
      isAvailable: product.isAvailable && product.stockQuantity >= line.quantity,
      customTags: product.customTags.map((tag, index) => ({ titleEn: tag.titleEn, titleAr: tag.titleAr, value: line.customTags[index] ?? "" })),
    });
  }
  const counted = items.filter((item) => item.isAvailable);
  return {
    items,
    count: counted.reduce((sum, item) => sum + item.quantity, 0),
    totalFils: counted.reduce((sum, item) => sum + item.priceFils * item.quantity, 0),
  };
}

export type CartView = Awaited<ReturnType<typeof getCartView>>;
