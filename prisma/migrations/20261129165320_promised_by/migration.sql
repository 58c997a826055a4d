-- AlterTable
ALTER TABLE "Order" ADD COLUMN "lateCancelClaimedUntil" DATETIME;
ALTER TABLE "Order" ADD COLUMN "lateCancelledAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "promisedBy" TEXT;


-- Orders placed before the promise existed (docs/decisions/0093): the placing day (Kuwait, UTC+3) plus the default 3
-- delivery days. An order still open is never promised before the day this ran, so no order becomes late-cancellable
-- for a promise the shop never showed (an order 20 days old and not yet marked delivered waits 14 days like any other).
UPDATE "Order" SET "promisedBy" = CASE
    WHEN "status" IN ('delivered', 'cancelled') THEN date(CASE WHEN typeof("createdAt") = 'integer' THEN "createdAt" / 1000 ELSE "createdAt" END, CASE WHEN typeof("createdAt") = 'integer' THEN 'unixepoch' ELSE '+0 days' END, '+3 hours', '+3 days')
    ELSE MAX(date(CASE WHEN typeof("createdAt") = 'integer' THEN "createdAt" / 1000 ELSE "createdAt" END, CASE WHEN typeof("createdAt") = 'integer' THEN 'unixepoch' ELSE '+0 days' END, '+3 hours', '+3 days'), date('now', '+3 hours'))
  END
WHERE "promisedBy" IS NULL;
