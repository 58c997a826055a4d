import { getDeliveryArea, getShopSettings } from "~/models/shop/index.server";
import type { TFunction } from "i18next";
import type { Language } from "~/shared/language";
import { checkCoupon, type CouponCustomer, type CouponProblem } from "./coupon.server";
import { couponProblemMessage } from "./order-messages.server";
import { formatKD } from "~/shared/money";
import { orderTotals, type CheckoutOffer, type OrderTotals } from "~/shared/order-totals";

/** The line under a total: how much more makes delivery free, or that it is; null when the owner set no threshold. */
export function freeDeliveryNote(totals: OrderTotals, t: TFunction, language: Language): string | null {
  if (totals.missingForFreeDeliveryFils !== null) return t("offers.missingForFreeDelivery", { amount: formatKD(totals.missingForFreeDeliveryFils, language) });
  return totals.freeDelivery ? t("offers.freeDeliveryReached") : null;
}

/** The cart's free-delivery line, from its products total (a code is applied at checkout). */
export async function cartFreeDeliveryNote(productsTotalFils: number, t: TFunction, language: Language): Promise<string | null> {
  const { freeDeliveryFromFils } = await getShopSettings();
  if (freeDeliveryFromFils === null || productsTotalFils === 0) return null;
  return freeDeliveryNote(orderTotals({ productsTotalFils, deliveryFeeFils: null, coupon: null, freeDeliveryFromFils }), t, language);
}

export type CouponOutcome = { offer: CheckoutOffer; problem: { problem: CouponProblem; message: string } | null };

/**
 * The checkout's discount and free-delivery state for a code (or none) on a products total: the loader and the
 * Apply button's action both answer through here, so the page shows what the order will charge.
 */
export async function checkoutOffer(
  code: string | null,
  productsTotalFils: number,
  customer: CouponCustomer,
  t: TFunction,
  language: Language,
): Promise<CouponOutcome> {
  const { freeDeliveryFromFils } = await getShopSettings();
  const check = code ? await checkCoupon(code, productsTotalFils, customer) : null;
  const coupon = check?.ok ? check.coupon : null;
  const totals = orderTotals({ productsTotalFils, deliveryFeeFils: null, coupon, freeDeliveryFromFils });
  return {
    offer: {
      coupon: coupon && { code: coupon.code, discountFils: totals.discountFils, freeDelivery: coupon.freeDelivery, kind: coupon.kind, value: coupon.value },
      freeDeliveryFromFils,
      note: freeDeliveryNote(totals, t, language),
    },
    problem: check && !check.ok ? { problem: check.problem, message: couponProblemMessage(check.problem, t, language, check.minProductsFils) } : null,
  };
}

/** A code's free delivery as an order's papers show it: the code and the area's fee it waived (issue 28). */
export type FreeDeliveryByCode = { code: string; waivedFils: number };

/**
 * Whether a placed order's delivery was free because of its code: a code that gives free delivery, and a delivery
 * charged at nothing. The order keeps only what was charged, so the waived fee is its area's fee.
 */
export async function freeDeliveryByCode(order: {
  couponCode: string | null;
  deliveryFeeFils: number;
  city: string;
  couponUse?: { coupon: { freeDelivery: boolean } } | null;
}): Promise<FreeDeliveryByCode | null> {
  if (!order.couponCode || order.deliveryFeeFils !== 0 || !order.couponUse?.coupon.freeDelivery) return null;
  const area = await getDeliveryArea(order.city);
  return { code: order.couponCode, waivedFils: area?.feeFils ?? 0 };
}
