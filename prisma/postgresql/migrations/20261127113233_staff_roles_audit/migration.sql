-- AlterTable
ALTER TABLE "Admin" ADD COLUMN     "invitedAt" TIMESTAMP(3),
ADD COLUMN     "role" TEXT COLLATE "C" NOT NULL DEFAULT 'owner',
ADD COLUMN     "totpEnabledAt" TIMESTAMP(3),
ADD COLUMN     "totpLastStep" INTEGER,
ADD COLUMN     "totpSecret" TEXT COLLATE "C";

-- CreateTable
CREATE TABLE "AdminInvitation" (
    "id" TEXT COLLATE "C" NOT NULL,
    "adminId" TEXT COLLATE "C" NOT NULL,
    "tokenHash" TEXT COLLATE "C" NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AdminInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdminRecoveryCode" (
    "id" TEXT COLLATE "C" NOT NULL,
    "adminId" TEXT COLLATE "C" NOT NULL,
    "codeHash" TEXT COLLATE "C" NOT NULL,
    "usedAt" TIMESTAMP(3),

    CONSTRAINT "AdminRecoveryCode_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditEntry" (
    "id" TEXT COLLATE "C" NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "actorId" TEXT COLLATE "C",
    "actorEmail" TEXT COLLATE "C" NOT NULL,
    "actorRole" TEXT COLLATE "C" NOT NULL,
    "action" TEXT COLLATE "C" NOT NULL,
    "entityType" TEXT COLLATE "C" NOT NULL,
    "entityId" TEXT COLLATE "C" NOT NULL,
    "summary" TEXT COLLATE "C" NOT NULL,
    "requestId" TEXT COLLATE "C",

    CONSTRAINT "AuditEntry_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "AdminInvitation_tokenHash_key" ON "AdminInvitation"("tokenHash");

-- CreateIndex
CREATE INDEX "AdminInvitation_adminId_idx" ON "AdminInvitation"("adminId");

-- CreateIndex
CREATE INDEX "AdminRecoveryCode_adminId_idx" ON "AdminRecoveryCode"("adminId");

-- CreateIndex
CREATE INDEX "AuditEntry_at_idx" ON "AuditEntry"("at");

-- CreateIndex
CREATE INDEX "AuditEntry_actorEmail_at_idx" ON "AuditEntry"("actorEmail", "at");

-- CreateIndex
CREATE INDEX "AuditEntry_entityType_entityId_at_idx" ON "AuditEntry"("entityType", "entityId", "at");

-- AddForeignKey
ALTER TABLE "AdminInvitation" ADD CONSTRAINT "AdminInvitation_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdminRecoveryCode" ADD CONSTRAINT "AdminRecoveryCode_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin"("id") ON DELETE CASCADE ON UPDATE CASCADE;

