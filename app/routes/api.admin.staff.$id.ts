import type { ActionFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { staffApiCall } from "~/admin/staff-api.server";
import { updateStaff } from "~/models/accounts/index.server";
import { staffJson } from "~/api/answers/accounts.server";
import { StaffUpdateSchema } from "~/shared/schemas.server";
import { jsonError, readJsonBody } from "~/utils/api.server";

/**
 * PUT /api/admin/staff/{id} { role?, disabled?, resetTwoStep? } (owner). The member's sessions end at once; the last
 * owner and the ADMIN_EMAIL account cannot be demoted or disabled, nor the former ADMIN_EMAIL account enabled (409).
 * `resetTwoStep: true` turns the member's two-step sign-in off (a lost phone).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "staff");
  if (request.method !== "PUT") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const parsed = StaffUpdateSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(400, bilingual("admin.api.invalidStaffUpdate"));
  return staffApiCall(async () => {
    const member = await updateStaff(params.id ?? "", parsed.data, admin);
    return Response.json({ message: bilingual("admin.staff.updated"), member: staffJson(member) }, { headers: { "Cache-Control": "no-store" } });
  });
}

export function loader() {
  return jsonError(405, bilingual("admin.api.methodNotAllowed"));
}
