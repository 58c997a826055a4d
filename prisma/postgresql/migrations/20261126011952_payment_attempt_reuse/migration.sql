-- AlterTable
ALTER TABLE "Payment" ADD COLUMN     "checkedAt" TIMESTAMP(3),
ADD COLUMN     "redirectUrl" TEXT COLLATE "C";

