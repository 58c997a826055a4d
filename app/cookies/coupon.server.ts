import { signedCookie } from "~/utils/cookies.server";
import { normalizeCouponCode } from "~/shared/coupon-schema";

let couponCookie: ReturnType<typeof signedCookie> | undefined;

/** The discount code a shopper applied at checkout, kept while they shop on; the server checks it again at every use. */
function getCouponCookie() {
  couponCookie ??= signedCookie("checkout_coupon", 60 * 60 * 24);
  return couponCookie;
}

export async function readAppliedCoupon(request: Request): Promise<string | null> {
  const value: unknown = await getCouponCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? normalizeCouponCode(value) : null;
}

export function appliedCouponHeader(code: string | null): Promise<string> {
  return code ? getCouponCookie().serialize(code) : getCouponCookie().serialize("", { maxAge: 0 });
}
