import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { destroyCustomerSession } from "~/auth/session.server";

/** The account page's logout button posts here; the session row is deleted, not just the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  return redirect("/", { headers: { "Set-Cookie": await destroyCustomerSession(request) } });
}

/** A GET never signs anyone out (a link or an image could trigger it). */
export function loader() {
  return redirect("/account");
}
