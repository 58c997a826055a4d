import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { parseJsonBody } from "~/auth/account-api.server";
import { AdminReviewBodySchema } from "~/api/request-schemas.server";
import { adminReviewJson } from "~/api/answers/reviews.server";
import { bilingual } from "~/i18n/bilingual.server";
import { getAdminReview, replyToReview, setReviewsStatus } from "~/models/reviews/index.server";
import { jsonError } from "~/utils/api.server";

/** `PUT /api/admin/reviews/{id}` `{ status?, reply? }` (CONTRACT.md "Reviews"): publish or hide it, and/or reply; both logged. */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "catalogue:write");
  if (request.method !== "PUT") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const { data } = await parseJsonBody(request, AdminReviewBodySchema);
  const id = params.id ?? "";
  if (!(await getAdminReview(id))) return jsonError(404, bilingual("admin.reviews.errors.notFound"));
  if (data.status) await setReviewsStatus([id], data.status, admin);
  if (data.reply !== undefined) await replyToReview(id, data.reply ?? "", admin);
  const review = await getAdminReview(id);
  if (!review) return jsonError(404, bilingual("admin.reviews.errors.notFound"));
  return Response.json({ review: adminReviewJson(review), message: bilingual("admin.reviews.saved") }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return jsonError(405, bilingual("admin.api.methodNotAllowed"));
}
