-- AlterTable
ALTER TABLE "Product" ADD COLUMN     "hasOptions" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "optionValues" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "variantId" TEXT COLLATE "C";

-- CreateTable
CREATE TABLE "ProductOption" (
    "id" TEXT COLLATE "C" NOT NULL,
    "productId" TEXT COLLATE "C" NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "nameEn" TEXT COLLATE "C" NOT NULL,
    "nameAr" TEXT COLLATE "C" NOT NULL,
    "values" JSONB NOT NULL DEFAULT '[]',

    CONSTRAINT "ProductOption_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ProductVariant" (
    "id" TEXT COLLATE "C" NOT NULL,
    "productId" TEXT COLLATE "C" NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "sku" TEXT COLLATE "C" NOT NULL DEFAULT '',
    "optionValues" JSONB NOT NULL DEFAULT '[]',
    "priceFils" INTEGER NOT NULL,
    "priceBeforeDiscountFils" INTEGER,
    "stockQuantity" INTEGER NOT NULL DEFAULT 0,
    "heldQuantity" INTEGER NOT NULL DEFAULT 0,
    "isAvailable" BOOLEAN NOT NULL DEFAULT true,
    "imageUrl" TEXT COLLATE "C",
    "isHidden" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "ProductVariant_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProductOption_productId_position_idx" ON "ProductOption"("productId", "position");

-- CreateIndex
CREATE INDEX "ProductVariant_productId_position_idx" ON "ProductVariant"("productId", "position");

-- CreateIndex
CREATE INDEX "OrderItem_variantId_idx" ON "OrderItem"("variantId");

-- AddForeignKey
ALTER TABLE "ProductOption" ADD CONSTRAINT "ProductOption_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProductVariant" ADD CONSTRAINT "ProductVariant_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Every product becomes a product with one variant (issue 31): its id is the product's, so cart lines, holds and
-- order lines of today name it. Price and stock go with it, and the product row stays their truth while the product
-- has no options (docs/decisions/0060-product-variants.md).
INSERT INTO "ProductVariant" ("id", "productId", "position", "sku", "optionValues", "priceFils", "priceBeforeDiscountFils", "stockQuantity", "heldQuantity", "isAvailable", "imageUrl", "isHidden")
SELECT "id", "id", 0, '', '[]', "priceFils", "priceBeforeDiscountFils", "stockQuantity", "heldQuantity", "isAvailable", NULL, false FROM "Product";
UPDATE "OrderItem" SET "variantId" = "productId" WHERE "productId" IS NOT NULL;

-- What a product page shows of its options and variants moves the catalogue version (decision 0055).
CREATE CONSTRAINT TRIGGER "ProductOption_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "ProductOption" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();
CREATE TRIGGER "ProductOption_catalogue_truncate" AFTER TRUNCATE ON "ProductOption" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "ProductVariant_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "ProductVariant" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();
CREATE TRIGGER "ProductVariant_catalogue_truncate" AFTER TRUNCATE ON "ProductVariant" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
