import { hitRateLimit, type Budget, type RateLimitResult } from "~/models/shop/index.server";

/** What is counted: a load of /payment with a gateway (docs/decisions/0069), a start, a status read. */
export type PaymentLimitKind = "page" | "start" | "status";

/**
 * Budgets in front of the gateway (docs/decisions/0040), each counted per order and per client. A page is a load of
 * /payment that lists the gateway's ways to pay (the list is kept for minutes, the budget bounds the rest). A start is the
 * shopper picking a way to pay on /payment (one invoice or charge at most, the same page given again within
 * minutes); a status read is the return page, GET /api/payment/status and POST /api/orders/pay. A real shopper needs
 * a handful of each; the per-order budget of status reads leaves room for a page reloaded while the gateway is slow.
 */
export const PAYMENT_LIMITS: Record<PaymentLimitKind, { perOrder: Budget; perClient: Budget }> = {
  page: { perOrder: { limit: 30, windowSeconds: 600 }, perClient: { limit: 150, windowSeconds: 600 } },
  start: { perOrder: { limit: 10, windowSeconds: 600 }, perClient: { limit: 30, windowSeconds: 600 } },
  status: { perOrder: { limit: 60, windowSeconds: 600 }, perClient: { limit: 300, windowSeconds: 600 } },
};

/** Counts one page load, start or status read for the order (`orderKey`: its id or payment session id) and the client. */
export async function hitPaymentLimits(kind: PaymentLimitKind, orderKey: string, address: string): Promise<RateLimitResult> {
  const budgets = PAYMENT_LIMITS[kind];
  const byClient = await hitRateLimit(`payment-${kind}:ip:${address}`, budgets.perClient.limit, budgets.perClient.windowSeconds);
  if (!byClient.allowed) return byClient;
  return hitRateLimit(`payment-${kind}:order:${orderKey}`, budgets.perOrder.limit, budgets.perOrder.windowSeconds);
}

/** The `Retry-After` header of a refused request. */
export function retryAfter(limit: RateLimitResult): Record<string, string> {
  return { "Retry-After": String(limit.retryAfterSeconds) };
}
