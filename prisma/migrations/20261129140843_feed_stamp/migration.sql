-- CreateTable
CREATE TABLE "FeedStamp" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "etag" TEXT NOT NULL,
    "changedAt" DATETIME NOT NULL
);

