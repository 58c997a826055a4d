/** Outcomes of the cart action that the next page shows once as a toast. */
export const SHOP_FLASHES = [
  "added",
  "tagsRequiredAdd",
  "tagsRequiredBuy",
  "tagsRequired",
  "outOfStock",
  "stockLimit",
  "notFound",
  "cartFull",
  "variantRequired",
] as const;
export type ShopFlash = (typeof SHOP_FLASHES)[number];

/** SPEC section 9's toast timings. */
export const TOAST_MS = {
  addedOnGrid: 2000,
  addedOnProduct: 3000,
  tagsRequired: 5000,
  problem: 4000,
  accountCreated: 4000,
  adminList: 4000,
  productList: 3500,
  productSaved: 2000,
  productSavedNext: 1200,
  categoryCreated: 1200,
  categoryUpdated: 4000,
} as const;

const KEYS = {
  added: "shop.toast.added",
  tagsRequiredAdd: "shop.toast.tagsRequiredAdd",
  tagsRequiredBuy: "shop.toast.tagsRequiredBuy",
  tagsRequired: "shop.toast.tagsRequired",
  outOfStock: "shop.toast.outOfStock",
  stockLimit: "shop.toast.stockLimit",
  notFound: "shop.toast.notFound",
  cartFull: "shop.toast.cartFull",
  variantRequired: "shop.toast.variantRequired",
} as const satisfies Record<ShopFlash, string>;

/** Where a cart outcome is shown decides how long "Added to cart" stays (SPEC section 9). */
export type ToastPlace = "grid" | "product";

/** The translation key, look and duration of each cart outcome. */
export function flashToast(flash: ShopFlash, where: ToastPlace) {
  const key = KEYS[flash];
  if (flash === "added") {
    return { key, kind: "success", durationMs: where === "grid" ? TOAST_MS.addedOnGrid : TOAST_MS.addedOnProduct } as const;
  }
  const isTags = flash === "tagsRequiredAdd" || flash === "tagsRequiredBuy" || flash === "tagsRequired";
  return { key, kind: "error", durationMs: isTags ? TOAST_MS.tagsRequired : TOAST_MS.problem } as const;
}

/** What the root shows: the translated message, and the page to go to after `afterMs` when SPEC times one. */
export type PageToast = {
  id: string;
  message: string;
  kind: "success" | "error";
  durationMs: number;
  next: { to: string; afterMs: number } | null;
};
