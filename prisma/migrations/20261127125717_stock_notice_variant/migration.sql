-- Back in stock per variant (issue 31): additive, so the table keeps its place and nothing else changes.
ALTER TABLE "StockNotice" ADD COLUMN "variantId" TEXT REFERENCES "ProductVariant" ("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A product without options waits for its one variant, which has the id of the product. Sign-ups made for a product that
-- has options since keep NULL and wait for any of its variants.
UPDATE "StockNotice" SET "variantId" = "productId"
WHERE EXISTS (SELECT 1 FROM "Product" p WHERE p."id" = "StockNotice"."productId" AND p."hasOptions" = 0)
  AND EXISTS (SELECT 1 FROM "ProductVariant" v WHERE v."id" = "StockNotice"."productId");

DROP INDEX "StockNotice_productId_email_key";
CREATE UNIQUE INDEX "StockNotice_productId_variantId_email_key" ON "StockNotice"("productId", "variantId", "email");
