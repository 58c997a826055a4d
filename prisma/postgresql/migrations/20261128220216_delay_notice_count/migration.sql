-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "delayNoticeCount" INTEGER NOT NULL DEFAULT 0;

