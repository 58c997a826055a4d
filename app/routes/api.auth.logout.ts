import type { ActionFunctionArgs } from "@remix-run/node";
import { jsonOk, postOnly } from "~/auth/account-api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { destroyCustomerSession } from "~/auth/session.server";
import { forgetOrdersPlacedHere } from "~/cookies/order-access.server";

/** Deletes the session row, so the cookie or token stops working even if someone kept a copy; forgets the orders placed here. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyCustomerSession(request));
  headers.append("Set-Cookie", await forgetOrdersPlacedHere());
  return jsonOk({ message: bilingual("account.messages.loggedOut") }, headers);
}

export const loader = postOnly;
