-- CreateTable
CREATE TABLE "StockNotice" (
    "id" TEXT COLLATE "C" NOT NULL,
    "productId" TEXT COLLATE "C" NOT NULL,
    "email" TEXT COLLATE "C" NOT NULL,
    "language" TEXT COLLATE "C" NOT NULL,
    "token" TEXT COLLATE "C" NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notifiedAt" TIMESTAMP(3),

    CONSTRAINT "StockNotice_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "StockNotice_token_key" ON "StockNotice"("token");

-- CreateIndex
CREATE INDEX "StockNotice_productId_notifiedAt_idx" ON "StockNotice"("productId", "notifiedAt");

-- CreateIndex
CREATE INDEX "StockNotice_email_idx" ON "StockNotice"("email");

-- CreateIndex
CREATE UNIQUE INDEX "StockNotice_productId_email_key" ON "StockNotice"("productId", "email");

-- AddForeignKey
ALTER TABLE "StockNotice" ADD CONSTRAINT "StockNotice_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;

