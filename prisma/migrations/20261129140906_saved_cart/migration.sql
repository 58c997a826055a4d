-- CreateTable
CREATE TABLE "SavedCart" (
    "customerId" TEXT NOT NULL PRIMARY KEY,
    "lines" JSONB NOT NULL DEFAULT [],
    "version" INTEGER NOT NULL DEFAULT 0,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "SavedCart_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

