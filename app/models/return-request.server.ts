import { hitRateLimit } from "~/models/rate-limit.server";
import { ReturnError, requestReturn, type RequestReturnInput } from "~/models/return.server";

/**
 * A shopper's return request as the API and the request page make it: phone guesses are limited per order (as the
 * invoice lookup's), and a refusal is the message key of its reason with its HTTP status.
 */
export type ReturnRequestOutcome =
  | { ok: true; value: Awaited<ReturnType<typeof requestReturn>> }
  | { ok: false; status: 403 | 404 | 409; key: `returns.errors.${ReturnFailureShown}` }
  | { ok: false; status: 429; retryAfterSeconds: number };

type ReturnFailureShown = "notFound" | "wrongPhone" | "notDelivered" | "windowClosed" | "notInOrder" | "tooMany" | "personalised" | "noItems";

export async function makeReturnRequest(input: RequestReturnInput): Promise<ReturnRequestOutcome> {
  try {
    return { ok: true, value: await requestReturn(input) };
  } catch (error) {
    if (!(error instanceof ReturnError)) throw error;
    if (error.reason === "wrongPhone") {
      const guesses = await hitRateLimit(`return-phone:${input.orderNumber}`, 10, 3600);
      if (!guesses.allowed) return { ok: false, status: 429, retryAfterSeconds: guesses.retryAfterSeconds };
    }
    const shown: ReturnFailureShown = isShown(error.reason) ? error.reason : "notInOrder";
    return { ok: false, status: error.status, key: `returns.errors.${shown}` };
  }
}

function isShown(reason: string): reason is ReturnFailureShown {
  return ["notFound", "wrongPhone", "notDelivered", "windowClosed", "notInOrder", "tooMany", "personalised", "noItems"].includes(reason);
}
