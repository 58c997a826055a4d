import type { LoaderFunctionArgs } from "@remix-run/node";
import { getAdminFromRequest } from "~/auth/admin-session.server";

/** GET /api/admin/session: never an error, so a client can poll it (SPEC section 4). */
export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await getAdminFromRequest(request);
  return Response.json(admin ? { isAdmin: true, email: admin.email, role: admin.role } : { isAdmin: false }, { headers: { "Cache-Control": "no-store" } });
}
