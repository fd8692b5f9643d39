-- Document search (issue 14): the maps of each document, and a full-text index over
-- name and description.
--
-- maps: NULL until known. publish writes it; rows published before this migration get
-- it from the start-up backfill (lib/documents/backfill-document-maps.ts), because the
-- content may be gzip-stored and SQL cannot read it.
ALTER TABLE "documents" ADD COLUMN "maps" INTEGER;

-- Accents are folded by unaccent (a trusted contrib extension since PostgreSQL 13, so
-- the database owner may create it; shipped with PostgreSQL's packages and the common
-- managed services). Its function is only STABLE, so it is wrapped in an IMMUTABLE one
-- that names the extension's schema explicitly (a generated column is also computed
-- where search_path is empty, e.g. when a dump is restored).
CREATE EXTENSION IF NOT EXISTS "unaccent";

DO $do$
DECLARE
    s text;
BEGIN
    SELECT n.nspname INTO s FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent';
    EXECUTE format(
        'CREATE FUNCTION "beacon_search_fold"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS %L',
        format('SELECT lower(%I.unaccent(%L::regdictionary, $1))', s, s || '.unaccent')
    );
END
$do$;

-- The 'simple' configuration: words as they are (folded), no stemming or stop words,
-- like SQLite's unicode61. A stored generated column is always in step with name and
-- description, in the same transaction as every write (cascades too), and is computed
-- here for the rows already present.
ALTER TABLE "documents" ADD COLUMN "search_vector" tsvector
    GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "beacon_search_fold"("name" || ' ' || "description"))) STORED;

CREATE INDEX "documents_search_vector_idx" ON "documents" USING GIN ("search_vector");
