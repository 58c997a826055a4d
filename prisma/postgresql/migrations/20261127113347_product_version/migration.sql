-- CreateTable
CREATE TABLE "ProductVersion" (
    "productId" TEXT COLLATE "C" NOT NULL,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ProductVersion_pkey" PRIMARY KEY ("productId")
);


-- Finer catalogue versions (docs/decisions/0059-finer-catalogue-versions.md). Every product starts at 1.
INSERT INTO "ProductVersion" ("productId", "version") SELECT "id", 1 FROM "Product";

-- A product's own version counts every write to what its page or the product API shows: all but the held units and
-- the owner's low-stock threshold. Counting up rather than random: the sum of all of them is the version of the
-- answers that show every product's stock (GET /api/products), and a sum of counts only grows. Deferred to the
-- commit as the catalogue's, and TG_ARGV[0] names the column holding the product's id, so a table of a product's parts
-- can use the same function. Prisma cuts a migration at every semicolon: the body writes its own as \073.
CREATE FUNCTION "product_changed"() RETURNS trigger LANGUAGE plpgsql AS E'
DECLARE
  product_id text\073
BEGIN
  IF TG_OP = ''DELETE'' THEN
    product_id := to_jsonb(OLD) ->> TG_ARGV[0]\073
  ELSE
    product_id := to_jsonb(NEW) ->> TG_ARGV[0]\073
  END IF\073
  INSERT INTO "ProductVersion" ("productId", "version") VALUES (product_id, 1)
    ON CONFLICT ("productId") DO UPDATE SET "version" = "ProductVersion"."version" + 1\073
  RETURN NULL\073
END';

CREATE CONSTRAINT TRIGGER "Product_version" AFTER INSERT OR DELETE ON "Product" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "product_changed"('id');
CREATE CONSTRAINT TRIGGER "Product_version_update" AFTER UPDATE ON "Product" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['heldQuantity', 'lowStockThreshold']) IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['heldQuantity', 'lowStockThreshold']))
  EXECUTE FUNCTION "product_changed"('id');

-- The catalogue's version (the listings, every page's header and footer) no longer moves with a stock move that
-- leaves a product on sale or sold out as it was, nor with held units: listings show only whether a product is for
-- sale. Every other column, today's and tomorrow's, moves it.
DROP TRIGGER "Product_catalogue" ON "Product";
CREATE CONSTRAINT TRIGGER "Product_catalogue" AFTER INSERT OR DELETE ON "Product" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "Product_catalogue_update" AFTER UPDATE ON "Product" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."stockQuantity" > 0) <> (NEW."stockQuantity" > 0)
    OR (to_jsonb(OLD) - ARRAY['stockQuantity', 'heldQuantity', 'lowStockThreshold', 'updatedAt']) IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['stockQuantity', 'heldQuantity', 'lowStockThreshold', 'updatedAt']))
  EXECUTE FUNCTION "catalogue_changed"();

-- The "Best sellers" sort ranks the sales of whole Kuwait days before today: an order of today entering or leaving
-- paid changes no ranking until midnight, when the version's day changes anyway. One created before today still
-- moves it. "createdAt" is UTC without a zone, and today's first instant in Kuwait (UTC+3) is written the same way.
DROP TRIGGER "Order_catalogue_update" ON "Order";
DROP TRIGGER "Order_catalogue_delete" ON "Order";
DROP TRIGGER "Order_catalogue_insert" ON "Order";
CREATE CONSTRAINT TRIGGER "Order_catalogue_update" AFTER UPDATE OF "paymentStatus" ON "Order" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."paymentStatus" = 'paid') <> (NEW."paymentStatus" = 'paid')
    AND NEW."createdAt" < date_trunc('day', (now() AT TIME ZONE 'UTC') + interval '3 hours') - interval '3 hours')
  EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "Order_catalogue_delete" AFTER DELETE ON "Order" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."paymentStatus" = 'paid' AND OLD."createdAt" < date_trunc('day', (now() AT TIME ZONE 'UTC') + interval '3 hours') - interval '3 hours')
  EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "Order_catalogue_insert" AFTER INSERT ON "Order" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."paymentStatus" = 'paid' AND NEW."createdAt" < date_trunc('day', (now() AT TIME ZONE 'UTC') + interval '3 hours') - interval '3 hours')
  EXECUTE FUNCTION "catalogue_changed"();
