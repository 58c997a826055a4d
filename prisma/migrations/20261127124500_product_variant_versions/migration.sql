-- A product's options and variants follow the finer versions of decision 0059, as the product's own columns do
-- (docs/decisions/0060-product-variants.md): every write to them counts the product's own version up (its page shows
-- them), except a variant's held units alone, and the listing version moves with every write but a stock move that
-- leaves the variant on sale or sold out as it was. The product's triggers are written again with the column the
-- variants added ("hasOptions"): tests/integration/catalogue-version.test.ts fails when a column is missing.
DROP TRIGGER "ProductVariant_catalogue_update";
CREATE TRIGGER "ProductVariant_catalogue_update" AFTER UPDATE ON "ProductVariant"
  WHEN (OLD."stockQuantity" > 0) IS NOT (NEW."stockQuantity" > 0)
    OR OLD."id" IS NOT NEW."id" OR OLD."productId" IS NOT NEW."productId" OR OLD."position" IS NOT NEW."position" OR OLD."sku" IS NOT NEW."sku"
    OR OLD."optionValues" IS NOT NEW."optionValues" OR OLD."priceFils" IS NOT NEW."priceFils" OR OLD."priceBeforeDiscountFils" IS NOT NEW."priceBeforeDiscountFils" OR OLD."isAvailable" IS NOT NEW."isAvailable"
    OR OLD."imageUrl" IS NOT NEW."imageUrl" OR OLD."isHidden" IS NOT NEW."isHidden"
  BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductVariant_version_insert" AFTER INSERT ON "ProductVariant" BEGIN INSERT INTO "ProductVersion" ("productId", "version") VALUES (NEW."productId", 1) ON CONFLICT ("productId") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "ProductVariant_version_delete" AFTER DELETE ON "ProductVariant" BEGIN INSERT INTO "ProductVersion" ("productId", "version") VALUES (OLD."productId", 1) ON CONFLICT ("productId") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "ProductVariant_version_update" AFTER UPDATE ON "ProductVariant"
  WHEN OLD."stockQuantity" IS NOT NEW."stockQuantity"
    OR OLD."id" IS NOT NEW."id" OR OLD."productId" IS NOT NEW."productId" OR OLD."position" IS NOT NEW."position" OR OLD."sku" IS NOT NEW."sku"
    OR OLD."optionValues" IS NOT NEW."optionValues" OR OLD."priceFils" IS NOT NEW."priceFils" OR OLD."priceBeforeDiscountFils" IS NOT NEW."priceBeforeDiscountFils" OR OLD."isAvailable" IS NOT NEW."isAvailable"
    OR OLD."imageUrl" IS NOT NEW."imageUrl" OR OLD."isHidden" IS NOT NEW."isHidden"
  BEGIN INSERT INTO "ProductVersion" ("productId", "version") VALUES (NEW."productId", 1) ON CONFLICT ("productId") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "ProductOption_version_insert" AFTER INSERT ON "ProductOption" BEGIN INSERT INTO "ProductVersion" ("productId", "version") VALUES (NEW."productId", 1) ON CONFLICT ("productId") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "ProductOption_version_update" AFTER UPDATE ON "ProductOption" BEGIN INSERT INTO "ProductVersion" ("productId", "version") VALUES (NEW."productId", 1) ON CONFLICT ("productId") DO UPDATE SET "version" = "version" + 1; END;
CREATE TRIGGER "ProductOption_version_delete" AFTER DELETE ON "ProductOption" BEGIN INSERT INTO "ProductVersion" ("productId", "version") VALUES (OLD."productId", 1) ON CONFLICT ("productId") DO UPDATE SET "version" = "version" + 1; END;

DROP TRIGGER "Product_version_update";
CREATE TRIGGER "Product_version_update" AFTER UPDATE ON "Product"
  WHEN OLD."stockQuantity" IS NOT NEW."stockQuantity" OR OLD."updatedAt" IS NOT NEW."updatedAt"
    OR OLD."id" IS NOT NEW."id" OR OLD."nameEn" IS NOT NEW."nameEn" OR OLD."nameAr" IS NOT NEW."nameAr" OR OLD."descriptionEn" IS NOT NEW."descriptionEn"
    OR OLD."descriptionAr" IS NOT NEW."descriptionAr" OR OLD."priceFils" IS NOT NEW."priceFils" OR OLD."priceBeforeDiscountFils" IS NOT NEW."priceBeforeDiscountFils" OR OLD."hasDiscount" IS NOT NEW."hasDiscount"
    OR OLD."isAvailable" IS NOT NEW."isAvailable" OR OLD."isNewArrival" IS NOT NEW."isNewArrival" OR OLD."imageUrl" IS NOT NEW."imageUrl" OR OLD."colorNameEn" IS NOT NEW."colorNameEn"
    OR OLD."colorNameAr" IS NOT NEW."colorNameAr" OR OLD."colorLevelEn" IS NOT NEW."colorLevelEn" OR OLD."colorLevelAr" IS NOT NEW."colorLevelAr" OR OLD."filterColor" IS NOT NEW."filterColor"
    OR OLD."isVisible" IS NOT NEW."isVisible" OR OLD."createdAt" IS NOT NEW."createdAt" OR OLD."categoryId" IS NOT NEW."categoryId" OR OLD."hasOptions" IS NOT NEW."hasOptions"
  BEGIN INSERT INTO "ProductVersion" ("productId", "version") VALUES (NEW."id", 1) ON CONFLICT ("productId") DO UPDATE SET "version" = "version" + 1; END;
DROP TRIGGER "Product_catalogue_update";
CREATE TRIGGER "Product_catalogue_update" AFTER UPDATE ON "Product"
  WHEN (OLD."stockQuantity" > 0) IS NOT (NEW."stockQuantity" > 0)
    OR OLD."id" IS NOT NEW."id" OR OLD."nameEn" IS NOT NEW."nameEn" OR OLD."nameAr" IS NOT NEW."nameAr" OR OLD."descriptionEn" IS NOT NEW."descriptionEn"
    OR OLD."descriptionAr" IS NOT NEW."descriptionAr" OR OLD."priceFils" IS NOT NEW."priceFils" OR OLD."priceBeforeDiscountFils" IS NOT NEW."priceBeforeDiscountFils" OR OLD."hasDiscount" IS NOT NEW."hasDiscount"
    OR OLD."isAvailable" IS NOT NEW."isAvailable" OR OLD."isNewArrival" IS NOT NEW."isNewArrival" OR OLD."imageUrl" IS NOT NEW."imageUrl" OR OLD."colorNameEn" IS NOT NEW."colorNameEn"
    OR OLD."colorNameAr" IS NOT NEW."colorNameAr" OR OLD."colorLevelEn" IS NOT NEW."colorLevelEn" OR OLD."colorLevelAr" IS NOT NEW."colorLevelAr" OR OLD."filterColor" IS NOT NEW."filterColor"
    OR OLD."isVisible" IS NOT NEW."isVisible" OR OLD."createdAt" IS NOT NEW."createdAt" OR OLD."categoryId" IS NOT NEW."categoryId" OR OLD."hasOptions" IS NOT NEW."hasOptions"
  BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
