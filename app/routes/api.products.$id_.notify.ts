import type { ActionFunctionArgs } from "@remix-run/node";
import { parseJsonBody, postOnly } from "~/auth/account-api.server";
import { bilingual } from "~/i18n/bilingual.server";
import { getLanguage } from "~/i18n/i18next.server";
import { signUpForStockNotice } from "~/models/stock-notice.server";
import { EmailSchema } from "~/shared/account-schemas";
import { jsonError, tooManyRequests } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";

/**
 * `POST /api/products/{id}/notify` with `{ email }`: one back-in-stock e-mail when the product is for sale again,
 * in the language of the request (`lang` cookie, then `Accept-Language`), once the address has confirmed through
 * the link of a confirmation mail. 201 for every sign-up taken, new or not (docs/decisions/0041); 400 a bad e-mail,
 * 404 an unknown or hidden product, 409 a product in stock now, 429 too many sign-ups.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, bilingual("api.methodNotAllowed"));
  const { data } = await parseJsonBody(request, EmailSchema);
  const productId = String(params.id ?? "").slice(0, 64);
  const result = await signUpForStockNotice(
    { productId, email: data.email, language: await getLanguage(request) },
    { address: clientAddress(context) },
  );
  if (result.outcome === "tooMany") return tooManyRequests(result.retryAfterSeconds);
  if (!result.ok) return jsonError(result.status as 404 | 409, bilingual(`stockNotices.answers.${result.outcome}`));
  return Response.json(
    { message: bilingual(`stockNotices.answers.${result.outcome}`, { email: result.email }), email: result.email },
    { status: result.status, headers: { "Cache-Control": "no-store" } },
  );
}

export const loader = postOnly;
