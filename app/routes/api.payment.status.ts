import type { LoaderFunctionArgs } from "@remix-run/node";
import { bilingual } from "~/i18n/bilingual.server";
import { verifyOrderPayment } from "~/models/payment.server";
import { jsonError } from "~/utils/api.server";

/** SPEC section 7: `{ status }`, "paid" meaning success. The provider is asked before answering. */
export async function loader({ request }: LoaderFunctionArgs) {
  const orderId = new URL(request.url).searchParams.get("orderId")?.trim();
  if (!orderId) return jsonError(400, await bilingual("payment.missingOrderId"));
  const result = await verifyOrderPayment(orderId);
  if (!result) return jsonError(404, await bilingual("tracking.notFound"));
  return Response.json({ status: result.state, orderNumber: result.orderNumber }, { headers: { "Cache-Control": "no-store" } });
}
