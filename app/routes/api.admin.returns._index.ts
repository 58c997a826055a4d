import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { listReturns } from "~/api/answers/returns.server";
import { PAGE_RULE } from "~/shared/paging";
import { readApiPaging } from "~/utils/api.server";

/** `GET /api/admin/returns?status=&q=&page=` (CONTRACT.md): returns newest first, of one status or all. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "returns:read");
  const params = new URL(request.url).searchParams;
  const { page } = readApiPaging(params, { page: PAGE_RULE });
  const list = await listReturns({ status: params.get("status"), q: params.get("q"), page });
  return Response.json(
    { returns: list.returns, total: list.total, page: list.page, pageCount: list.totalPages },
    { headers: { "Cache-Control": "no-store" } },
  );
}
