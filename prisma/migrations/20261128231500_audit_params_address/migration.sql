-- AlterTable
ALTER TABLE "AuditEntry" ADD COLUMN "address" TEXT;
ALTER TABLE "AuditEntry" ADD COLUMN "params" TEXT;

