-- CreateTable
CREATE TABLE "CreditNote" (
    "id" TEXT COLLATE "C" NOT NULL,
    "number" TEXT COLLATE "C" NOT NULL,
    "refundId" TEXT COLLATE "C" NOT NULL,
    "orderId" TEXT COLLATE "C" NOT NULL,
    "amountFils" INTEGER NOT NULL,
    "refundedBeforeFils" INTEGER NOT NULL,
    "remainingPaidFils" INTEGER NOT NULL,
    "pdf" BYTEA,
    "mailedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CreditNote_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "CreditNote_number_key" ON "CreditNote"("number");

-- CreateIndex
CREATE UNIQUE INDEX "CreditNote_refundId_key" ON "CreditNote"("refundId");

-- CreateIndex
CREATE INDEX "CreditNote_orderId_createdAt_idx" ON "CreditNote"("orderId", "createdAt");

-- AddForeignKey
ALTER TABLE "CreditNote" ADD CONSTRAINT "CreditNote_refundId_fkey" FOREIGN KEY ("refundId") REFERENCES "Refund"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreditNote" ADD CONSTRAINT "CreditNote_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

