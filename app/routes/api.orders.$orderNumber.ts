import type { LoaderFunctionArgs } from "@remix-run/node";
import { bilingual } from "~/i18n/bilingual.server";
import { getOrderByNumber } from "~/models/orders/index.server";
import { hitRateLimit } from "~/models/shop/index.server";
import { jsonError, tooManyRequests } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";
import { normalizeOrderNumber } from "~/shared/order-number";

/** SPEC section 7: the status of an order by its number. Only the status: the number alone reveals nothing else. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const limit = await hitRateLimit(`lookup:${clientAddress(context)}`, 60, 600);
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
  const order = await getOrderByNumber(normalizeOrderNumber(params.orderNumber ?? ""));
  if (!order || order.paymentStatus !== "paid") return jsonError(404, bilingual("tracking.notFound"));
  return Response.json({ orderNumber: order.orderNumber, status: order.status }, { headers: { "Cache-Control": "no-store" } });
}
