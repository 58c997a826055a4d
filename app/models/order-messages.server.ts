import type { TFunction } from "i18next";
import { bilingualFrom } from "~/i18n/bilingual.server";
import { localized, type Language } from "~/shared/language";
import type { OrderError } from "~/models/order.server";
import type { CouponProblem } from "~/models/coupon.server";
import { formatKD } from "~/shared/money";

/** A discount code's refusal in one language. */
export function couponProblemMessage(problem: CouponProblem, t: TFunction, language: Language, minProductsFils = 0): string {
  return t(`offers.coupon.${problem}`, { amount: formatKD(minProductsFils, language) });
}

/** The shopper-facing text of a refused order, in one language; API answers join both. */
export function orderErrorMessage(error: OrderError, t: TFunction, language: Language): string {
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
    case "holdShare":
      return t(error.share?.remaining ? "checkout.holdShare" : "checkout.holdShareNone", { name, limit: error.share?.limit, remaining: error.share?.remaining });
    case "coupon":
      return couponProblemMessage(error.coupon?.problem ?? "unknown", t, language, error.coupon?.minProductsFils);
  }
}

export function bilingualOrderError(error: OrderError): string {
  return bilingualFrom((t, language) => orderErrorMessage(error, t, language));
}
