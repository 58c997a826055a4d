import type { ActionFunctionArgs } from "@remix-run/node";
import { postOnly } from "~/auth/account-api.server";
import { getCustomerFromRequest } from "~/auth/session.server";
import { ReturnRequestBodySchema } from "~/api/request-schemas.server";
import { invalidBody } from "~/api/invalid-body.server";
import { bilingual } from "~/i18n/bilingual.server";
import { hitRateLimit } from "~/models/shop/index.server";
import { makeReturnRequest } from "~/models/returns/index.server";
import { returnReadJson } from "~/api/answers/returns.server";
import { normalizeOrderNumber } from "~/shared/order-number";
import { jsonError, readJsonBody, tooManyRequests } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";

/**
 * `POST /api/orders/{orderNumber}/returns` (CONTRACT.md "Returns and exchanges"): the signed-in owner of the order,
 * or anyone giving its phone, asks to return delivered items within 14 days. 201 `{ return }`; 400 a malformed body;
 * 403 a wrong phone; 404 an unknown order; 409 (with the reason in both languages) not delivered, too late, not in
 * the order, more than is left, or personalised; 429 too many requests.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, bilingual("api.methodNotAllowed"));
  const address = clientAddress(context);
  const limit = await hitRateLimit(`returns:${address}`, 30, 600);
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
  const body = ReturnRequestBodySchema.safeParse(await readJsonBody(request));
  if (!body.success) return invalidBody(body.error);
  const { data } = body;
  const customer = await getCustomerFromRequest(request);
  const outcome = await makeReturnRequest({
    orderNumber: normalizeOrderNumber(params.orderNumber ?? ""),
    customerId: customer?.id ?? null,
    phone: data.phone ?? null,
    address,
    items: data.items.map((item) => ({ productId: item.productId, variantId: item.variantId ?? null, quantity: item.quantity, reason: item.reason, exchangeVariantId: item.exchangeVariantId ?? null })),
    resolution: data.resolution,
    notes: data.notes ?? null,
  });
  if (!outcome.ok) return outcome.status === 429 ? tooManyRequests(outcome.retryAfterSeconds) : jsonError(outcome.status, bilingual(outcome.key));
  return Response.json({ return: returnReadJson(outcome.value) }, { status: 201, headers: { "Cache-Control": "no-store" } });
}

export const loader = postOnly;
