-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "exchangeForOrderNumber" TEXT COLLATE "C";


-- Exchanges written before this column carried their origin only as the English note "Exchange for ORD-…": the
-- order number moves here (its note is worded per language from it), the stored English goes.
UPDATE "Order" SET "exchangeForOrderNumber" = SUBSTR("notes", 14), "notes" = NULL WHERE "notes" LIKE 'Exchange for ORD-%';
