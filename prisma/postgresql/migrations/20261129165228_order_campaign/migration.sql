-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "utmCampaign" TEXT COLLATE "C",
ADD COLUMN     "utmMedium" TEXT COLLATE "C",
ADD COLUMN     "utmSource" TEXT COLLATE "C";

