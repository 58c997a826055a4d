-- CreateTable
CREATE TABLE "ProductVersion" (
    "productId" TEXT NOT NULL PRIMARY KEY,
    "version" BIGINT NOT NULL DEFAULT 0
);


-- Finer catalogue versions (docs/decisions/0059-finer-catalogue-versions.md). Every product starts at 1.
INSERT INTO "ProductVersion" ("productId", "version") SELECT "id", 1 FROM "Product";

-- A product's own version counts every write to what its page or the product API shows: all but the held units and
-- the owner's low-stock threshold. Counting up rather than random: the sum of all of them is the version of the
-- answers that show every product's stock (GET /api/products), and a sum of counts only grows.
CREATE TRIGGER "Product_version_insert" AFTER INSERT ON "Product" BEGIN INSERT INTO "ProductVersion" ("productId", "version") VALUES (NEW."id", 1) ON CONFLICT ("productId") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "Product_version_delete" AFTER DELETE ON "Product" BEGIN INSERT INTO "ProductVersion" ("productId", "version") VALUES (OLD."id", 1) ON CONFLICT ("productId") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "Product_version_update" AFTER UPDATE ON "Product"
  WHEN OLD."stockQuantity" IS NOT NEW."stockQuantity" OR OLD."updatedAt" IS NOT NEW."updatedAt" OR OLD."id" IS NOT NEW."id" OR OLD."nameEn" IS NOT NEW."nameEn" OR OLD."nameAr" IS NOT NEW."nameAr"
    OR OLD."descriptionEn" IS NOT NEW."descriptionEn" OR OLD."descriptionAr" IS NOT NEW."descriptionAr" OR OLD."priceFils" IS NOT NEW."priceFils"
    OR OLD."priceBeforeDiscountFils" IS NOT NEW."priceBeforeDiscountFils" OR OLD."hasDiscount" IS NOT NEW."hasDiscount" OR OLD."isAvailable" IS NOT NEW."isAvailable"
    OR OLD."isNewArrival" IS NOT NEW."isNewArrival" OR OLD."imageUrl" IS NOT NEW."imageUrl" OR OLD."colorNameEn" IS NOT NEW."colorNameEn" OR OLD."colorNameAr" IS NOT NEW."colorNameAr"
    OR OLD."colorLevelEn" IS NOT NEW."colorLevelEn" OR OLD."colorLevelAr" IS NOT NEW."colorLevelAr" OR OLD."filterColor" IS NOT NEW."filterColor"
    OR OLD."isVisible" IS NOT NEW."isVisible" OR OLD."createdAt" IS NOT NEW."createdAt" OR OLD."categoryId" IS NOT NEW."categoryId"
  BEGIN INSERT INTO "ProductVersion" ("productId", "version") VALUES (NEW."id", 1) ON CONFLICT ("productId") DO UPDATE SET "version" = "version" + 1; END;

-- The catalogue's version (the listings, every page's header and footer) no longer moves with a stock move that
-- leaves a product on sale or sold out as it was, nor with held units: listings show only whether a product is for
-- sale. Every other column is listed, and tests/integration/catalogue-version.test.ts fails when a new column is not.
DROP TRIGGER "Product_catalogue_update";
CREATE TRIGGER "Product_catalogue_update" AFTER UPDATE ON "Product"
  WHEN (OLD."stockQuantity" > 0) IS NOT (NEW."stockQuantity" > 0) OR OLD."id" IS NOT NEW."id" OR OLD."nameEn" IS NOT NEW."nameEn" OR OLD."nameAr" IS NOT NEW."nameAr"
    OR OLD."descriptionEn" IS NOT NEW."descriptionEn" OR OLD."descriptionAr" IS NOT NEW."descriptionAr" OR OLD."priceFils" IS NOT NEW."priceFils"
    OR OLD."priceBeforeDiscountFils" IS NOT NEW."priceBeforeDiscountFils" OR OLD."hasDiscount" IS NOT NEW."hasDiscount" OR OLD."isAvailable" IS NOT NEW."isAvailable"
    OR OLD."isNewArrival" IS NOT NEW."isNewArrival" OR OLD."imageUrl" IS NOT NEW."imageUrl" OR OLD."colorNameEn" IS NOT NEW."colorNameEn" OR OLD."colorNameAr" IS NOT NEW."colorNameAr"
    OR OLD."colorLevelEn" IS NOT NEW."colorLevelEn" OR OLD."colorLevelAr" IS NOT NEW."colorLevelAr" OR OLD."filterColor" IS NOT NEW."filterColor"
    OR OLD."isVisible" IS NOT NEW."isVisible" OR OLD."createdAt" IS NOT NEW."createdAt" OR OLD."categoryId" IS NOT NEW."categoryId"
  BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;

-- The "Best sellers" sort ranks the sales of whole Kuwait days before today: an order of today entering or leaving
-- paid changes no ranking until midnight, when the version's day changes anyway. One created before today still
-- moves it. Dates are kept as ISO text in UTC, and today's first instant in Kuwait (UTC+3) is written the same way.
DROP TRIGGER "Order_catalogue_update";
DROP TRIGGER "Order_catalogue_delete";
DROP TRIGGER "Order_catalogue_insert";
CREATE TRIGGER "Order_catalogue_update" AFTER UPDATE OF "paymentStatus" ON "Order"
  WHEN (OLD."paymentStatus" = 'paid') <> (NEW."paymentStatus" = 'paid') AND NEW."createdAt" < strftime('%Y-%m-%dT%H:%M:%S', date('now', '+3 hours'), '-3 hours')
  BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Order_catalogue_delete" AFTER DELETE ON "Order"
  WHEN OLD."paymentStatus" = 'paid' AND OLD."createdAt" < strftime('%Y-%m-%dT%H:%M:%S', date('now', '+3 hours'), '-3 hours')
  BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Order_catalogue_insert" AFTER INSERT ON "Order"
  WHEN NEW."paymentStatus" = 'paid' AND NEW."createdAt" < strftime('%Y-%m-%dT%H:%M:%S', date('now', '+3 hours'), '-3 hours')
  BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
