import type { ActionFunctionArgs } from "@remix-run/node";
import { PayBodySchema } from "~/api/request-schemas.server";
import { emptyShopperCart } from "~/auth/shopper-cart.server";
import { bilingual } from "~/i18n/bilingual.server";
import { confirmPayment, hitPaymentLimits } from "~/models/payments/index.server";
import { hitRateLimit } from "~/models/shop/index.server";
import { jsonError, readJsonBody, tooManyRequests } from "~/utils/api.server";
import { clientAddress } from "~/utils/client-address.server";

/**
 * SPEC section 7: `{ orderSessionId }` → the order number, but only once the provider has confirmed the payment.
 * It never marks anything paid by itself: it asks the provider, exactly like the return page.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, bilingual("api.methodNotAllowed"));
  const limit = await hitRateLimit(`pay:${clientAddress(context)}`, 120, 600);
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds);
  const body = PayBodySchema.safeParse(await readJsonBody(request));
  if (!body.success) return jsonError(400, bilingual("payment.sessionNotFound"), { orderSessionId: [bilingual("payment.sessionNotFound")] });
  const reads = await hitPaymentLimits("status", body.data.orderSessionId, clientAddress(context));
  if (!reads.allowed) return tooManyRequests(reads.retryAfterSeconds);

  const result = await confirmPayment(body.data.orderSessionId, undefined, { shopper: true });
  if (!result) return jsonError(404, bilingual("payment.sessionNotFound"));
  if (result.state !== "paid") return jsonError(409, bilingual("payment.failedBody"));
  return Response.json(
    { orderNumber: result.orderNumber, message: bilingual("payment.success") },
    { headers: { "Cache-Control": "no-store", "Set-Cookie": await emptyShopperCart(request) } },
  );
}
