-- CreateTable
CREATE TABLE "ProductOption" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "productId" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "nameEn" TEXT NOT NULL,
    "nameAr" TEXT NOT NULL,
    "values" JSONB NOT NULL DEFAULT '[]',
    CONSTRAINT "ProductOption_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ProductVariant" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "productId" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "sku" TEXT NOT NULL DEFAULT '',
    "optionValues" JSONB NOT NULL DEFAULT '[]',
    "priceFils" INTEGER NOT NULL,
    "priceBeforeDiscountFils" INTEGER,
    "stockQuantity" INTEGER NOT NULL DEFAULT 0,
    "heldQuantity" INTEGER NOT NULL DEFAULT 0,
    "isAvailable" BOOLEAN NOT NULL DEFAULT true,
    "imageUrl" TEXT,
    "isHidden" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "ProductVariant_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- Added, not rebuilt: a rebuild of "Product" would drop its catalogue-version triggers (decision 0055).
ALTER TABLE "Product" ADD COLUMN "hasOptions" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "OrderItem" ADD COLUMN "variantId" TEXT;
ALTER TABLE "OrderItem" ADD COLUMN "optionValues" JSONB NOT NULL DEFAULT '[]';
CREATE INDEX "OrderItem_variantId_idx" ON "OrderItem"("variantId");

-- CreateIndex
CREATE INDEX "ProductOption_productId_position_idx" ON "ProductOption"("productId", "position");

-- CreateIndex
CREATE INDEX "ProductVariant_productId_position_idx" ON "ProductVariant"("productId", "position");


-- Every product becomes a product with one variant (issue 31): its id is the product's, so cart lines, holds and
-- order lines of today name it. Price and stock go with it, and the product row stays their truth while the product
-- has no options (docs/decisions/0060-product-variants.md).
INSERT INTO "ProductVariant" ("id", "productId", "position", "sku", "optionValues", "priceFils", "priceBeforeDiscountFils", "stockQuantity", "heldQuantity", "isAvailable", "imageUrl", "isHidden")
SELECT "id", "id", 0, '', '[]', "priceFils", "priceBeforeDiscountFils", "stockQuantity", "heldQuantity", "isAvailable", NULL, false FROM "Product";
UPDATE "OrderItem" SET "variantId" = "productId" WHERE "productId" IS NOT NULL;

-- What a product page shows of its options and variants moves the catalogue version (decision 0055).
CREATE TRIGGER "ProductOption_catalogue_insert" AFTER INSERT ON "ProductOption" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductOption_catalogue_update" AFTER UPDATE ON "ProductOption" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductOption_catalogue_delete" AFTER DELETE ON "ProductOption" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductVariant_catalogue_insert" AFTER INSERT ON "ProductVariant" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductVariant_catalogue_update" AFTER UPDATE ON "ProductVariant" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductVariant_catalogue_delete" AFTER DELETE ON "ProductVariant" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
