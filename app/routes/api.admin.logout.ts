import type { ActionFunctionArgs } from "@remix-run/node";
import { destroyAdminSession } from "~/auth/admin-session.server";

/** POST /api/admin/logout: revokes the admin session row and clears the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  return Response.json(
    { message: "Logged out. / تم تسجيل الخروج." },
    { headers: { "Set-Cookie": await destroyAdminSession(request), "Cache-Control": "no-store" } },
  );
}
