-- A discount code is read through the catalogue's kept reads (docs/decisions/0096): no order writes its row any
-- more, so only the owner's changes move the version, and a code switched off or changed is seen on the next order.
CREATE CONSTRAINT TRIGGER "Coupon_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "Coupon" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();
CREATE TRIGGER "Coupon_catalogue_truncate" AFTER TRUNCATE ON "Coupon" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
