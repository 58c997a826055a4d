import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireAdminPermission } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { getLanguage } from "~/i18n/i18next.server";
import { staffApiCall } from "~/admin/staff-api.server";
import { inviteStaff } from "~/models/accounts/index.server";
import { listStaff, staffJson } from "~/api/answers/accounts.server";
import { StaffInviteSchema } from "~/shared/schemas.server";
import { jsonError, readJsonBody } from "~/utils/api.server";

/** GET /api/admin/staff (owner): every member, owners included, oldest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdminPermission(request, "staff");
  return Response.json({ staff: await listStaff() }, { headers: { "Cache-Control": "no-store" } });
}

/** POST /api/admin/staff { email, role } (owner): 201 and the invitation mail with the set-password link (72 hours). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdminPermission(request, "staff");
  if (request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const parsed = StaffInviteSchema.safeParse(await readJsonBody(request));
  if (!parsed.success) return jsonError(400, bilingual("admin.api.invalidStaff"));
  const language = await getLanguage(request);
  return staffApiCall(async () => {
    const member = await inviteStaff({ ...parsed.data, language }, admin);
    return Response.json({ message: bilingual("admin.staff.invited"), member: staffJson(member) }, { status: 201, headers: { "Cache-Control": "no-store" } });
  });
}
