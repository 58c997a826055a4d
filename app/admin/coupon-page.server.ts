import type { AuditActor } from "~/models/shop/index.server";
import { data } from "@remix-run/node";
import { redirectWithToast } from "~/cookies/toast.server";
import { i18nServer } from "~/i18n/i18next.server";
import { couponFormErrors, translatedErrors } from "~/admin/coupon-form.server";
import { CouponSchema, parseWithZod } from "~/shared/schemas.server";
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
  const submission = parseWithZod(form, { schema: CouponSchema });
  // What was typed, sent back with a refusal: every text field as it came, the boxes as they were ticked.
  const typed = submission.payload;
  const values: CouponFormValues = {
    ...EMPTY_COUPON,
    ...Object.fromEntries(Object.keys(EMPTY_COUPON).flatMap((name) => (typeof typed[name] === "string" ? [[name, typed[name]]] : []))),
    freeDelivery: typed.freeDelivery === "on",
    isEnabled: typed.isEnabled === "on",
  };
  if (submission.status !== "success") {
    return data<CouponFormActionData>({ values, errors: translatedErrors(couponFormErrors(submission.error), t), message: null }, { status: 400 });
  }
  const saved = id ? await updateCoupon(id, submission.value, actor) : await createCoupon(submission.value, actor);
  if (saved.ok) return redirectWithToast("/admin/timsar/coupons", { name: id ? "couponUpdated" : "couponCreated" });
  const message = saved.reason === "notFound" ? t("admin.coupons.notFound") : t("admin.coupons.duplicateCode");
  return data<CouponFormActionData>({ values, errors: saved.reason === "duplicateCode" ? { code: message } : {}, message }, { status: saved.reason === "notFound" ? 404 : 409 });
}
