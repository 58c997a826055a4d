-- AlterTable
ALTER TABLE "Order" ADD COLUMN "reviewInviteAt" DATETIME;

-- CreateTable
CREATE TABLE "Review" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "orderId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "rating" INTEGER NOT NULL,
    "title" TEXT,
    "body" TEXT NOT NULL,
    "authorName" TEXT NOT NULL,
    "language" TEXT NOT NULL DEFAULT 'ar',
    "status" TEXT NOT NULL DEFAULT 'pending',
    "heldReason" TEXT,
    "photoUrl" TEXT,
    "reply" TEXT,
    "repliedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "Review_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Review_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "Review_productId_status_createdAt_idx" ON "Review"("productId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Review_status_createdAt_idx" ON "Review"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Review_orderId_productId_key" ON "Review"("orderId", "productId");

-- CreateIndex
CREATE INDEX "Order_reviewInviteAt_idx" ON "Order"("reviewInviteAt");


-- A published review shows on its product's page and as the average on every card of it (decision 0090): writing one,
-- publishing, hiding, replying to or deleting one moves the catalogue's version, which empties the kept pages and the
-- catalogue cache (decision 0055). A pending review shows nowhere, so it moves nothing.
CREATE TRIGGER "Review_catalogue_insert" AFTER INSERT ON "Review" WHEN NEW."status" = 'published'
  BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Review_catalogue_update" AFTER UPDATE ON "Review" WHEN OLD."status" = 'published' OR NEW."status" = 'published'
  BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
CREATE TRIGGER "Review_catalogue_delete" AFTER DELETE ON "Review" WHEN OLD."status" = 'published'
  BEGIN UPDATE "CatalogueVersion" SET "version" = random() & 9007199254740991 WHERE "id" = 1; END;
