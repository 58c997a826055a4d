/**
 * An order's totals from its parts, the one rule for the cart, the checkout summary (also in the browser, when the
 * shopper picks an area) and the order the server places. All amounts are integer fils.
 *
 * - A code's discount never exceeds the products total: a percentage is rounded down to 10 fils (0.01 KD, the
 *   smallest amount the shop shows), a fixed amount stops at the products total.
 * - Delivery is free with a free-delivery code, or when the products total after the discount reaches the owner's
 *   threshold (issue 16, `freeDeliveryFromFils`, null when the owner has set none).
 */
export type CouponTerms = { kind: "percent" | "fixed"; value: number; freeDelivery: boolean };

export type OrderTotalsInput = {
  productsTotalFils: number;
  /** the chosen area's fee, or null before an area is chosen */
  deliveryFeeFils: number | null;
  coupon: CouponTerms | null;
  freeDeliveryFromFils: number | null;
};

export type OrderTotals = {
  productsTotalFils: number;
  discountFils: number;
  /** null until an area is chosen, unless delivery is free anyway */
  deliveryFeeFils: number | null;
  totalFils: number;
  freeDelivery: boolean;
  /** what the products total still lacks for free delivery; null when there is no threshold or it is reached */
  missingForFreeDeliveryFils: number | null;
};

export function couponDiscountFils(coupon: CouponTerms | null, productsTotalFils: number): number {
  if (!coupon || productsTotalFils <= 0) return 0;
  const discount = coupon.kind === "percent" ? Math.floor((productsTotalFils * coupon.value) / 1000) * 10 : coupon.value;
  return Math.max(0, Math.min(discount, productsTotalFils));
}

export function orderTotals({ productsTotalFils, deliveryFeeFils, coupon, freeDeliveryFromFils }: OrderTotalsInput): OrderTotals {
  const discountFils = couponDiscountFils(coupon, productsTotalFils);
  const afterDiscount = productsTotalFils - discountFils;
  const reachesThreshold = freeDeliveryFromFils !== null && afterDiscount >= freeDeliveryFromFils;
  const freeDelivery = Boolean(coupon?.freeDelivery) || reachesThreshold;
  const fee = freeDelivery ? 0 : deliveryFeeFils;
  return {
    productsTotalFils,
    discountFils,
    deliveryFeeFils: fee,
    totalFils: afterDiscount + (fee ?? 0),
    freeDelivery,
    missingForFreeDeliveryFils: freeDelivery || freeDeliveryFromFils === null ? null : freeDeliveryFromFils - afterDiscount,
  };
}

/** The checkout's discount and free-delivery state as the page gets it from the server (app/models/orders/offers.server.ts). */
export type CheckoutOffer = {
  /** the applied code and what it takes off, or null */
  coupon: (CouponTerms & { code: string; discountFils: number }) | null;
  freeDeliveryFromFils: number | null;
  /** "Add 1.25 KD more for free delivery", or that delivery is free; null without a threshold */
  note: string | null;
};

export type CouponNotice = { kind: "success" | "error"; text: string };
