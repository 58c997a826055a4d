-- CreateTable
CREATE TABLE "WhatsAppTemplateState" (
    "name" TEXT NOT NULL,
    "language" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'APPROVED',
    "category" TEXT,
    "reason" TEXT,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("name", "language")
);

