import type { LoaderFunctionArgs } from "@remix-run/node";
import { listAdminOrders, orderListJson } from "~/models/admin-order.server";
import { DEFAULT_ORDER_TAB, isAdminOrderTab } from "~/shared/admin-orders";
import { requireAdminApi } from "~/auth/admin-session.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";

/** GET /api/admin/orders?search&dateFrom&dateTo&status&page: the same query as the orders page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminApi(request);
  const params = new URL(request.url).searchParams;
  const status = params.get("status") || DEFAULT_ORDER_TAB;
  if (!isAdminOrderTab(status)) return jsonError(400, bilingual("admin.api.unknownOrderStatus"));
  const result = await listAdminOrders({
    tab: status,
    search: params.get("search") ?? undefined,
    dateFrom: params.get("dateFrom") ?? undefined,
    dateTo: params.get("dateTo") ?? undefined,
    page: Number(params.get("page")) || 1,
    pageSize: Number(params.get("pageSize")) || undefined,
  });
  return Response.json(
    { orders: result.orders.map(orderListJson), total: result.total, page: result.page, pageCount: result.pageCount },
    { headers: { "Cache-Control": "no-store" } },
  );
}
