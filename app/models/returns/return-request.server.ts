import { OrderPhoneLimitedError } from "~/models/orders/index.server";
import {
  ReturnError,
  orderForShopperReturn,
  requestReturn,
  returnWindowProblem,
  returnableLines,
  returnsOfOrders,
  type RequestReturnInput,
} from "./return.server";
import { returnWindowEnd } from "~/shared/returns";

/**
 * A shopper's return request as the API and the request page make it: phone guesses are limited per order and per
 * client by the guard every lookup by number and phone shares (app/models/orders/order-phone-guard.server.ts), and a refusal
 * is the message key of its reason with its HTTP status.
 */
export type ReturnRequestOutcome =
  | { ok: true; value: Awaited<ReturnType<typeof requestReturn>> }
  | { ok: false; status: 400 | 403 | 404 | 409; key: `returns.errors.${ReturnFailureShown}` }
  | { ok: false; status: 429; retryAfterSeconds: number };

const SHOWN_FAILURES = [
  "notFound",
  "wrongPhone",
  "notDelivered",
  "windowClosed",
  "notInOrder",
  "tooMany",
  "personalised",
  "noItems",
  "badVariant",
  "variantSoldOut",
  "variantWithRefund",
] as const;
type ReturnFailureShown = (typeof SHOWN_FAILURES)[number];

export async function makeReturnRequest(input: RequestReturnInput & { address: string }): Promise<ReturnRequestOutcome> {
  try {
    return { ok: true, value: await requestReturn(input) };
  } catch (error) {
    if (error instanceof OrderPhoneLimitedError) return { ok: false, status: 429, retryAfterSeconds: error.retryAfterSeconds };
    if (!(error instanceof ReturnError)) throw error;
    const shown: ReturnFailureShown = isShown(error.reason) ? error.reason : "notInOrder";
    return { ok: false, status: error.status, key: `returns.errors.${shown}` };
  }
}

function isShown(reason: string): reason is ReturnFailureShown {
  return (SHOWN_FAILURES as readonly string[]).includes(reason);
}

/**
 * The request page's view of an order: the phone is asked (again) when it is missing or wrong, else the lines with
 * what is left of each, why the order takes no return now (if so), the window's last moment and the order's returns.
 */
export async function returnPageView(orderNumber: string, who: { customerId: string | null; phone: string; address: string }, now = new Date()) {
  let order;
  try {
    order = await orderForShopperReturn(orderNumber, who);
  } catch (error) {
    if (error instanceof OrderPhoneLimitedError) return { kind: "limited" as const, retryAfterSeconds: error.retryAfterSeconds };
    if (!(error instanceof ReturnError)) throw error;
    return { kind: "needPhone" as const, wrongPhone: Boolean(who.phone) };
  }
  if (!order) return { kind: "notFound" as const };
  const problem = returnWindowProblem(order, now);
  return {
    kind: "found" as const,
    orderNumber: order.orderNumber,
    lines: returnableLines(order),
    problem: problem ? (`returns.errors.${problem}` as const) : null,
    windowEnd: order.deliveredAt ? returnWindowEnd(order.deliveredAt).toISOString() : null,
    returns: (await returnsOfOrders([order.id])).get(order.id) ?? [],
  };
}
