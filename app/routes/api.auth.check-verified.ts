import type { ActionFunctionArgs } from "@remix-run/node";
import { isRegistrationVerified } from "~/models/accounts/index.server";
import { jsonOk, parseJsonBody, postOnly } from "~/auth/account-api.server";
import { EmailSchema } from "~/shared/account-schemas";
import { getProof } from "~/auth/verification-proof.server";

/** True only for the client that verified this e-mail and has not finished registering: it says nothing to others. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const { data, token } = await parseJsonBody(request, EmailSchema);
  const verified = await isRegistrationVerified(data.email, getProof(request, "register", data.email, token));
  return jsonOk({ verified });
}

export const loader = postOnly;
