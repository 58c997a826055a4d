import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonOk, postOnly } from "~/utils/account-api.server";
import { bilingualMessage } from "~/utils/auth.server";
import { destroyCustomerSession } from "~/utils/session.server";

/** Deletes the session row, so the cookie or token stops working even if someone kept a copy. */
export async function action({ request }: ActionFunctionArgs) {
  const setCookie = await destroyCustomerSession(request);
  return jsonOk({ message: bilingualMessage("loggedOut") }, { "Set-Cookie": setCookie });
}

export const loader = postOnly;
