-- AlterTable
ALTER TABLE "AuditEntry" ADD COLUMN     "address" TEXT COLLATE "C",
ADD COLUMN     "params" TEXT COLLATE "C";

