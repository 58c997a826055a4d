import { giveBackRateLimitHit, hitRateLimit, secondsRateLimited, type Budget } from "~/models/shop/index.server";
import { readKuwaitiPhone } from "~/shared/phone";

/**
 * The one door for anything that opens an order by its number and phone (the invoice, returns, and later reviews and
 * cancellation; docs/decisions/0068): wrong phones are counted per order and per client address, and both counters
 * are checked and taken BEFORE the phone is compared, so once either is spent the right phone is refused like any
 * other. A right phone gives its attempt back: the owner looking again does not use up the budget.
 */
export const ORDER_PHONE_GUESSES: { perOrder: Budget; perAddress: Budget } = {
  perOrder: { limit: 10, windowSeconds: 3600 },
  perAddress: { limit: 30, windowSeconds: 3600 },
};

export type OrderPhoneCheck = { kind: "match" } | { kind: "wrongPhone" } | { kind: "limited"; retryAfterSeconds: number };

const perOrderKey = (orderNumber: string) => `order-phone:order:${orderNumber}`;
const perAddressKey = (address: string) => `order-phone:ip:${address}`;

/**
 * Whether `givenPhone` is the order's phone, for a client at `address` (`clientAddress(context)`). Call it only for
 * someone who is not already allowed (the signed-in owner, the administrator); never compare the phone yourself.
 */
export async function checkOrderPhone(order: { orderNumber: string; phone: string }, givenPhone: string | null | undefined, address: string): Promise<OrderPhoneCheck> {
  const orderKey = perOrderKey(order.orderNumber);
  const addressKey = perAddressKey(address);
  const { perOrder, perAddress } = ORDER_PHONE_GUESSES;
  // A client or an order already refused is refused by a read: a flood of guesses then writes nothing.
  const wait = Math.max(await secondsRateLimited(addressKey, perAddress.limit), await secondsRateLimited(orderKey, perOrder.limit));
  if (wait > 0) return { kind: "limited", retryAfterSeconds: wait };
  // No Kuwaiti phone at all (missing, or not 8 digits) cannot be the order's: nothing is learnt, nothing is counted.
  const phone = readKuwaitiPhone(givenPhone);
  if (!phone) return { kind: "wrongPhone" };
  // Taken before the answer is known, so a burst of guesses at once cannot pass either limit.
  const byAddress = await hitRateLimit(addressKey, perAddress.limit, perAddress.windowSeconds);
  if (!byAddress.allowed) return { kind: "limited", retryAfterSeconds: byAddress.retryAfterSeconds };
  const byOrder = await hitRateLimit(orderKey, perOrder.limit, perOrder.windowSeconds);
  if (!byOrder.allowed) {
    await giveBackRateLimitHit(addressKey);
    return { kind: "limited", retryAfterSeconds: byOrder.retryAfterSeconds };
  }
  if (phone !== order.phone) return { kind: "wrongPhone" };
  await Promise.all([giveBackRateLimitHit(addressKey), giveBackRateLimitHit(orderKey)]);
  return { kind: "match" };
}

/** Thrown by a model function whose lookup by number and phone `checkOrderPhone` refused: the caller answers 429. */
export class OrderPhoneLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("order phone guesses limited");
  }
}
