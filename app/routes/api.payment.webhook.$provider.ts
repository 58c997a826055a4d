import type { ActionFunctionArgs } from "@remix-run/node";
import { confirmPaymentByProviderId } from "~/models/payments/index.server";
import { getPaymentProvider } from "~/payments/index.server";
import { PaymentGatewayError } from "~/payments/provider.server";
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
  // A signed event about something other than a payment (a refund, a supplier): acknowledged, nothing to do.
  if (!event.providerPaymentId) return Response.json({ status: "ignored" }, { headers: { "Cache-Control": "no-store" } });
  let result;
  try {
    result = await confirmPaymentByProviderId(provider.name, event.providerPaymentId);
  } catch (error) {
    if (!(error instanceof PaymentGatewayError)) throw error;
    // The gateway retries a webhook that failed; reconciliation asks again in any case.
    return jsonError(503, bilingual("payment.statusFailed"));
  }
  // CONTRACT.md: every valid event gets 2xx, even one about a payment this shop did not make (same portal account).
  if (!result) return Response.json({ status: "ignored" }, { headers: { "Cache-Control": "no-store" } });
  return Response.json({ status: result.state }, { headers: { "Cache-Control": "no-store" } });
}
