-- An order written already paid (a copy, a restore, an import) moves the "Best sellers" sort as one that becomes paid
-- does (docs/decisions/0055-catalogue-version.md).
CREATE TRIGGER "Order_catalogue_insert" AFTER INSERT ON "Order" WHEN NEW."paymentStatus" = 'paid' BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
