-- AlterTable: an added column with a default, so the release still running keeps working (docs/decisions/0018)
ALTER TABLE "Product" ADD COLUMN "lowStockThreshold" INTEGER NOT NULL DEFAULT 3;
