-- AlterTable
ALTER TABLE "Order" ADD COLUMN     "reviewInviteAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "Review" (
    "id" TEXT COLLATE "C" NOT NULL,
    "orderId" TEXT COLLATE "C" NOT NULL,
    "productId" TEXT COLLATE "C" NOT NULL,
    "rating" INTEGER NOT NULL,
    "title" TEXT COLLATE "C",
    "body" TEXT COLLATE "C" NOT NULL,
    "authorName" TEXT COLLATE "C" NOT NULL,
    "language" TEXT COLLATE "C" NOT NULL DEFAULT 'ar',
    "status" TEXT COLLATE "C" NOT NULL DEFAULT 'pending',
    "heldReason" TEXT COLLATE "C",
    "photoUrl" TEXT COLLATE "C",
    "reply" TEXT COLLATE "C",
    "repliedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Review_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Review_productId_status_createdAt_idx" ON "Review"("productId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Review_status_createdAt_idx" ON "Review"("status", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Review_orderId_productId_key" ON "Review"("orderId", "productId");

-- CreateIndex
CREATE INDEX "Order_reviewInviteAt_idx" ON "Order"("reviewInviteAt");

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_orderId_fkey" FOREIGN KEY ("orderId") REFERENCES "Order"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Review" ADD CONSTRAINT "Review_productId_fkey" FOREIGN KEY ("productId") REFERENCES "Product"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- A published review shows on its product's page and as the average on every card of it (decision 0090): writing one,
-- publishing, hiding, replying to or deleting one moves the catalogue's version, which empties the kept pages and the
-- catalogue cache (decision 0055). A pending review shows nowhere, so it moves nothing.
CREATE CONSTRAINT TRIGGER "Review_catalogue_insert" AFTER INSERT ON "Review" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (NEW."status" = 'published') EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "Review_catalogue_update" AFTER UPDATE ON "Review" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."status" = 'published' OR NEW."status" = 'published') EXECUTE FUNCTION "catalogue_changed"();
CREATE CONSTRAINT TRIGGER "Review_catalogue_delete" AFTER DELETE ON "Review" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."status" = 'published') EXECUTE FUNCTION "catalogue_changed"();
