import type { LoaderFunctionArgs } from "@remix-run/node";
import { bilingual } from "~/i18n/bilingual.server";
import { verifyOrderPayment } from "~/models/payment.server";
import { PaymentGatewayError } from "~/payments/provider.server";
import { jsonError } from "~/utils/api.server";

/** SPEC section 7: `{ status }`, "paid" meaning success. The provider is asked before answering. */
export async function loader({ request }: LoaderFunctionArgs) {
  const orderId = new URL(request.url).searchParams.get("orderId")?.trim();
  if (!orderId) return jsonError(400, bilingual("payment.missingOrderId"));
  let result;
  try {
    result = await verifyOrderPayment(orderId);
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    return jsonError(502, bilingual("payment.statusFailed"));
  }
  if (!result) return jsonError(404, bilingual("tracking.notFound"));
  return Response.json({ status: result.state, orderNumber: result.orderNumber }, { headers: { "Cache-Control": "no-store" } });
}
