-- Stock holds (docs/decisions/0015-stock-holds.md): held units apart from the units for sale, and the hashed
-- client address of each order for the per-client caps. ADD COLUMN keeps every row as it is.
ALTER TABLE "Product" ADD COLUMN "heldQuantity" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "clientHash" TEXT;

CREATE INDEX "Order_clientHash_paymentStatus_reservedUntil_idx" ON "Order"("clientHash", "paymentStatus", "reservedUntil");

-- Every unpaid order has already taken its units from "stockQuantity" and gives them back when it is released, so
-- those units are held: counting them here keeps on hand (stockQuantity + heldQuantity) right from the first day.
UPDATE "Product" SET "heldQuantity" = (
  SELECT COALESCE(SUM("OrderItem"."quantity"), 0)
  FROM "OrderItem" JOIN "Order" ON "Order"."id" = "OrderItem"."orderId"
  WHERE "Order"."paymentStatus" = 'unpaid' AND "OrderItem"."productId" = "Product"."id"
);
