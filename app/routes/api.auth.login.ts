import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyLogin } from "~/models/customer.server";
import { jsonOk, parseJsonBody, postOnly } from "~/auth/account-api.server";
import { LoginSchema } from "~/shared/account-schemas";
import { outcomeError } from "~/auth/auth.server";
import { clientAddress } from "~/utils/client-address.server";
import { createCustomerSession } from "~/auth/session.server";

/** Answers the e-mail and a bearer token (the session row's id); browsers also get the session cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { data } = await parseJsonBody(request, LoginSchema);
  const outcome = await verifyLogin(data.email, data.password, { address: clientAddress(context) });
  if (!outcome.ok) return outcomeError(outcome);
  const { token, setCookie } = await createCustomerSession(request, outcome.customer.id);
  return jsonOk({ email: outcome.customer.email, token }, { "Set-Cookie": setCookie });
}

export const loader = postOnly;
