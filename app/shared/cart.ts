import type { Language } from "./language";
import type { ShopFlash } from "./toast-messages";

/**
 * The cart's wire types: what /cart's action and /cart.json answer and the cart views draw. They live here, below
 * both the routes that answer and the components that read, so no component imports a route (docs/architecture.md).
 */
export type CartProblem = "notFound" | "outOfStock" | "tagsRequired" | "stockLimit" | "cartFull" | "variantRequired";

export type CartItem = {
  lineId: string;
  productId: string;
  nameEn: string;
  nameAr: string;
  imageUrl: string;
  priceFils: number;
  quantity: number;
  /** how many of its piece may be ordered: what is for sale, and no more than one order may hold unpaid */
  orderable: number;
  isAvailable: boolean;
  customTags: { titleEn: string; titleAr: string; value: string }[];
  /** the chosen variant's option values, one per option (none for a product without options) */
  optionValues: { en: string; ar: string }[];
  /**
   * Why the checkout could not hold this quantity (docs/decisions/0077), said before the shopper gets there: more than
   * is for sale (`available` units are), or more than one client may hold of one product (`cap`). Counted over the
   * cart's lines of the same product or variant.
   */
  holdWarning?: { kind: "stock"; available: number } | { kind: "cap"; cap: number } | null;
};

export type CartView = { items: CartItem[]; count: number; totalFils: number };

export type CartIntent = "add" | "buy" | "quantity" | "remove" | "clear";

/** /cart's answer to a change posted with JavaScript (mode=fetch). */
export type CartActionAnswer = { problem: ShopFlash | CartProblem | null; intent: CartIntent | null };

/** /cart.json: the drawer's data. */
export type CartJson = { cart: CartView; checkoutHref: string; language: Language; freeDeliveryNote: string | null };
