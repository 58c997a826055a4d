import type { ActionFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/i18n/i18next.server";
import { resetPassword } from "~/models/accounts/index.server";
import { jsonOk, parseJsonBody, postOnly } from "~/auth/account-api.server";
import { ResetPasswordSchema } from "~/shared/account-schemas";
import { outcomeError } from "~/auth/auth.server";
import { bilingual } from "~/i18n/bilingual.server";
import { clearProofCookieHeader, getProof } from "~/auth/verification-proof.server";

/** Only for the client that verified the reset code (its cookie or `verificationToken`), not for anyone with the e-mail. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const { data, token } = await parseJsonBody(request, ResetPasswordSchema);
  const outcome = await resetPassword(data.email, data.password, getProof(request, "reset", data.email, token), await getLanguage(request));
  if (!outcome.ok) return outcomeError(outcome);
  return jsonOk({ message: bilingual(`account.messages.${outcome.message}`) }, { "Set-Cookie": clearProofCookieHeader("reset") });
}

export const loader = postOnly;
