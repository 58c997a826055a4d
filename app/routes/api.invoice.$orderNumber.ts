import type { LoaderFunctionArgs } from "@remix-run/node";
import { normalizeOrderNumber } from "~/shared/order-number";
import { bilingual } from "~/i18n/bilingual.server";
import { lookUpInvoice } from "~/auth/invoice-lookup.server";
import { jsonError, tooManyRequests } from "~/utils/api.server";

/**
 * SPEC section 7: 200 means the invoice exists. The signed `invoiceUrl` comes only to the order's owner, the
 * administrator, or a caller who also gives the order's phone number (`?phone=`).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const result = await lookUpInvoice(request, context, normalizeOrderNumber(params.orderNumber ?? ""), url.searchParams.get("phone"));
  if (result.kind === "limited") return tooManyRequests(result.retryAfterSeconds, result.message);
  if (result.kind === "notFound") return jsonError(404, bilingual("tracking.notFound"));
  return Response.json(
    { orderNumber: result.orderNumber, status: result.status, invoiceUrl: result.invoiceUrl ?? undefined },
    { headers: { "Cache-Control": "no-store" } },
  );
}
