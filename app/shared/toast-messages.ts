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

type ToastLook = { key: string; kind: "success" | "error"; durationMs: number; nextAfterMs?: number };

/**
 * The messages a form's answer leaves for the page it redirects to (the one flash cookie, decision 0049), besides the
 * cart's. `nextAfterMs` is SPEC section 9's "then … after": the page that shows it moves on to the flash's `next`.
 */
const PAGE_TOASTS = {
  accountCreated: { key: "account.messages.accountCreated", kind: "success", durationMs: TOAST_MS.accountCreated },
  productCreated: { key: "admin.products.created", kind: "success", durationMs: TOAST_MS.productSaved, nextAfterMs: TOAST_MS.productSavedNext },
  productUpdated: { key: "admin.products.updated", kind: "success", durationMs: TOAST_MS.productSaved, nextAfterMs: TOAST_MS.productSavedNext },
  productToggled: { key: "admin.products.updated", kind: "success", durationMs: TOAST_MS.productList },
  productDeleted: { key: "admin.products.deleted", kind: "success", durationMs: TOAST_MS.productList },
  categoryCreated: { key: "admin.categories.created", kind: "success", durationMs: TOAST_MS.categoryCreated, nextAfterMs: TOAST_MS.categoryCreated },
  categoryUpdated: { key: "admin.categories.updated", kind: "success", durationMs: TOAST_MS.categoryUpdated, nextAfterMs: TOAST_MS.categoryUpdated },
  categoryToggled: { key: "admin.categories.updated", kind: "success", durationMs: TOAST_MS.adminList },
  categoryDeleted: { key: "admin.categories.deleted", kind: "success", durationMs: TOAST_MS.adminList },
  couponCreated: { key: "admin.coupons.created", kind: "success", durationMs: TOAST_MS.adminList },
  couponUpdated: { key: "admin.coupons.updated", kind: "success", durationMs: TOAST_MS.adminList },
  couponDeleted: { key: "admin.coupons.deleted", kind: "success", durationMs: TOAST_MS.adminList },
} as const satisfies Record<string, ToastLook>;
export type PageToastName = keyof typeof PAGE_TOASTS;

/** Every name the flash cookie may carry: nothing else is read back, so the cookie can never carry text. */
export type ToastName = ShopFlash | PageToastName;

export function isToastName(value: string): value is ToastName {
  return (SHOP_FLASHES as readonly string[]).includes(value) || Object.hasOwn(PAGE_TOASTS, value);
}

/** The key, look, duration and timed next step of a flash. */
export function toastLook(name: ToastName, place: ToastPlace = "product"): ReturnType<typeof flashToast> | (typeof PAGE_TOASTS)[PageToastName] {
  return (SHOP_FLASHES as readonly string[]).includes(name) ? flashToast(name as ShopFlash, place) : PAGE_TOASTS[name as PageToastName];
}

/** What the root shows: the translated message, and the page to go to after `afterMs` when SPEC times one. */
export type PageToast = {
  id: string;
  message: string;
  kind: "success" | "error";
  durationMs: number;
  next: { to: string; afterMs: number } | null;
};
