-- Which documents drop an item (issue 19): per loot document, one row per key of its
-- distinct items (lib/loot/item-keys.ts: "u:<uid of the path>" and "c:<lowercase
-- class>"), written by publish in the same transaction as the document and removed
-- with it by the foreign key's cascade. Keyed (key, document_id), so "the documents
-- that drop X" and their number are one index range.
CREATE TABLE "document_items" (
    "key" TEXT NOT NULL,
    "document_id" TEXT NOT NULL,

    CONSTRAINT "document_items_pkey" PRIMARY KEY ("key","document_id")
);

-- CreateIndex
CREATE INDEX "document_items_document_id_idx" ON "document_items"("document_id");

-- AddForeignKey
ALTER TABLE "document_items" ADD CONSTRAINT "document_items_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Documents published before this table: their content may be gzip-stored, which SQL
-- cannot read, so the start-up backfill (lib/documents/backfill-document-maps.ts) reads
-- them again, maps and items together.
UPDATE "documents" SET "maps" = NULL;
