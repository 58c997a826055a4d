import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { ADMIN_LOGIN_PATH, destroyAdminSession } from "~/auth/admin-session.server";
import { auditAddress } from "~/utils/client-address.server";

export async function action({ request, context }: ActionFunctionArgs) {
  return redirect(ADMIN_LOGIN_PATH, { status: 303, headers: { "Set-Cookie": await destroyAdminSession(request, auditAddress(context)) } });
}

/** A GET never changes data: logging out takes a POST. */
export function loader() {
  return redirect(ADMIN_LOGIN_PATH);
}
