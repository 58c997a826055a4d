import type { ActionFunctionArgs } from "@remix-run/node";
import { AdminLoginSchema } from "~/shared/admin-schemas";
import { verifyAdminLogin } from "~/models/admin.server";
import { createAdminSession } from "~/auth/admin-session.server";
import { jsonError, readJsonBody, tooManyRequests } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { clientAddress } from "~/utils/client-address.server";
import { issueDeviceCookie, readDeviceCookie } from "~/auth/device-cookie.server";

/** POST /api/admin/timsar {email, password}: the administrator's login; sets the `__admin` cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const parsed = AdminLoginSchema.safeParse(await readJsonBody(request));
  if (!parsed.success || !parsed.data.email || !parsed.data.password) {
    return jsonError(400, bilingual("admin.login.invalidCredentials"));
  }
  const device = await readDeviceCookie(request, "admin-login");
  const result = await verifyAdminLogin(parsed.data.email, parsed.data.password, clientAddress(context), device);
  if (!result.ok) {
    if (result.reason === "tooManyAttempts") {
      return tooManyRequests(result.retryAfterSeconds);
    }
    return jsonError(401, bilingual("admin.login.invalidCredentials"));
  }
  const headers = new Headers({ "Set-Cookie": await createAdminSession(result.admin.id), "Cache-Control": "no-store" });
  headers.append("Set-Cookie", await issueDeviceCookie("admin-login", result.admin.email));
  return Response.json({ message: bilingual("admin.api.loggedIn"), email: result.admin.email, isAdmin: true }, { headers });
}

export function loader() {
  return jsonError(405, bilingual("admin.api.methodNotAllowed"));
}
