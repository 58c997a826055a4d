import type { ActionFunctionArgs } from "@remix-run/node";
import { confirmPaymentByProviderId } from "~/models/payment.server";
import { getPaymentProvider } from "~/payments/index.server";
import { jsonError } from "~/utils/api.server";

/**
 * Where a hosted-page gateway (MyFatoorah, Tap, KNET) reports a payment. The provider checks the signature;
 * the payment is then confirmed by asking the provider, exactly as the return page does, so a replayed or forged
 * body can never mark an order paid by itself.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Method not allowed / الطريقة غير مسموحة");
  let provider;
  try {
    provider = getPaymentProvider(params.provider ?? "");
  } catch {
    return jsonError(404, "Unknown payment provider / مزود دفع غير معروف");
  }
  const event = await provider.parseWebhook(request);
  if (!event) return jsonError(401, "Invalid webhook signature / توقيع غير صالح");
  const result = await confirmPaymentByProviderId(provider.name, event.providerPaymentId);
  if (!result) return jsonError(404, "Unknown payment / دفعة غير معروفة");
  return Response.json({ status: result.state }, { headers: { "Cache-Control": "no-store" } });
}
