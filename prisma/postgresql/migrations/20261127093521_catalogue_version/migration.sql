-- CreateTable
CREATE TABLE "CatalogueVersion" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "CatalogueVersion_pkey" PRIMARY KEY ("id")
);


-- The one row every cache reads (docs/decisions/0055-catalogue-version.md).
INSERT INTO "CatalogueVersion" ("id", "version") VALUES (1, floor(random() * 9007199254740991)::bigint);

-- Every write to what a cached page shows gives the row a fresh random version in the same transaction. The row
-- triggers are deferred to the commit, so concurrent orders wait on the one row only while they commit, and a
-- transaction bumps it once however many rows it writes.
-- Prisma applies a migration one statement at a time, cut at every semicolon: the body writes its own as \073.
CREATE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS E'
BEGIN
  IF current_setting(''shop.catalogue_changed'', true) IS DISTINCT FROM txid_current()::text THEN
    PERFORM set_config(''shop.catalogue_changed'', txid_current()::text, true)\073
    UPDATE "CatalogueVersion" SET "version" = floor(random() * 9007199254740991)::bigint WHERE "id" = 1\073
  END IF\073
  RETURN NULL\073
END';

CREATE CONSTRAINT TRIGGER "Category_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "Category" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();
CREATE TRIGGER "Category_catalogue_truncate" AFTER TRUNCATE ON "Category" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "Product_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "Product" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();
CREATE TRIGGER "Product_catalogue_truncate" AFTER TRUNCATE ON "Product" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "ProductImage_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "ProductImage" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();
CREATE TRIGGER "ProductImage_catalogue_truncate" AFTER TRUNCATE ON "ProductImage" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "ProductCustomTag_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "ProductCustomTag" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();
CREATE TRIGGER "ProductCustomTag_catalogue_truncate" AFTER TRUNCATE ON "ProductCustomTag" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "DeliveryArea_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "DeliveryArea" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();
CREATE TRIGGER "DeliveryArea_catalogue_truncate" AFTER TRUNCATE ON "DeliveryArea" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
-- The low-stock digest's day is the owner's mail, not the shop's pages.
CREATE CONSTRAINT TRIGGER "ShopSetting_catalogue_insert" AFTER INSERT ON "ShopSetting" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."key" <> 'lowStockDigestDay') EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "ShopSetting_catalogue_update" AFTER UPDATE ON "ShopSetting" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW."key" <> 'lowStockDigestDay') EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "ShopSetting_catalogue_delete" AFTER DELETE ON "ShopSetting" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD."key" <> 'lowStockDigestDay') EXECUTE FUNCTION "catalogue_changed"();
CREATE TRIGGER "ShopSetting_catalogue_truncate" AFTER TRUNCATE ON "ShopSetting" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();

-- The "Best sellers" sort counts paid orders: an order becoming paid, or leaving paid, moves it.
CREATE CONSTRAINT TRIGGER "Order_catalogue_update" AFTER UPDATE OF "paymentStatus" ON "Order" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."paymentStatus" = 'paid') <> (NEW."paymentStatus" = 'paid')) EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "Order_catalogue_delete" AFTER DELETE ON "Order" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."paymentStatus" = 'paid') EXECUTE FUNCTION "catalogue_changed"();
CREATE TRIGGER "Order_catalogue_truncate" AFTER TRUNCATE ON "Order" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
