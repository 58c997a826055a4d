import type { ActionFunctionArgs } from "@remix-run/node";
import { confirmPaymentByProviderId } from "~/models/payment.server";
import { getPaymentProvider } from "~/payments/index.server";
import { jsonError } from "~/utils/api.server";
import { bilingual } from "~/i18n/bilingual.server";

/**
 * Where a hosted-page gateway (MyFatoorah, Tap, KNET) reports a payment. The provider checks the signature;
 * the payment is then confirmed by asking the provider, exactly as the return page does, so a replayed or forged
 * body can never mark an order paid by itself.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, bilingual("api.methodNotAllowed"));
  let provider;
  try {
    provider = getPaymentProvider(params.provider ?? "");
  } catch {
    return jsonError(404, bilingual("payment.unknownProvider"));
  }
  const event = await provider.parseWebhook(request);
  if (!event) return jsonError(401, bilingual("payment.invalidSignature"));
  const result = await confirmPaymentByProviderId(provider.name, event.providerPaymentId);
  if (!result) return jsonError(404, bilingual("payment.unknownPayment"));
  return Response.json({ status: result.state }, { headers: { "Cache-Control": "no-store" } });
}
