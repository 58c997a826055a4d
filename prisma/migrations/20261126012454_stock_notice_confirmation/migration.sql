-- CreateTable
CREATE TABLE "StockNoticeAddress" (
    "email" TEXT NOT NULL PRIMARY KEY,
    "token" TEXT,
    "confirmedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- Addresses that were waiting before confirmation existed: kept, unconfirmed (they get no mail until they confirm)
INSERT INTO "StockNoticeAddress" ("email", "createdAt") SELECT "email", MIN("createdAt") FROM "StockNotice" GROUP BY "email";

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_StockNotice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "productId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "notifiedAt" DATETIME,
    "lastMailedAt" DATETIME,
    CONSTRAINT "StockNotice_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "StockNotice_email_fkey" FOREIGN KEY ("email") REFERENCES "StockNoticeAddress" ("email") ON DELETE CASCADE ON UPDATE CASCADE
);
INSERT INTO "new_StockNotice" ("createdAt", "email", "id", "language", "notifiedAt", "productId", "token") SELECT "createdAt", "email", "id", "language", "notifiedAt", "productId", "token" FROM "StockNotice";
DROP TABLE "StockNotice";
ALTER TABLE "new_StockNotice" RENAME TO "StockNotice";
CREATE UNIQUE INDEX "StockNotice_token_key" ON "StockNotice"("token");
CREATE INDEX "StockNotice_productId_notifiedAt_idx" ON "StockNotice"("productId", "notifiedAt");
CREATE INDEX "StockNotice_email_idx" ON "StockNotice"("email");
CREATE UNIQUE INDEX "StockNotice_productId_email_key" ON "StockNotice"("productId", "email");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE UNIQUE INDEX "StockNoticeAddress_token_key" ON "StockNoticeAddress"("token");

