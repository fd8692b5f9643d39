-- Document search (issue 14): the maps of each document, and a full-text index over
-- name and description.
--
-- maps: NULL until known. publish writes it; rows published before this migration get
-- it from the start-up backfill (lib/documents/backfill-document-maps.ts), because the
-- content may be gzip-stored and SQL cannot read it.
ALTER TABLE "documents" ADD COLUMN "maps" INTEGER;

-- An external-content FTS5 table: it stores only the index and reads name/description
-- from documents by rowid. unicode61 with remove_diacritics 2 folds case and accents
-- the same way for the text and for the query. The triggers keep it in step in the
-- same transaction as every write, whoever writes (publish, delete, user-delete
-- cascades); an update that only counts a download does not touch it.
CREATE VIRTUAL TABLE "documents_fts" USING fts5(
    "name", "description",
    content = 'documents', content_rowid = 'rowid',
    tokenize = 'unicode61 remove_diacritics 2'
);

INSERT INTO "documents_fts" ("documents_fts") VALUES ('rebuild');

CREATE TRIGGER "documents_fts_insert" AFTER INSERT ON "documents"
BEGIN
    INSERT INTO "documents_fts" ("rowid", "name", "description") VALUES (NEW."rowid", NEW."name", NEW."description");
END;

CREATE TRIGGER "documents_fts_delete" AFTER DELETE ON "documents"
BEGIN
    INSERT INTO "documents_fts" ("documents_fts", "rowid", "name", "description") VALUES ('delete', OLD."rowid", OLD."name", OLD."description");
END;

CREATE TRIGGER "documents_fts_update" AFTER UPDATE OF "name", "description" ON "documents"
BEGIN
    INSERT INTO "documents_fts" ("documents_fts", "rowid", "name", "description") VALUES ('delete', OLD."rowid", OLD."name", OLD."description");
    INSERT INTO "documents_fts" ("rowid", "name", "description") VALUES (NEW."rowid", NEW."name", NEW."description");
END;
