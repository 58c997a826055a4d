import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOrdersByPhone } from "~/models/fulfilment/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { orderListJson } from "~/api/answers/orders.server";
import { bilingual } from "~/i18n/bilingual.server";
import { readKuwaitiPhone } from "~/shared/phone";
import { jsonError } from "~/utils/api.server";

/** GET /api/admin/users/orders/by-phone/{phone}: every order placed with that phone, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "customers");
  // CONTRACT.md "Phone numbers": what is not a Kuwaiti phone is SPEC's field error, not an empty list.
  if (!readKuwaitiPhone(params.phone)) {
    const message = bilingual("checkoutValidation.phoneInvalid");
    return jsonError(400, message, { phone: [message] });
  }
  const orders = await getOrdersByPhone(params.phone ?? "");
  return Response.json({ orders: orders.map(orderListJson) }, { headers: { "Cache-Control": "no-store" } });
}
