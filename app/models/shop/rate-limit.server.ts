import { prisma } from "~/db.server";

/** Order attempts per client (`orders:<address>`), shared by the checkout form and POST /api/orders. */
export const ORDER_ATTEMPTS_PER_WINDOW = 120;
export const ORDER_ATTEMPTS_WINDOW_SECONDS = 600;

export type RateLimitResult = { allowed: boolean; retryAfterSeconds: number; remaining: number };

/**
 * A fixed-window counter kept in the database, so limits hold across restarts and several server processes.
 * The increment is one atomic upsert: concurrent requests cannot both take the last attempt.
 */
export async function hitRateLimit(key: string, limit: number, windowSeconds: number, now = new Date()): Promise<RateLimitResult> {
  const resetsAt = new Date(now.getTime() + windowSeconds * 1000);
  const rows = await prisma.$queryRaw<{ count: number; resetsAt: number | string | Date }[]>`
    INSERT INTO "RateLimit" ("key", "count", "resetsAt") VALUES (${key}, 1, ${resetsAt})
    ON CONFLICT("key") DO UPDATE SET
      "count" = CASE WHEN "RateLimit"."resetsAt" <= ${now} THEN 1 ELSE "RateLimit"."count" + 1 END,
      "resetsAt" = CASE WHEN "RateLimit"."resetsAt" <= ${now} THEN ${resetsAt} ELSE "RateLimit"."resetsAt" END
    RETURNING "count", "resetsAt"`;
  const row = rows[0];
  const windowEnd = new Date(row.resetsAt).getTime();
  const count = Number(row.count);
  return {
    allowed: count <= limit,
    remaining: Math.max(0, limit - count),
    retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
  };
}

export async function resetRateLimit(key: string): Promise<void> {
  await prisma.rateLimit.deleteMany({ where: { key } });
}

/** The seconds until a counter already at its limit in a live window lets the client in again, 0 when it is not; this look is not counted. */
export async function secondsRateLimited(key: string, limit: number, now = new Date()): Promise<number> {
  const row = await prisma.rateLimit.findUnique({ where: { key } });
  if (!row || row.resetsAt <= now || row.count < limit) return 0;
  return Math.max(1, Math.ceil((row.resetsAt.getTime() - now.getTime()) / 1000));
}

export type Budget = { limit: number; windowSeconds: number };

/**
 * The three counters in front of anything that guesses a secret for an e-mail (docs/decisions/0016):
 * - per client address, across e-mails: checked first and alone, before any lookup or password hashing;
 * - per e-mail and address together: the lockout, so an attacker elsewhere cannot lock the owner out;
 * - per e-mail alone, far higher: still bounds a guess spread over many addresses.
 */
export type GuessBudgets = { perAddress: Budget; perEmailAddress: Budget; perEmail: Budget };

export function lockoutKey(scope: string, email: string, address: string): string {
  return `${scope}:email-ip:${email}|${address}`;
}

export async function hitGuessLimits(scope: string, email: string, address: string, budgets: GuessBudgets): Promise<RateLimitResult> {
  const addressKey = `${scope}:ip:${address}`;
  // A client already refused is refused by a read: a stranger's flood of guesses then writes nothing (issue 34).
  const wait = await secondsRateLimited(addressKey, budgets.perAddress.limit);
  if (wait > 0) return { allowed: false, remaining: 0, retryAfterSeconds: wait };
  const byAddress = await hitRateLimit(addressKey, budgets.perAddress.limit, budgets.perAddress.windowSeconds);
  if (!byAddress.allowed) return byAddress;
  const results = await Promise.all([
    hitRateLimit(lockoutKey(scope, email, address), budgets.perEmailAddress.limit, budgets.perEmailAddress.windowSeconds),
    hitRateLimit(`${scope}:email:${email}`, budgets.perEmail.limit, budgets.perEmail.windowSeconds),
  ]);
  const refused = results.find((result) => !result.allowed);
  return refused ?? results[0];
}

/**
 * Gives back one attempt taken by `hitRateLimit` in a window that is still running: for counters of failures, whose
 * attempt is taken before the outcome is known (so a burst cannot pass the limit) and returned when it went well.
 */
export async function giveBackRateLimitHit(key: string, now = new Date()): Promise<void> {
  await prisma.$executeRaw`UPDATE "RateLimit" SET "count" = "count" - 1 WHERE "key" = ${key} AND "count" > 0 AND "resetsAt" > ${now}`;
}

/** What a valid device cookie (app/auth/device-cookie.server.ts) names: its login and its random nonce. */
export type KnownDevice = { login: string; nonce: string };

/** The counter of one browser's device cookie (app/auth/device-cookie.server.ts) for one kind of login. */
export function deviceKey(scope: string, nonce: string): string {
  return `${scope}:device:${nonce}`;
}

/**
 * For a sign-in that presents a valid device cookie for its login: only that device's own attempts count, and once it
 * is over its budget only that device cookie is locked out. The per-address and per-e-mail counters are not consulted.
 */
export function hitDeviceLimit(scope: string, nonce: string, budget: Budget): Promise<RateLimitResult> {
  return hitRateLimit(deviceKey(scope, nonce), budget.limit, budget.windowSeconds);
}
