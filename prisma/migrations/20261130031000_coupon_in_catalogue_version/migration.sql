-- A discount code is read through the catalogue's kept reads (docs/decisions/0096): no order writes its row any
-- more, so only the owner's changes move the version, and a code switched off or changed is seen on the next order.
CREATE TRIGGER "Coupon_catalogue_insert" AFTER INSERT ON "Coupon" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Coupon_catalogue_update" AFTER UPDATE ON "Coupon" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Coupon_catalogue_delete" AFTER DELETE ON "Coupon" BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
