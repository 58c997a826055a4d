import type { LoaderFunctionArgs } from "@remix-run/node";
import { getOrdersByPhone } from "~/models/fulfilment/index.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { orderListJson } from "~/api/answers/orders.server";

/** GET /api/admin/users/orders/by-phone/{phone}: every order placed with that phone, newest first. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "customers");
  const orders = await getOrdersByPhone(params.phone ?? "");
  return Response.json({ orders: orders.map(orderListJson) }, { headers: { "Cache-Control": "no-store" } });
}
