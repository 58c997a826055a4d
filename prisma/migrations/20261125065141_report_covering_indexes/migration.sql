-- DropIndex
DROP INDEX "Order_paymentStatus_createdAt_idx";

-- DropIndex
DROP INDEX "OrderItem_orderId_idx";

-- CreateIndex
CREATE INDEX "Order_paymentStatus_createdAt_id_idx" ON "Order"("paymentStatus", "createdAt", "id");

-- CreateIndex
CREATE INDEX "OrderItem_orderId_productId_quantity_priceFils_idx" ON "OrderItem"("orderId", "productId", "quantity", "priceFils");

