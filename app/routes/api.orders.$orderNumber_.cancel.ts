import type { ActionFunctionArgs } from "@remix-run/node";
import { parseJsonBody, postOnly } from "~/auth/account-api.server";
import { getCustomerFromRequest } from "~/auth/session.server";
import { LateCancelBodySchema } from "~/api/request-schemas.server";
import { lateCancelJson } from "~/api/answers/orders.server";
import { bilingual } from "~/i18n/bilingual.server";
import { cancelLateOrder, LateCancelError } from "~/models/fulfilment/index.server";
import { OrderPhoneLimitedError } from "~/models/orders/index.server";
import { hitRateLimit } from "~/models/shop/index.server";
import { normalizeOrderNumber } from "~/shared/order-number";
import { jsonError, tooManyRequests } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";

/**
 * `POST /api/orders/{orderNumber}/cancel` (CONTRACT.md "Gifts and delivery times"): the signed-in owner of the
 * order, or anyone giving its phone, cancels a paid order not delivered 14 days after its promised day; everything
 * paid is refunded through its payment. 200 `{ message, order }` (again for a repeat); 403 a wrong phone; 404 an
 * unknown order; 409 too early, not paid, delivered or already cancelled; 429 too many guesses; 502 the gateway
 * refused or did not answer (nothing cancelled).
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, bilingual("api.methodNotAllowed"));
  const address = clientAddress(context);
  const limit = await hitRateLimit(`late-cancel:${address}`, 30, 600);
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
  const { data } = await parseJsonBody(request, LateCancelBodySchema);
  const customer = await getCustomerFromRequest(request);
  const orderNumber = normalizeOrderNumber(params.orderNumber ?? "");
  if (!orderNumber) return jsonError(404, bilingual("api.lateCancel.notFound"));
  try {
    const order = await cancelLateOrder(orderNumber, { customerId: customer?.id ?? null, phone: data.phone ?? null, address });
    return Response.json(lateCancelJson(order, bilingual("api.lateCancel.done")), { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof OrderPhoneLimitedError) return tooManyRequests(error.retryAfterSeconds);
    if (error instanceof LateCancelError) return jsonError(error.status, bilingual(`api.lateCancel.${error.reason}`));
    throw error;
  }
}

export const loader = postOnly;
