-- AlterTable
-- Columns added in place (not the table redefined): "Order" keeps its catalogue-version triggers (decision 0055).
ALTER TABLE "Order" ADD COLUMN "nextReminderAt" DATETIME;
ALTER TABLE "Order" ADD COLUMN "reminderStep" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "remindedAt" DATETIME;

-- CreateIndex
CREATE INDEX "Order_nextReminderAt_idx" ON "Order"("nextReminderAt");
