import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { adminReviewJson } from "~/api/answers/reviews.server";
import { listAdminReviews } from "~/models/reviews/index.server";
import { PAGE_RULE } from "~/shared/paging";
import { isReviewStatus } from "~/shared/reviews";
import { readApiPaging } from "~/utils/api.server";

/** `GET /api/admin/reviews?status=&page=` (CONTRACT.md "Reviews"): newest first, of one status or all, with order and product. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "catalogue:write");
  const params = new URL(request.url).searchParams;
  const { page } = readApiPaging(params, { page: PAGE_RULE });
  const status = params.get("status");
  const list = await listAdminReviews({ status: isReviewStatus(status) ? status : null, page });
  return Response.json(
    {
      reviews: list.reviews.map(adminReviewJson),
      total: list.total,
      page: list.page,
      pageCount: list.pageCount,
      byStatus: { pending: list.byStatus.pending ?? 0, published: list.byStatus.published ?? 0, hidden: list.byStatus.hidden ?? 0 },
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}
