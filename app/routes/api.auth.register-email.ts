import type { ActionFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/i18n/i18next.server";
import { startRegistration } from "~/models/accounts/index.server";
import { jsonOk, parseJsonBody, postOnly } from "~/auth/account-api.server";
import { EmailSchema } from "~/shared/account-schemas";
import { bilingual } from "~/i18n/bilingual.server";
import { outcomeError } from "~/auth/auth.server";
import { clientAddress } from "~/utils/client-address.server";
import { getProof } from "~/auth/verification-proof.server";

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const { data, token } = await parseJsonBody(request, EmailSchema);
  const outcome = await startRegistration(data.email, getProof(request, "register", data.email, token), {
    language: await getLanguage(request),
    address: clientAddress(context),
  });
  if (!outcome.ok) return outcomeError(outcome);
  return jsonOk({ message: bilingual(`account.messages.${outcome.message}`), alreadyVerified: outcome.alreadyVerified });
}

export const loader = postOnly;
