-- AlterTable
ALTER TABLE "StockNotice" ADD COLUMN     "lastMailedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "StockNoticeAddress" (
    "email" TEXT COLLATE "C" NOT NULL,
    "token" TEXT COLLATE "C",
    "confirmedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "StockNoticeAddress_pkey" PRIMARY KEY ("email")
);

-- CreateIndex
CREATE UNIQUE INDEX "StockNoticeAddress_token_key" ON "StockNoticeAddress"("token");

-- Addresses that were waiting before confirmation existed: kept, unconfirmed (they get no mail until they confirm)
INSERT INTO "StockNoticeAddress" ("email", "createdAt") SELECT "email", MIN("createdAt") FROM "StockNotice" GROUP BY "email";

-- AddForeignKey
ALTER TABLE "StockNotice" ADD CONSTRAINT "StockNotice_email_fkey" FOREIGN KEY ("email") REFERENCES "StockNoticeAddress"("email") ON DELETE CASCADE ON UPDATE CASCADE;

