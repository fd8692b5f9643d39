-- Every revision of a document kept (lib/documents/revisions): a revision is the list of
-- its content's chunks (content-defined chunking), and each distinct chunk of a
-- document is stored once, compressed, so many small edits of a large document stay
-- small. Both go with their document by the foreign keys' cascade. Documents published
-- before this table get their current content as their first kept revision from the
-- start-up job (lib/documents/revisions/keep-current-revisions.ts), which SQL cannot do:
-- their content may be gzip-stored.
CREATE TABLE "document_revisions" (
    "document_id" TEXT NOT NULL,
    "revision" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "restored_from" INTEGER,
    "chunks" BYTEA NOT NULL,

    CONSTRAINT "document_revisions_pkey" PRIMARY KEY ("document_id","revision")
);

CREATE TABLE "document_chunks" (
    "document_id" TEXT NOT NULL,
    "hash" BYTEA NOT NULL,
    "encoding" TEXT NOT NULL,
    "body" BYTEA NOT NULL,

    CONSTRAINT "document_chunks_pkey" PRIMARY KEY ("document_id","hash")
);

-- Chunks are compressed already: PostgreSQL's own compression (pglz) would only cost time.
ALTER TABLE "document_chunks" ALTER COLUMN "body" SET STORAGE EXTERNAL;

ALTER TABLE "document_revisions" ADD CONSTRAINT "document_revisions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;

ALTER TABLE "document_chunks" ADD CONSTRAINT "document_chunks_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents"("id") ON DELETE CASCADE ON UPDATE CASCADE;
