-- The stock each row of a catalogue export showed, so importing the file again leaves the sales made since alone
-- (decision 0092). Additive: a table of its own.
-- CreateTable
CREATE TABLE "CatalogueExport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "stock" TEXT NOT NULL
);

-- CreateIndex
CREATE INDEX "CatalogueExport_at_idx" ON "CatalogueExport"("at");

