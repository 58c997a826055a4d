-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "lateCancelClaimedUntil" TIMESTAMP(3),
ADD COLUMN     "lateCancelledAt" TIMESTAMP(3),
ADD COLUMN     "promisedBy" TEXT COLLATE "C";


-- Orders placed before the promise existed (docs/decisions/0093): the placing day (Kuwait, UTC+3) plus the default 3
-- delivery days. An order still open is never promised before the day this ran, so no order becomes late-cancellable
-- for a promise the shop never showed (an order 20 days old and not yet marked delivered waits 14 days like any other).
UPDATE "Order" SET "promisedBy" = CASE
    WHEN "status" IN ('delivered', 'cancelled') THEN to_char(("createdAt" + interval '3 hours')::date + 3, 'YYYY-MM-DD')
    ELSE GREATEST(to_char(("createdAt" + interval '3 hours')::date + 3, 'YYYY-MM-DD'), to_char((now() AT TIME ZONE 'UTC' + interval '3 hours')::date, 'YYYY-MM-DD'))
  END
WHERE "promisedBy" IS NULL;
