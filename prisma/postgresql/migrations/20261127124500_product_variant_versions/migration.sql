-- A product's options and variants follow the finer versions of decision 0059, as the product's own columns do
-- (docs/decisions/0060-product-variants.md): every write to them counts the product's own version up (its page shows
-- them), except a variant's held units alone, and the listing version moves with every write but a stock move that
-- leaves the variant on sale or sold out as it was. The functions are those of 20261127113347_product_version.
DROP TRIGGER "ProductVariant_catalogue" ON "ProductVariant";
CREATE CONSTRAINT TRIGGER "ProductVariant_catalogue" AFTER INSERT OR DELETE ON "ProductVariant" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "ProductVariant_catalogue_update" AFTER UPDATE ON "ProductVariant" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((OLD."stockQuantity" > 0) <> (NEW."stockQuantity" > 0)
    OR (to_jsonb(OLD) - ARRAY['stockQuantity', 'heldQuantity']) IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['stockQuantity', 'heldQuantity']))
  EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "ProductVariant_version" AFTER INSERT OR DELETE ON "ProductVariant" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "product_changed"('productId');
CREATE CONSTRAINT TRIGGER "ProductVariant_version_update" AFTER UPDATE ON "ProductVariant" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['heldQuantity']) IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['heldQuantity']))
  EXECUTE FUNCTION "product_changed"('productId');
CREATE CONSTRAINT TRIGGER "ProductOption_version" AFTER INSERT OR UPDATE OR DELETE ON "ProductOption" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "product_changed"('productId');
