-- CreateTable
CREATE TABLE "StockNotice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "productId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notifiedAt" DATETIME,
    CONSTRAINT "StockNotice_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "StockNotice_token_key" ON "StockNotice"("token");

-- CreateIndex
CREATE INDEX "StockNotice_productId_notifiedAt_idx" ON "StockNotice"("productId", "notifiedAt");

-- CreateIndex
CREATE INDEX "StockNotice_email_idx" ON "StockNotice"("email");

-- CreateIndex
CREATE UNIQUE INDEX "StockNotice_productId_email_key" ON "StockNotice"("productId", "email");

