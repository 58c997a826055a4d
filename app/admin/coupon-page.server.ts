import type { AuditActor } from "~/models/shop/index.server";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/cookies/toast.server";
import { i18nServer } from "~/i18n/i18next.server";
import { couponFormInput, parseCoupon, translatedErrors } from "~/admin/coupon-form.server";
import { createCoupon, updateCoupon } from "~/models/orders/index.server";
import { readFormData } from "~/utils/form-data.server";
import type { CouponFormActionData, CouponFormValues } from "~/components/admin/coupon-form";

export const EMPTY_COUPON: CouponFormValues = {
  code: "",
  kind: "percent",
  value: "",
  minProductsTotal: "",
  startsOn: "",
  endsOn: "",
  maxUses: "",
  maxUsesPerCustomer: "",
  freeDelivery: false,
  isEnabled: true,
};

/** The new and edit pages' action: saved codes go back to the list with its message, refusals keep what was typed. */
export async function couponFormAction(request: Request, id: string | null, actor?: AuditActor) {
  const [t, form] = await Promise.all([i18nServer.getFixedT(request), readFormData(request)]);
  const input = couponFormInput(form);
  const values: CouponFormValues = {
    ...EMPTY_COUPON,
    ...Object.fromEntries(Object.entries(input).filter(([, value]) => typeof value === "string")),
    freeDelivery: input.freeDelivery === true,
    isEnabled: input.isEnabled === true,
  };
  const parsed = parseCoupon(input);
  if (!parsed.ok) {
    return data<CouponFormActionData>({ values, errors: translatedErrors(parsed.errors, t), message: null }, { status: 400 });
  }
  const saved = id ? await updateCoupon(id, parsed.value, actor) : await createCoupon(parsed.value, actor);
  if (saved.ok) return redirectWithToast("/admin/timsar/coupons", { name: id ? "couponUpdated" : "couponCreated" });
  const message = saved.reason === "notFound" ? t("admin.coupons.notFound") : t("admin.coupons.duplicateCode");
  return data<CouponFormActionData>({ values, errors: saved.reason === "duplicateCode" ? { code: message } : {}, message }, { status: saved.reason === "notFound" ? 404 : 409 });
}
