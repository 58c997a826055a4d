import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyRegistrationCode } from "~/models/accounts/index.server";
import { jsonOk, parseJsonBody, postOnly } from "~/auth/account-api.server";
import { VerifyCodeSchema } from "~/shared/account-schemas";
import { bilingual } from "~/i18n/bilingual.server";
import { outcomeError } from "~/auth/auth.server";
import { clientAddress } from "~/utils/client-address.server";
import { getProof, proofCookieHeader } from "~/auth/verification-proof.server";

/** A right code answers the proof twice: as an HttpOnly cookie and as `verificationToken` for API clients. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const { data, token } = await parseJsonBody(request, VerifyCodeSchema);
  const proof = getProof(request, "register", data.email, token);
  const outcome = await verifyRegistrationCode(data.email, data.verificationCode, proof, { address: clientAddress(context) });
  if (!outcome.ok) return outcomeError(outcome);
  const body = { message: bilingual(`account.messages.${outcome.message}`), alreadyVerified: outcome.alreadyVerified };
  if (!outcome.proofToken) return jsonOk(body);
  return jsonOk({ ...body, verificationToken: outcome.proofToken }, { "Set-Cookie": proofCookieHeader("register", outcome.proofToken) });
}

export const loader = postOnly;
