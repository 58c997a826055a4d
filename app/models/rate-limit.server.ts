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

export const TOO_MANY_ATTEMPTS_MESSAGE =
  "Too many attempts. Please wait a few minutes and try again. / محاولات كثيرة جداً. يرجى الانتظار بضع دقائق ثم المحاولة مرة أخرى.";
