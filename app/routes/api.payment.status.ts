import type { LoaderFunctionArgs } from "@remix-run/node";
import { bilingual } from "~/i18n/bilingual.server";
import { verifyOrderPayment, hitPaymentLimits } from "~/models/payments/index.server";
import { PaymentGatewayError } from "~/payments/provider.server";
import { jsonError, tooManyRequests } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";

/**
 * SPEC section 7: `{ status }`, "paid" meaning success. The provider is asked before answering, unless it said
 * "not yet" about the attempt seconds ago (STATUS_CACHE_MS); reads are limited per order and per client (429).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const orderId = new URL(request.url).searchParams.get("orderId")?.trim();
  if (!orderId) return jsonError(400, bilingual("payment.missingOrderId"));
  const limit = await hitPaymentLimits("status", orderId, clientAddress(context));
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
  let result;
  try {
    result = await verifyOrderPayment(orderId, undefined, { shopper: true, recheck: true });
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    return jsonError(502, bilingual("payment.statusFailed"));
  }
  if (!result) return jsonError(404, bilingual("payment.orderNotFound"));
  // Cancelled before the gateway's money came: still "failed", with the words that say the money comes back.
  const refundDue = result.takenAfterCancel ? { message: bilingual("payment.cancelledBeforePaymentBody", { orderNumber: result.orderNumber }) } : {};
  return Response.json({ status: result.state, orderNumber: result.orderNumber, ...refundDue }, { headers: { "Cache-Control": "no-store" } });
}
