import type { ActionFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/i18n/i18next.server";
import { startPasswordReset } from "~/models/accounts/index.server";
import { jsonOk, parseJsonBody, postOnly } from "~/auth/account-api.server";
import { EmailSchema } from "~/shared/account-schemas";
import { bilingual } from "~/i18n/bilingual.server";
import { outcomeError } from "~/auth/auth.server";
import { clientAddress } from "~/utils/client-address.server";

/** The same answer whether or not the e-mail has an account. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const { data } = await parseJsonBody(request, EmailSchema);
  const outcome = await startPasswordReset(data.email, { language: await getLanguage(request), address: clientAddress(context) });
  if (!outcome.ok) return outcomeError(outcome);
  return jsonOk({ message: bilingual(`account.messages.${outcome.message}`) });
}

export const loader = postOnly;
