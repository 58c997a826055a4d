import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyLogin } from "~/models/accounts/index.server";
import { jsonOk, parseJsonBody, postOnly } from "~/auth/account-api.server";
import { LoginSchema } from "~/shared/account-schemas";
import { outcomeError } from "~/auth/auth.server";
import { clientAddress } from "~/utils/client-address.server";
import { createCustomerSession } from "~/auth/session.server";
import { issueDeviceCookie, readDeviceCookie } from "~/auth/device-cookie.server";

/** Answers the e-mail and a bearer token (the session row's id); browsers also get the session cookie. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const { data } = await parseJsonBody(request, LoginSchema);
  const device = await readDeviceCookie(request, "login");
  const outcome = await verifyLogin(data.email, data.password, { address: clientAddress(context), device });
  if (!outcome.ok) return outcomeError(outcome);
  const { token, setCookie, cartCookie } = await createCustomerSession(request, outcome.customer.id);
  const response = jsonOk({ email: outcome.customer.email, token }, { "Set-Cookie": setCookie });
  if (cartCookie) response.headers.append("Set-Cookie", cartCookie);
  response.headers.append("Set-Cookie", await issueDeviceCookie("login", outcome.customer.email));
  return response;
}

export const loader = postOnly;
