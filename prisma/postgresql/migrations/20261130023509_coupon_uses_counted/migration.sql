-- AlterTable
ALTER TABLE "Coupon" DROP COLUMN "usedCount";

