-- Issue 13: a disabled flag for an administrator that ADMIN_EMAIL no longer names, an idle clock for sessions,
-- and a mark on unpaid orders whose personal data housekeeping has removed.
-- Session ids are now stored as their SHA-256: the old rows hold plain ids that no cookie would match any more,
-- so they are not copied. Everyone signs in again once after this migration
-- (docs/decisions/0016-login-limits-and-sessions.md).

-- AlterTable
ALTER TABLE "Admin" ADD COLUMN "disabledAt" DATETIME;

-- AlterTable
ALTER TABLE "Order" ADD COLUMN "personalDataRemovedAt" DATETIME;

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Session" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "lastSeenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "customerId" TEXT,
    "adminId" TEXT,
    CONSTRAINT "Session_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "Session_adminId_fkey" FOREIGN KEY ("adminId") REFERENCES "Admin" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
DROP TABLE "Session";
ALTER TABLE "new_Session" RENAME TO "Session";
CREATE INDEX "Session_customerId_idx" ON "Session"("customerId");
CREATE INDEX "Session_adminId_idx" ON "Session"("adminId");
CREATE INDEX "Session_expiresAt_idx" ON "Session"("expiresAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
