import { OrderError } from "./order.server";
import { giveBackRateLimitHit, hitRateLimit, type RateLimitResult } from "~/models/shop/index.server";

/**
 * Wrong discount codes one client may try (docs/decisions/0039-hold-share-and-code-guessing.md): the checkout's
 * Apply, the checkout's Pay and `couponCode` on `POST /api/orders` share this budget. A code that turns out usable
 * gives its attempt back, so a shopper with a real code is never stopped by applying it again and again.
 */
export const COUPON_FAILURES_PER_WINDOW = 10;
export const COUPON_FAILURES_WINDOW_SECONDS = 15 * 60;

function attemptsKey(address: string): string {
  return `coupon:${address}`;
}

/**
 * Takes one attempt before a code is checked, atomically, so a burst of guesses cannot all pass a check made before
 * any of them is counted; `allowed` false means the code must not be checked at all.
 */
export function takeCouponAttempt(address: string, now = new Date()): Promise<RateLimitResult> {
  return hitRateLimit(attemptsKey(address), COUPON_FAILURES_PER_WINDOW, COUPON_FAILURES_WINDOW_SECONDS, now);
}

/** The code was usable (or was never checked): its attempt goes back. */
export function giveBackCouponAttempt(address: string, now = new Date()): Promise<void> {
  return giveBackRateLimitHit(attemptsKey(address), now);
}

/**
 * Places an order whose payload names a discount code under the client's budget of wrong codes: refused with the
 * attempt's result when the budget is spent; otherwise the attempt is kept only when the order was refused for its
 * code, since any other outcome says nothing the shopper could use to guess a code.
 */
export async function withCouponAttempt<T>(
  address: string,
  couponCode: string | null | undefined,
  place: () => Promise<T>,
): Promise<{ refused: RateLimitResult } | { placed: T }> {
  if (!couponCode?.trim()) return { placed: await place() };
  const attempt = await takeCouponAttempt(address);
  if (!attempt.allowed) return { refused: attempt };
  try {
    const placed = await place();
    await giveBackCouponAttempt(address);
    return { placed };
  } catch (error) {
    if (!(error instanceof OrderError && error.code === "coupon")) await giveBackCouponAttempt(address);
    throw error;
  }
}
