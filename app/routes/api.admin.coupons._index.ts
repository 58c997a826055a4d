import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { couponBodyErrors, parseCouponBody } from "~/admin/coupon-api.server";
import { createCoupon, getCoupon, listCoupons } from "~/models/orders/index.server";
import { jsonError, readJsonBody } from "~/utils/api.server";
import { couponApiJson } from "~/api/answers/orders.server";

/** GET /api/admin/coupons: every discount code, newest first, with how many uses it holds. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "coupons");
  const coupons = await listCoupons();
  return Response.json({ coupons: coupons.map(couponApiJson) }, { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/admin/coupons (JSON): a new code; 400 with field errors, 409 when the code exists (in any case). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "coupons");
  if (request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const body = await readJsonBody(request);
  const parsed = parseCouponBody(body);
  if (!parsed.ok) {
    const { message, fieldErrors } = couponBodyErrors(parsed.errors);
    return jsonError(400, message, fieldErrors);
  }
  const saved = await createCoupon(parsed.value, admin);
  if (!saved.ok) return jsonError(409, bilingual("admin.coupons.duplicateCode"), { code: [bilingual("admin.coupons.duplicateCode")] });
  const coupon = await getCoupon(saved.id);
  return Response.json({ message: bilingual("admin.coupons.created"), coupon: couponApiJson(coupon!) }, { status: 201, headers: { "Cache-Control": "no-store" } });
}
