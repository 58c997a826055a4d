-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "deliveredAt" TIMESTAMP(3);

-- An order delivered before this column existed: when its history first shows it delivered, else its last change.
UPDATE "Order" SET "deliveredAt" = (SELECT MIN(c."createdAt") FROM "OrderStatusChange" c WHERE c."orderId" = "Order"."id" AND c."toStatus" = 'delivered')
WHERE EXISTS (SELECT 1 FROM "OrderStatusChange" c WHERE c."orderId" = "Order"."id" AND c."toStatus" = 'delivered');
UPDATE "Order" SET "deliveredAt" = "updatedAt" WHERE "status" = 'delivered' AND "deliveredAt" IS NULL;

-- AlterTable
ALTER TABLE "OrderItem" ADD COLUMN     "returnedQuantity" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "Return" (
    "id" TEXT COLLATE "C" NOT NULL,
    "number" TEXT COLLATE "C" NOT NULL,
    "orderId" TEXT COLLATE "C" NOT NULL,
    "status" TEXT COLLATE "C" NOT NULL DEFAULT 'requested',
    "resolution" TEXT COLLATE "C" NOT NULL,
    "notes" TEXT COLLATE "C",
    "refundFils" INTEGER NOT NULL,
    "refundId" TEXT COLLATE "C",
    "exchangeOrderId" TEXT COLLATE "C",
    "claimedUntil" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Return_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReturnItem" (
    "id" TEXT COLLATE "C" NOT NULL,
    "returnId" TEXT COLLATE "C" NOT NULL,
    "orderItemId" TEXT COLLATE "C" NOT NULL,
    "productId" TEXT COLLATE "C",
    "quantity" INTEGER NOT NULL,
    "reason" TEXT COLLATE "C" NOT NULL,
    "restocked" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "ReturnItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ReturnStatusChange" (
    "id" TEXT COLLATE "C" NOT NULL,
    "returnId" TEXT COLLATE "C" NOT NULL,
    "fromStatus" TEXT COLLATE "C",
    "toStatus" TEXT COLLATE "C" NOT NULL,
    "changedBy" TEXT COLLATE "C" NOT NULL,
    "note" TEXT COLLATE "C",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReturnStatusChange_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Return_number_key" ON "Return"("number");

-- CreateIndex
CREATE INDEX "Return_status_createdAt_idx" ON "Return"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Return_orderId_createdAt_idx" ON "Return"("orderId", "createdAt");

-- CreateIndex
CREATE INDEX "Return_createdAt_idx" ON "Return"("createdAt");

-- CreateIndex
CREATE INDEX "ReturnItem_returnId_idx" ON "ReturnItem"("returnId");

-- CreateIndex
CREATE INDEX "ReturnItem_orderItemId_idx" ON "ReturnItem"("orderItemId");

-- CreateIndex
CREATE INDEX "ReturnStatusChange_returnId_createdAt_idx" ON "ReturnStatusChange"("returnId", "createdAt");

-- AddForeignKey
ALTER TABLE "Return" ADD CONSTRAINT "Return_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReturnItem" ADD CONSTRAINT "ReturnItem_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReturnItem" ADD CONSTRAINT "ReturnItem_orderItemId_fkey" FOREIGN KEY ("orderItemId") REFERENCES "OrderItem"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ReturnStatusChange" ADD CONSTRAINT "ReturnStatusChange_returnId_fkey" FOREIGN KEY ("returnId") REFERENCES "Return"("id") ON DELETE CASCADE ON UPDATE CASCADE;

