-- CreateTable
CREATE TABLE "TestProviderPayment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "status" TEXT NOT NULL,
    "amountFils" INTEGER NOT NULL,
    "reference" TEXT NOT NULL,
    "returnUrl" TEXT NOT NULL,
    "cardLast4" TEXT,
    "message" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
