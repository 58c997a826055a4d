import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { getAdminReturn } from "~/models/returns/index.server";
import { jsonError } from "~/utils/api.server";
import { adminReturnJson } from "~/api/answers/returns.server";

/** `GET /api/admin/returns/{id}`: by the return's id or its `RET-` number. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "returns:read");
  const found = await getAdminReturn(params.id ?? "");
  if (!found) return jsonError(404, bilingual("admin.returns.errors.notFound"));
  return Response.json({ return: adminReturnJson(found) }, { headers: { "Cache-Control": "no-store" } });
}
