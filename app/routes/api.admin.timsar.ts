import type { ActionFunctionArgs } from "@remix-run/node";
import { AdminLoginSchema } from "~/shared/admin-schemas";
import { verifyAdminLogin, needsSecondStep } from "~/models/accounts/index.server";
import { createAdminSession } from "~/auth/admin-session.server";
import { jsonError, readJsonBody, tooManyRequests } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { auditAddress, clientAddress } from "~/utils/client-address.server";
import { issueDeviceCookie, readDeviceCookie } from "~/auth/device-cookie.server";
import { finishSecondStep } from "~/auth/second-step.server";

/** POST /api/admin/timsar {email, password}: the administrator's login; sets the `__admin` cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, bilingual("admin.api.methodNotAllowed"));
  const body = await readJsonBody(request);
  const parsed = AdminLoginSchema.safeParse(body);
  if (!parsed.success || !parsed.data.email || !parsed.data.password) {
    return jsonError(400, bilingual("admin.login.invalidCredentials"));
  }
  const device = await readDeviceCookie(request, "admin-login");
  const origin = { address: auditAddress(context), requestId: request.headers.get("x-request-id") };
  const result = await verifyAdminLogin(parsed.data.email, parsed.data.password, clientAddress(context), device, origin.address);
  if (!result.ok) {
    if (result.reason === "tooManyAttempts") {
      return tooManyRequests(result.retryAfterSeconds);
    }
    return jsonError(401, bilingual("admin.login.invalidCredentials"));
  }
  let headers: Headers;
  if (await needsSecondStep(result.admin.id)) {
    // Two-step sign-in: the same call carries `code`, the authenticator app's code or a recovery code.
    const code = body && typeof body === "object" && typeof (body as { code?: unknown }).code === "string" ? (body as { code: string }).code.slice(0, 32) : "";
    if (!code) return jsonError(401, bilingual("admin.api.codeRequired"));
    const second = await finishSecondStep(result.admin, code, clientAddress(context), origin);
    if (!second.ok) return second.reason === "tooManyAttempts" ? tooManyRequests(second.retryAfterSeconds) : jsonError(401, bilingual("admin.api.codeInvalid"));
    headers = second.headers;
  } else {
    headers = new Headers({ "Set-Cookie": await createAdminSession(result.admin.id, origin) });
    headers.append("Set-Cookie", await issueDeviceCookie("admin-login", result.admin.email));
  }
  headers.set("Cache-Control", "no-store");
  return Response.json({ message: bilingual("admin.api.loggedIn"), email: result.admin.email, isAdmin: true }, { headers });
}

export function loader() {
  return jsonError(405, bilingual("admin.api.methodNotAllowed"));
}
