-- AlterTable
ALTER TABLE "Payment" ADD COLUMN "checkedAt" DATETIME;
ALTER TABLE "Payment" ADD COLUMN "redirectUrl" TEXT;

