import type { LoaderFunctionArgs } from "@remix-run/node";
import { jsonOk } from "~/auth/account-api.server";
import { getCustomerFromRequest } from "~/auth/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const customer = await getCustomerFromRequest(request);
  return jsonOk({ email: customer?.email ?? null, isAuthenticated: Boolean(customer) });
}
