-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "nextReminderAt" TIMESTAMP(3),
ADD COLUMN     "remindedAt" TIMESTAMP(3),
ADD COLUMN     "reminderStep" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Order_nextReminderAt_idx" ON "Order"("nextReminderAt");

