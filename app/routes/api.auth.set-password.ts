import type { ActionFunctionArgs } from "@remix-run/node";
import { completeRegistration } from "~/models/accounts/index.server";
import { jsonOk, parseJsonBody, postOnly } from "~/auth/account-api.server";
import { SetPasswordSchema } from "~/shared/account-schemas";
import { outcomeError } from "~/auth/auth.server";
import { bilingual } from "~/i18n/bilingual.server";
import { clientAddress } from "~/utils/client-address.server";
import { clearProofCookieHeader, getProof } from "~/auth/verification-proof.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const { data, token } = await parseJsonBody(request, SetPasswordSchema);
  const outcome = await completeRegistration(data, getProof(request, "register", data.email, token), { address: clientAddress(context) });
  if (!outcome.ok) return outcomeError(outcome);
  return jsonOk({ message: bilingual(`account.messages.${outcome.message}`) }, { "Set-Cookie": clearProofCookieHeader("register") });
}

export const loader = postOnly;
