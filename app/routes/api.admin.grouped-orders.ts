import type { LoaderFunctionArgs } from "@remix-run/node";
import { GROUPED_ORDERS_PAGE_SIZE_RULE, getGroupedOrders } from "~/models/fulfilment/index.server";
import { PAGE_RULE } from "~/shared/paging";
import { readApiPaging } from "~/utils/api.server";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { filsToKD } from "~/shared/money";

/** GET /api/admin/grouped-orders?page&pageSize: paid orders grouped by phone, latest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "customers");
  const params = new URL(request.url).searchParams;
  const result = await getGroupedOrders(readApiPaging(params, { page: PAGE_RULE, pageSize: GROUPED_ORDERS_PAGE_SIZE_RULE }));
  return Response.json(
    {
      groups: result.groups.map((group) => ({
        fullName: group.fullName,
        phone: group.phone,
        totalOrders: group.totalOrders,
        totalAmount: filsToKD(group.totalFils),
        lastOrderDate: group.lastOrderDate.toISOString(),
      })),
      total: result.total,
      page: result.page,
      pageCount: result.pageCount,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
