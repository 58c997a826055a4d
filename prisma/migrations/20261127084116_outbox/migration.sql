-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT,
    "channel" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "recipient" TEXT NOT NULL,
    "params" TEXT NOT NULL DEFAULT '{}',
    "status" TEXT NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedUntil" DATETIME,
    "claimedBy" TEXT,
    "providerMessageId" TEXT,
    "lastError" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "OutboxMessage_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderNumber" TEXT NOT NULL,
    "customerId" TEXT,
    "isGuest" BOOLEAN NOT NULL DEFAULT true,
    "language" TEXT NOT NULL DEFAULT 'ar',
    "fullName" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "buildingType" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "streetNumber" TEXT NOT NULL,
    "block" TEXT NOT NULL,
    "buildingNumber" TEXT NOT NULL,
    "floor" TEXT,
    "apartmentNumber" TEXT,
    "notes" TEXT,
    "subtotalFils" INTEGER NOT NULL,
    "deliveryFeeFils" INTEGER NOT NULL,
    "totalFils" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "paymentStatus" TEXT NOT NULL DEFAULT 'unpaid',
    "paidAt" DATETIME,
    "reservedUntil" DATETIME,
    "clientHash" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "refundedFils" INTEGER NOT NULL DEFAULT 0,
    "personalDataRemovedAt" DATETIME,
    "couponCode" TEXT,
    "discountFils" INTEGER NOT NULL DEFAULT 0,
    "notifyWhatsApp" BOOLEAN NOT NULL DEFAULT false,
    CONSTRAINT "Order_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);
INSERT INTO "new_Order" ("apartmentNumber", "block", "buildingNumber", "buildingType", "city", "clientHash", "couponCode", "createdAt", "customerId", "deliveryFeeFils", "discountFils", "email", "floor", "fullName", "id", "isGuest", "language", "notes", "orderNumber", "paidAt", "paymentStatus", "personalDataRemovedAt", "phone", "refundedFils", "reservedUntil", "status", "street", "streetNumber", "subtotalFils", "totalFils", "updatedAt") SELECT "apartmentNumber", "block", "buildingNumber", "buildingType", "city", "clientHash", "couponCode", "createdAt", "customerId", "deliveryFeeFils", "discountFils", "email", "floor", "fullName", "id", "isGuest", "language", "notes", "orderNumber", "paidAt", "paymentStatus", "personalDataRemovedAt", "phone", "refundedFils", "reservedUntil", "status", "street", "streetNumber", "subtotalFils", "totalFils", "updatedAt" FROM "Order";
DROP TABLE "Order";
ALTER TABLE "new_Order" RENAME TO "Order";
CREATE UNIQUE INDEX "Order_orderNumber_key" ON "Order"("orderNumber");
CREATE INDEX "Order_paymentStatus_status_createdAt_idx" ON "Order"("paymentStatus", "status", "createdAt");
CREATE INDEX "Order_paymentStatus_createdAt_id_idx" ON "Order"("paymentStatus", "createdAt", "id");
CREATE INDEX "Order_paymentStatus_reservedUntil_idx" ON "Order"("paymentStatus", "reservedUntil");
CREATE INDEX "Order_clientHash_paymentStatus_reservedUntil_idx" ON "Order"("clientHash", "paymentStatus", "reservedUntil");
CREATE INDEX "Order_phone_createdAt_idx" ON "Order"("phone", "createdAt");
CREATE INDEX "Order_customerId_createdAt_idx" ON "Order"("customerId", "createdAt");
CREATE INDEX "Order_createdAt_idx" ON "Order"("createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "OutboxMessage_status_nextAttemptAt_idx" ON "OutboxMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_orderId_createdAt_idx" ON "OutboxMessage"("orderId", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_providerMessageId_idx" ON "OutboxMessage"("providerMessageId");

