import type { ActionFunctionArgs } from "@remix-run/node";
import { parseJsonBody, postOnly } from "~/auth/account-api.server";
import { bilingual, bilingualFrom } from "~/i18n/bilingual.server";
import { getLanguage } from "~/i18n/i18next.server";
import { signUpForStockNotice } from "~/models/catalogue/index.server";
import { EmailSchema } from "~/shared/account-schemas";
import { localized } from "~/shared/language";
import * as z from "~/shared/zod";
import { jsonError, tooManyRequests } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";

/** `variantId` names the variant waited for: required for a product with options, ignored (whatever it is) for one without. */
const NotifySchema = EmailSchema.extend({ variantId: z.unknown().optional() });

/**
 * `POST /api/products/{id}/notify` with `{ email, variantId? }`: one back-in-stock e-mail when the product (or the
 * variant) is for sale again, in the language of the request (`lang` cookie, then `Accept-Language`), once the
 * address has confirmed through the link of a confirmation mail. 201 for every sign-up taken, new or not
 * (docs/decisions/0041); 400 a bad e-mail or a product with options without one of its variants, 404 an unknown or
 * hidden product, 409 a product (variant) in stock now, 429 too many sign-ups.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, bilingual("api.methodNotAllowed"));
  const { data } = await parseJsonBody(request, NotifySchema);
  const productId = String(params.id ?? "").slice(0, 64);
  const result = await signUpForStockNotice(
    { productId, variantId: typeof data.variantId === "string" ? data.variantId.slice(0, 64) : null, email: data.email, language: await getLanguage(request) },
    { address: clientAddress(context) },
  );
  if (result.outcome === "tooMany") return tooManyRequests(result.retryAfterSeconds);
  if (result.outcome === "variantRequired") {
    const { productName } = result;
    return jsonError(400, bilingualFrom((t, language) => t("checkout.variantRequired", { name: localized(language, productName) })));
  }
  if (!result.ok) return jsonError(result.status as 404 | 409, bilingual(`stockNotices.answers.${result.outcome}`));
  return Response.json(
    { message: bilingual(`stockNotices.answers.${result.outcome}`, { email: result.email }), email: result.email },
    { status: result.status, headers: { "Cache-Control": "no-store" } },
  );
}

export const loader = postOnly;
