-- The change log of the public catalogue (issue 18), read by GET /v1/changes.php
-- (lib/changes). Triggers write it in the same transaction as every change to engrams,
-- creatures and confirmed mods, whoever makes it: the API, the importer, the pull job,
-- foreign-key cascades (a mod's or a user's DELETE), SQL typed by hand.
--
-- Each row carries the writing transaction's id. A reader serves only rows whose
-- transaction id is below the xmin of its snapshot (every such transaction has ended,
-- and no transaction can start with a lower id), in (txid, id) order, so a row can never
-- become visible behind a position a reader has passed: lib/changes/read-changes.ts.
-- Times are UTC (clock time of the change).
CREATE TABLE "changes" (
    "id" SERIAL NOT NULL,
    "txid" BIGINT NOT NULL,
    "kind" TEXT NOT NULL,
    "object_id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "deleted" BOOLEAN NOT NULL,
    "changed_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "changes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "changes_txid_id_idx" ON "changes"("txid", "id");

-- CreateIndex
CREATE INDEX "changes_changed_at_idx" ON "changes"("changed_at");

-- Where the log begins: nothing before this migration was logged.
CREATE TABLE "change_horizon" (
    "id" INTEGER NOT NULL,
    "txid" BIGINT NOT NULL,
    "change_id" INTEGER NOT NULL,
    "since" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "change_horizon_pkey" PRIMARY KEY ("id")
);

INSERT INTO "change_horizon" ("id", "txid", "change_id", "since") VALUES (1, 0, 0, now() AT TIME ZONE 'UTC');

-- Engrams and creatures (TG_ARGV[0] names the kind). Statement-level triggers with
-- transition tables: a batch of 10,000 rows is logged by one INSERT ... SELECT.
CREATE FUNCTION "beacon_log_items_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], n."uid", n."label", false, clock_timestamp() AT TIME ZONE 'UTC' FROM "new_rows" n;
  RETURN NULL;
END
$$;

-- An update that changes nothing but updated_at (the same engram pushed again) is not
-- a change; a changed uid is the old one deleted.
CREATE FUNCTION "beacon_log_items_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], o."uid", o."label", true, clock_timestamp() AT TIME ZONE 'UTC'
  FROM "old_rows" o WHERE NOT EXISTS (SELECT 1 FROM "new_rows" n WHERE n."uid" = o."uid");
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], n."uid", n."label", false, clock_timestamp() AT TIME ZONE 'UTC'
  FROM "new_rows" n LEFT JOIN "old_rows" o ON o."uid" = n."uid"
  WHERE o."uid" IS NULL OR (to_jsonb(o) - 'created_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'created_at' - 'updated_at');
  RETURN NULL;
END
$$;

CREATE FUNCTION "beacon_log_items_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], o."uid", o."label", true, clock_timestamp() AT TIME ZONE 'UTC' FROM "old_rows" o;
  RETURN NULL;
END
$$;

CREATE TRIGGER "engrams_changes_insert" AFTER INSERT ON "engrams" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_items_inserted"('engrams');
CREATE TRIGGER "engrams_changes_update" AFTER UPDATE ON "engrams" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_items_updated"('engrams');
CREATE TRIGGER "engrams_changes_delete" AFTER DELETE ON "engrams" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_items_deleted"('engrams');

CREATE TRIGGER "creatures_changes_insert" AFTER INSERT ON "creatures" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_items_inserted"('creatures');
CREATE TRIGGER "creatures_changes_update" AFTER UPDATE ON "creatures" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_items_updated"('creatures');
CREATE TRIGGER "creatures_changes_delete" AFTER DELETE ON "creatures" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_items_deleted"('creatures');

-- Mods are public once confirmed: a confirmation or a new name is a change of the mod
-- (and, for a new name, of its engrams and creatures, which show it as mod_name); the
-- deletion of a confirmed registration is its deletion. Unconfirmed registrations are
-- private to their user and never logged.
CREATE FUNCTION "beacon_log_mods_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at")
  SELECT pg_current_xact_id()::text::bigint, 'mods', n."confirmed_mod_id", n."name", false, clock_timestamp() AT TIME ZONE 'UTC'
  FROM "new_rows" n WHERE n."confirmed_mod_id" IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE FUNCTION "beacon_log_mods_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  xid bigint := pg_current_xact_id()::text::bigint;
  at timestamp(3) := clock_timestamp() AT TIME ZONE 'UTC';
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at")
  SELECT xid, 'mods', o."confirmed_mod_id", o."name", true, at
  FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
  WHERE o."confirmed_mod_id" IS NOT NULL AND o."confirmed_mod_id" IS DISTINCT FROM n."confirmed_mod_id";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at")
  SELECT xid, 'mods', n."confirmed_mod_id", n."name", false, at
  FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
  WHERE n."confirmed_mod_id" IS NOT NULL AND (o."confirmed_mod_id" IS DISTINCT FROM n."confirmed_mod_id" OR o."name" IS DISTINCT FROM n."name");
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at")
  SELECT xid, 'engrams', e."uid", e."label", false, at
  FROM "engrams" e JOIN "new_rows" n ON e."mod_id" = n."confirmed_mod_id" JOIN "old_rows" o ON o."id" = n."id"
  WHERE o."name" IS DISTINCT FROM n."name";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at")
  SELECT xid, 'creatures', c."uid", c."label", false, at
  FROM "creatures" c JOIN "new_rows" n ON c."mod_id" = n."confirmed_mod_id" JOIN "old_rows" o ON o."id" = n."id"
  WHERE o."name" IS DISTINCT FROM n."name";
  RETURN NULL;
END
$$;

CREATE FUNCTION "beacon_log_mods_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at")
  SELECT pg_current_xact_id()::text::bigint, 'mods', o."confirmed_mod_id", o."name", true, clock_timestamp() AT TIME ZONE 'UTC'
  FROM "old_rows" o WHERE o."confirmed_mod_id" IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER "mods_changes_insert" AFTER INSERT ON "mod_registrations" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_mods_inserted"();
CREATE TRIGGER "mods_changes_update" AFTER UPDATE ON "mod_registrations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_mods_updated"();
CREATE TRIGGER "mods_changes_delete" AFTER DELETE ON "mod_registrations" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_mods_deleted"();

-- TRUNCATE logs no rows: it moves the horizon instead, so every cursor from before it
-- is answered 410 and its client reads everything again.
CREATE FUNCTION "beacon_log_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "change_horizon" SET "txid" = pg_current_xact_id()::text::bigint,
    "change_id" = COALESCE((SELECT max("id") FROM "changes"), 0), "since" = clock_timestamp() AT TIME ZONE 'UTC'
  WHERE "id" = 1;
  RETURN NULL;
END
$$;

CREATE TRIGGER "engrams_changes_truncate" AFTER TRUNCATE ON "engrams" FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_truncated"();
CREATE TRIGGER "creatures_changes_truncate" AFTER TRUNCATE ON "creatures" FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_truncated"();
CREATE TRIGGER "mods_changes_truncate" AFTER TRUNCATE ON "mod_registrations" FOR EACH STATEMENT EXECUTE FUNCTION "beacon_log_truncated"();
