import type { ActionFunctionArgs } from "@remix-run/node";
import { destroyAdminSession } from "~/auth/admin-session.server";
import { bilingual } from "~/i18n/bilingual.server";
import { auditAddress } from "~/utils/client-address.server";

/** POST /api/admin/logout: revokes the admin session row and clears the cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  return Response.json(
    { message: bilingual("admin.api.loggedOut") },
    { headers: { "Set-Cookie": await destroyAdminSession(request, auditAddress(context)), "Cache-Control": "no-store" } },
  );
}
