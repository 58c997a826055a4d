import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyResetCode } from "~/models/accounts/index.server";
import { jsonOk, parseJsonBody, postOnly } from "~/auth/account-api.server";
import { ResetCodeSchema } from "~/shared/account-schemas";
import { bilingual } from "~/i18n/bilingual.server";
import { outcomeError } from "~/auth/auth.server";
import { clientAddress } from "~/utils/client-address.server";
import { proofCookieHeader } from "~/auth/verification-proof.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const { data } = await parseJsonBody(request, ResetCodeSchema);
  const outcome = await verifyResetCode(data.email, data.code, { address: clientAddress(context) });
  if (!outcome.ok) return outcomeError(outcome);
  return jsonOk(
    { message: bilingual(`account.messages.${outcome.message}`), verificationToken: outcome.proofToken },
    { "Set-Cookie": proofCookieHeader("reset", outcome.proofToken) },
  );
}

export const loader = postOnly;
