-- CreateTable
CREATE TABLE "CatalogueVersion" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0
);


-- The one row every cache reads (docs/decisions/0055-catalogue-version.md).
INSERT INTO "CatalogueVersion" ("id", "version") VALUES (1, random() & 9007199254740991);

-- Every write to what a cached page shows gives the row a fresh random version in the same transaction. Prisma
-- rebuilds a SQLite table to change a column and drops its triggers with it: a migration that rebuilds one of these
-- tables must create its triggers again (tests/integration/catalogue-version.test.ts checks they are all there).
CREATE TRIGGER "Category_catalogue_insert" AFTER INSERT ON "Category" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Category_catalogue_update" AFTER UPDATE ON "Category" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Category_catalogue_delete" AFTER DELETE ON "Category" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Product_catalogue_insert" AFTER INSERT ON "Product" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Product_catalogue_update" AFTER UPDATE ON "Product" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Product_catalogue_delete" AFTER DELETE ON "Product" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductImage_catalogue_insert" AFTER INSERT ON "ProductImage" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductImage_catalogue_update" AFTER UPDATE ON "ProductImage" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductImage_catalogue_delete" AFTER DELETE ON "ProductImage" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductCustomTag_catalogue_insert" AFTER INSERT ON "ProductCustomTag" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductCustomTag_catalogue_update" AFTER UPDATE ON "ProductCustomTag" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ProductCustomTag_catalogue_delete" AFTER DELETE ON "ProductCustomTag" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "DeliveryArea_catalogue_insert" AFTER INSERT ON "DeliveryArea" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "DeliveryArea_catalogue_update" AFTER UPDATE ON "DeliveryArea" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "DeliveryArea_catalogue_delete" AFTER DELETE ON "DeliveryArea" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;

-- The low-stock digest's day is the owner's mail, not the shop's pages.
CREATE TRIGGER "ShopSetting_catalogue_insert" AFTER INSERT ON "ShopSetting" WHEN NEW."key" <> 'lowStockDigestDay' BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ShopSetting_catalogue_update" AFTER UPDATE ON "ShopSetting" WHEN NEW."key" <> 'lowStockDigestDay' BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "ShopSetting_catalogue_delete" AFTER DELETE ON "ShopSetting" WHEN OLD."key" <> 'lowStockDigestDay' BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;

-- The "Best sellers" sort counts paid orders: an order becoming paid, or leaving paid, moves it.
CREATE TRIGGER "Order_catalogue_update" AFTER UPDATE OF "paymentStatus" ON "Order" WHEN (OLD."paymentStatus" = 'paid') <> (NEW."paymentStatus" = 'paid') BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Order_catalogue_delete" AFTER DELETE ON "Order" WHEN OLD."paymentStatus" = 'paid' BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
