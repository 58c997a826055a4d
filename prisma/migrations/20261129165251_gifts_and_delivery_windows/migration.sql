-- CreateTable
CREATE TABLE "DeliveryWindow" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "fromTime" TEXT NOT NULL,
    "toTime" TEXT NOT NULL,
    "capacity" INTEGER NOT NULL,
    "days" TEXT NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- AlterTable
-- Columns added in place (not the table redefined): "Order" keeps its catalogue-version triggers (decision 0055).
ALTER TABLE "Order" ADD COLUMN "isGift" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Order" ADD COLUMN "giftNote" TEXT;
ALTER TABLE "Order" ADD COLUMN "giftWrap" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "Order" ADD COLUMN "giftWrapFils" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "Order" ADD COLUMN "giftRecipientName" TEXT;
ALTER TABLE "Order" ADD COLUMN "giftRecipientPhone" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryDate" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryWindowId" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryFrom" TEXT;
ALTER TABLE "Order" ADD COLUMN "deliveryTo" TEXT;

-- CreateIndex
CREATE INDEX "Order_deliveryDate_deliveryWindowId_idx" ON "Order"("deliveryDate", "deliveryWindowId");
