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

/** SPEC section 9's timings of the cart's toasts (the pages' are in app/cookies/toast.server.ts, off the bundles). */
export const TOAST_MS = {
  addedOnGrid: 2000,
  addedOnProduct: 3000,
  tagsRequired: 5000,
  problem: 4000,
} as const;

/** Where a cart outcome is shown decides how long "Added to cart" stays (SPEC section 9). */
export type ToastPlace = "grid" | "product";

/** The translation key, look and duration of each cart outcome. */
export function flashToast(flash: ShopFlash, where: ToastPlace) {
  const key = `shop.toast.${flash}` as const;
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
  /** A return request's number (`RET-` and twelve digits), which the return page shows with what happens next. */
  returnNumber?: string;
};
