import type { LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_ORDERS_PAGE_SIZE_RULE, listAdminOrders } from "~/models/fulfilment/index.server";
import { DEFAULT_ORDER_TAB, isAdminOrderTab } from "~/shared/admin-orders";
import { isDateKey } from "~/shared/admin-dates";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { jsonError, readApiPaging } from "~/utils/api.server";
import { PAGE_RULE } from "~/shared/paging";
import { bilingual } from "~/i18n/bilingual.server";
import { orderListJson } from "~/api/answers/orders.server";

/** GET /api/admin/orders?search&dateFrom&dateTo&status&deliveryDate&page&pageSize: the same query as the orders page. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "orders:read");
  const params = new URL(request.url).searchParams;
  const status = params.get("status") || DEFAULT_ORDER_TAB;
  if (!isAdminOrderTab(status)) return jsonError(400, bilingual("admin.api.unknownOrderStatus"));
  const deliveryDate = params.get("deliveryDate");
  if (deliveryDate !== null && !isDateKey(deliveryDate)) return jsonError(400, bilingual("admin.api.invalidDeliveryDateFilter"));
  // A day that is no day, or outside the years isDateKey takes (0001 answered 500 on PostgreSQL): the sales report's refusal.
  for (const name of ["dateFrom", "dateTo"]) {
    const day = params.get(name);
    if (day && !isDateKey(day)) return jsonError(400, bilingual("admin.report.invalidDate"));
  }
  const { page, pageSize } = readApiPaging(params, { page: PAGE_RULE, pageSize: ADMIN_ORDERS_PAGE_SIZE_RULE });
  const result = await listAdminOrders({
    tab: status,
    search: params.get("search") ?? undefined,
    dateFrom: params.get("dateFrom") ?? undefined,
    dateTo: params.get("dateTo") ?? undefined,
    deliveryDate: params.get("deliveryDate") ?? undefined,
    page,
    pageSize,
  });
  return Response.json(
    { orders: result.orders.map(orderListJson), total: result.total, page: result.page, pageCount: result.pageCount },
    { headers: { "Cache-Control": "no-store" } },
  );
}
