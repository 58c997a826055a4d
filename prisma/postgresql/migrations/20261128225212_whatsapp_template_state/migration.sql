-- CreateTable
CREATE TABLE "WhatsAppTemplateState" (
    "name" TEXT COLLATE "C" NOT NULL,
    "language" TEXT COLLATE "C" NOT NULL,
    "status" TEXT COLLATE "C" NOT NULL DEFAULT 'APPROVED',
    "category" TEXT COLLATE "C",
    "reason" TEXT COLLATE "C",
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "WhatsAppTemplateState_pkey" PRIMARY KEY ("name","language")
);

