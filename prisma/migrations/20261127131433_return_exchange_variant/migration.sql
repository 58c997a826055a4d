-- AlterTable: additive (no table rebuild), an exchange's wanted variant per returned line (issue 32)
ALTER TABLE "ReturnItem" ADD COLUMN "exchangeVariantId" TEXT;
ALTER TABLE "ReturnItem" ADD COLUMN "exchangeOptionValues" JSONB NOT NULL DEFAULT '[]';
