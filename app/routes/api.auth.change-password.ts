import type { ActionFunctionArgs } from "@remix-run/node";
import { getLanguage } from "~/i18n/i18next.server";
import { changePassword } from "~/models/accounts/index.server";
import { jsonOk, parseJsonBody, postOnly } from "~/auth/account-api.server";
import { ChangePasswordSchema } from "~/shared/account-schemas";
import { bilingual } from "~/i18n/bilingual.server";
import { outcomeError, requireApiCustomer } from "~/auth/auth.server";
import { clientAddress } from "~/utils/client-address.server";
import { destroyCustomerSession } from "~/auth/session.server";

/** Success ends every session of the customer, this one included: the client signs in again. */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return postOnly();
  const customer = await requireApiCustomer(request);
  const { data } = await parseJsonBody(request, ChangePasswordSchema);
  const outcome = await changePassword(customer, data.oldPassword, data.newPassword, {
    language: await getLanguage(request),
    address: clientAddress(context),
  });
  if (!outcome.ok) return outcomeError(outcome);
  return jsonOk({ message: bilingual(`account.messages.${outcome.message}`) }, { "Set-Cookie": await destroyCustomerSession(request) });
}

export const loader = postOnly;
