-- AlterTable
ALTER TABLE "ReturnItem" ADD COLUMN     "exchangeOptionValues" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "exchangeVariantId" TEXT COLLATE "C";

