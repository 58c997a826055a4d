-- CreateTable
CREATE TABLE "SavedCart" (
    "customerId" TEXT COLLATE "C" NOT NULL,
    "lines" JSONB NOT NULL DEFAULT '[]',
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SavedCart_pkey" PRIMARY KEY ("customerId")
);

-- AddForeignKey
ALTER TABLE "SavedCart" ADD CONSTRAINT "SavedCart_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer"("id") ON DELETE CASCADE ON UPDATE CASCADE;

