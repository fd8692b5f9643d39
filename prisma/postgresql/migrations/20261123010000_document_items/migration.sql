-- Which documents drop an item (issue 19): one row per distinct item of a loot
-- document (lib/loot/item-keys.ts), written by publish in the same transaction as the
-- document and removed with it by the foreign key's cascade.
CREATE TABLE "document_items" (
    "document_id" TEXT NOT NULL,
    "uid" TEXT NOT NULL,
    "class_key" TEXT NOT NULL,

    CONSTRAINT "document_items_pkey" PRIMARY KEY ("document_id","uid","class_key")
);

-- CreateIndex
CREATE INDEX "document_items_uid_document_id_idx" ON "document_items"("uid", "document_id");

-- CreateIndex
CREATE INDEX "document_items_class_key_document_id_idx" ON "document_items"("class_key", "document_id");

-- AddForeignKey
ALTER TABLE "document_items" ADD CONSTRAINT "document_items_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Documents published before this table: their content may be gzip-stored, which SQL
-- cannot read, so the start-up backfill (lib/documents/backfill-document-maps.ts) reads
-- them again, maps and items together.
UPDATE "documents" SET "maps" = NULL;
