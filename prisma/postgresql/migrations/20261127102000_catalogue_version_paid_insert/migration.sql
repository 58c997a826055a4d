-- An order written already paid (a copy, a restore, an import) moves the "Best sellers" sort as one that becomes paid
-- does (docs/decisions/0055-catalogue-version.md).
CREATE CONSTRAINT TRIGGER "Order_catalogue_insert" AFTER INSERT ON "Order" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."paymentStatus" = 'paid') EXECUTE FUNCTION "catalogue_changed"();
