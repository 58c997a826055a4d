-- CreateTable
CREATE TABLE "FeedStamp" (
    "key" TEXT COLLATE "C" NOT NULL,
    "etag" TEXT COLLATE "C" NOT NULL,
    "changedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "FeedStamp_pkey" PRIMARY KEY ("key")
);

