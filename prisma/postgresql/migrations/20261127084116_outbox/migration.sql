-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "notifyWhatsApp" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "OutboxMessage" (
    "id" TEXT COLLATE "C" NOT NULL,
    "orderId" TEXT COLLATE "C",
    "channel" TEXT COLLATE "C" NOT NULL,
    "kind" TEXT COLLATE "C" NOT NULL,
    "language" TEXT COLLATE "C" NOT NULL,
    "recipient" TEXT COLLATE "C" NOT NULL,
    "params" TEXT COLLATE "C" NOT NULL DEFAULT '{}',
    "status" TEXT COLLATE "C" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedUntil" TIMESTAMP(3),
    "claimedBy" TEXT COLLATE "C",
    "providerMessageId" TEXT COLLATE "C",
    "lastError" TEXT COLLATE "C",
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "OutboxMessage_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "OutboxMessage_status_nextAttemptAt_idx" ON "OutboxMessage"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_orderId_createdAt_idx" ON "OutboxMessage"("orderId", "createdAt");

-- CreateIndex
CREATE INDEX "OutboxMessage_providerMessageId_idx" ON "OutboxMessage"("providerMessageId");

-- AddForeignKey
ALTER TABLE "OutboxMessage" ADD CONSTRAINT "OutboxMessage_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE SET NULL ON UPDATE CASCADE;

