import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyCustomerSession } from "~/auth/session.server";
import { forgetOrdersPlacedHere } from "~/cookies/order-access.server";

/** The account page's logout button posts here; the session row is deleted, not just the cookie, and the orders placed here are forgotten. */
export async function action({ request }: ActionFunctionArgs) {
  const headers = new Headers();
  headers.append("Set-Cookie", await destroyCustomerSession(request));
  headers.append("Set-Cookie", await forgetOrdersPlacedHere());
  return redirect("/", { headers });
}

/** A GET never signs anyone out (a link or an image could trigger it). */
export function loader() {
  return redirect("/account");
}
