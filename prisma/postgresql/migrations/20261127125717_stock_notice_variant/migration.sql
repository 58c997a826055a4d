-- Back in stock per variant (issue 31).
ALTER TABLE "StockNotice" ADD COLUMN     "variantId" TEXT COLLATE "C";

-- A product without options waits for its one variant, which has the id of the product. Sign-ups made for a product that
-- has options since keep NULL and wait for any of its variants.
UPDATE "StockNotice" SET "variantId" = "productId"
WHERE EXISTS (SELECT 1 FROM "Product" p WHERE p."id" = "StockNotice"."productId" AND p."hasOptions" = FALSE)
  AND EXISTS (SELECT 1 FROM "ProductVariant" v WHERE v."id" = "StockNotice"."productId");

-- DropIndex
DROP INDEX "StockNotice_productId_email_key";

-- CreateIndex
CREATE UNIQUE INDEX "StockNotice_productId_variantId_email_key" ON "StockNotice"("productId", "variantId", "email");

-- AddForeignKey
ALTER TABLE "StockNotice" ADD CONSTRAINT "StockNotice_variantId_fkey" FOREIGN KEY ("variantId") REFERENCES "ProductVariant"("id") ON DELETE SET NULL ON UPDATE CASCADE;
