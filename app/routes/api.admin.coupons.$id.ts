import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { couponBodyErrors, parseCouponBody } from "~/admin/coupon-api.server";
import { deleteCoupon, getCoupon, updateCoupon } from "~/models/orders/index.server";
import { jsonError, readJsonBody } from "~/utils/api.server";
import { couponApiJson } from "~/api/answers/orders.server";

/** GET /api/admin/coupons/{id} */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "coupons");
  const coupon = await getCoupon(params.id ?? "");
  if (!coupon) return jsonError(404, bilingual("admin.coupons.notFound"));
  return Response.json({ coupon: couponApiJson(coupon) }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * PUT replaces the code's terms (the whole body, as POST takes it; `isActive: false` switches it off); DELETE
 * removes it. Orders that used it keep their code and discount.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "coupons");
  const id = params.id ?? "";
  if (request.method === "DELETE") {
    if (!(await deleteCoupon(id, admin))) return jsonError(404, bilingual("admin.coupons.notFound"));
    return Response.json({ message: bilingual("admin.coupons.deleted") }, { headers: { "Cache-Control": "no-store" } });
  }
  if (request.method !== "PUT") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  if (!(await getCoupon(id))) return jsonError(404, bilingual("admin.coupons.notFound"));
  const body = await readJsonBody(request);
  const parsed = parseCouponBody(body);
  if (!parsed.ok) {
    const { message, fieldErrors } = couponBodyErrors(parsed.errors);
    return jsonError(400, message, fieldErrors);
  }
  const saved = await updateCoupon(id, parsed.value, admin);
  if (!saved.ok) {
    if (saved.reason === "notFound") return jsonError(404, bilingual("admin.coupons.notFound"));
    return jsonError(409, bilingual("admin.coupons.duplicateCode"), { code: [bilingual("admin.coupons.duplicateCode")] });
  }
  return Response.json({ message: bilingual("admin.coupons.updated"), coupon: couponApiJson((await getCoupon(id))!) }, { headers: { "Cache-Control": "no-store" } });
}
