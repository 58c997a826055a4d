-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "deliveryDate" TEXT COLLATE "C",
ADD COLUMN     "deliveryFrom" TEXT COLLATE "C",
ADD COLUMN     "deliveryTo" TEXT COLLATE "C",
ADD COLUMN     "deliveryWindowId" TEXT COLLATE "C",
ADD COLUMN     "giftNote" TEXT COLLATE "C",
ADD COLUMN     "giftRecipientName" TEXT COLLATE "C",
ADD COLUMN     "giftRecipientPhone" TEXT COLLATE "C",
ADD COLUMN     "giftWrap" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "giftWrapFils" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "isGift" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "DeliveryWindow" (
    "id" TEXT COLLATE "C" NOT NULL,
    "fromTime" TEXT COLLATE "C" NOT NULL,
    "toTime" TEXT COLLATE "C" NOT NULL,
    "capacity" INTEGER NOT NULL,
    "days" TEXT COLLATE "C" NOT NULL,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DeliveryWindow_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Order_deliveryDate_deliveryWindowId_idx" ON "Order"("deliveryDate", "deliveryWindowId");

