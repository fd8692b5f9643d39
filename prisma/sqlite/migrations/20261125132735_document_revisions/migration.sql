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
    "created_at" DATETIME NOT NULL,
    "size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "summary" TEXT NOT NULL,
    "restored_from" INTEGER,
    "chunks" BLOB NOT NULL,

    PRIMARY KEY ("document_id", "revision"),
    CONSTRAINT "document_revisions_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

CREATE TABLE "document_chunks" (
    "document_id" TEXT NOT NULL,
    "hash" BLOB NOT NULL,
    "encoding" TEXT NOT NULL,
    "body" BLOB NOT NULL,

    PRIMARY KEY ("document_id", "hash"),
    CONSTRAINT "document_chunks_document_id_fkey" FOREIGN KEY ("document_id") REFERENCES "documents" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);
