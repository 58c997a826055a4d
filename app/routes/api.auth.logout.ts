import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonOk, postOnly } from "~/auth/account-api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { destroyCustomerSession } from "~/auth/session.server";

/** Deletes the session row, so the cookie or token stops working even if someone kept a copy. */
export async function action({ request }: ActionFunctionArgs) {
  const setCookie = await destroyCustomerSession(request);
  return jsonOk({ message: bilingual("account.messages.loggedOut") }, { "Set-Cookie": setCookie });
}

export const loader = postOnly;
