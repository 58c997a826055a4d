import crypto from "node:crypto";

/**
 * Values no other test uses: the unit test files share one database and run in parallel, and the browser tests
 * share one server, so no test may count on a name, e-mail, phone or order number being free.
 */

/** Slugs, ids and client addresses: `prefix-1a2b3c4d5e6f`. */
export function uniqueId(prefix: string): string {
  return `${prefix}-${crypto.randomBytes(6).toString("hex")}`;
}

/** Names a page shows and a search finds: `prefix 1a2b3c4d`. */
export function uniqueName(prefix: string): string {
  return `${prefix} ${crypto.randomBytes(4).toString("hex")}`;
}

/**
 * A client address of its own (10.x.y.z), for a shopper sent through a shop that trusts one proxy (X-Forwarded-For):
 * the per-client limits and hold caps then count each test's shopper apart, as they count real shoppers.
 */
export function uniqueAddress(): string {
  const [a, b, c] = crypto.randomBytes(3);
  return `10.${a}.${b}.${c}`;
}

export function uniqueEmail(label = "shopper"): string {
  return `${label}-${Date.now()}-${crypto.randomBytes(3).toString("hex")}@example.com`;
}

/** Eight digits starting with 5, as Kuwaiti mobile numbers do. */
export function uniquePhone(): string {
  return `5${crypto.randomInt(1000000, 9999999)}`;
}

export function uniqueOrderNumber(): string {
  return `ORD-${Date.now()}${crypto.randomInt(100000, 999999)}`;
}
