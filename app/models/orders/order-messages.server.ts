import type { TFunction } from "i18next";
import { bilingualFrom } from "~/i18n/bilingual.server";
import { localized, type Language } from "~/shared/language";
import type { OrderError } from "./order.server";
import type { CouponProblem } from "./coupon.server";
import { formatKD } from "~/shared/money";
import { HOLD_LIMITS, RESERVATION_MINUTES } from "./stock-hold.server";
import { formatCount } from "~/shared/digits";

/** A discount code's refusal in one language. */
export function couponProblemMessage(problem: CouponProblem, t: TFunction, language: Language, minProductsFils = 0): string {
  return t(`offers.coupon.${problem}`, { amount: formatKD(minProductsFils, language) });
}

/**
 * The shopper-facing text of a refused order, in one language; API answers join both. `ownsEarlier`: the asker is
 * known to have placed the earlier unpaid order (its account, or this browser), so its number may be named; a client
 * known only by its address may share it with strangers (a mobile network's one address for many phones).
 */
export function orderErrorMessage(error: OrderError, t: TFunction, language: Language, ownsEarlier = false): string {
  const name = error.productName ? localized(language, error.productName) : "";
  switch (error.code) {
    case "emptyCart":
      return t("checkout.emptyCart");
    case "unknownCity":
      return t("checkoutValidation.cityRequired");
    case "unavailable":
      return t("checkout.productUnavailable");
    case "outOfStock":
      return t("checkout.outOfStock", { name });
    case "requiredTag":
      return t("checkout.requiredTagMissing", { name });
    case "variantRequired":
      return t("checkout.variantRequired", { name });
    case "holdLimit":
      return t("checkout.holdLimit");
    case "orderTooLarge":
      return t("checkout.orderTooLarge", { units: formatCount(HOLD_LIMITS.heldUnits, language), perPiece: formatCount(HOLD_LIMITS.heldUnitsPerProduct, language) });
    case "heldByUnpaidOrder":
      return ownsEarlier && error.earlier
        ? t("checkout.heldByUnpaidOrder", { name, orderNumber: error.earlier.orderNumber })
        : t("checkout.heldByUnpaidOrderUnnamed", { name, minutes: RESERVATION_MINUTES });
    case "pricesChanged":
      return t("api.checkout.pricesChanged");
    case "giftWrapUnavailable":
      return t("checkoutGift.wrapUnavailable");
    case "deliverySlotRequired":
      return t("checkoutGift.slotRequired");
    case "deliverySlotClosed":
      return t("checkoutGift.slotClosed");
    case "deliverySlotFull":
      return t("checkoutGift.slotFull");
    case "coupon":
      return couponProblemMessage(error.coupon?.problem ?? "unknown", t, language, error.coupon?.minProductsFils);
  }
}

export function bilingualOrderError(error: OrderError, ownsEarlier = false): string {
  return bilingualFrom((t, language) => orderErrorMessage(error, t, language, ownsEarlier));
}
