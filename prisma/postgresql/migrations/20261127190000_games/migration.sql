-- ARK: Survival Ascended beside Evolved (docs/CATALOGUE.md, "Two games"). Mods, engrams,
-- creatures and the change log carry the game they belong to: 'ase' (everything that
-- existed before) or 'asa'. The v1 interface serves 'ase' rows only; the indexes below
-- keep its lookups and the spawn pages' per-game reads indexed.
ALTER TABLE "mod_registrations" ADD COLUMN "game" TEXT NOT NULL DEFAULT 'ase';
ALTER TABLE "engrams" ADD COLUMN "game" TEXT NOT NULL DEFAULT 'ase';
ALTER TABLE "creatures" ADD COLUMN "game" TEXT NOT NULL DEFAULT 'ase';
ALTER TABLE "changes" ADD COLUMN "game" TEXT NOT NULL DEFAULT 'ase';

-- CreateIndex
CREATE INDEX "engrams_game_mod_id_label_idx" ON "engrams"("game", "mod_id", "label");

-- CreateIndex
CREATE INDEX "creatures_game_mod_id_label_idx" ON "creatures"("game", "mod_id", "label");

-- CreateIndex
CREATE INDEX "mod_registrations_game_user_id_idx" ON "mod_registrations"("game", "user_id");

-- CreateIndex
CREATE INDEX "changes_game_txid_id_idx" ON "changes"("game", "txid", "id");

-- The change log's functions, as before, now writing each row's game.
CREATE OR REPLACE FUNCTION "beacon_log_items_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], n."uid", n."label", false, clock_timestamp() AT TIME ZONE 'UTC', n."game" FROM "new_rows" n;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "beacon_log_items_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], o."uid", o."label", true, clock_timestamp() AT TIME ZONE 'UTC', o."game"
  FROM "old_rows" o WHERE NOT EXISTS (SELECT 1 FROM "new_rows" n WHERE n."uid" = o."uid" AND n."game" = o."game");
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], n."uid", n."label", false, clock_timestamp() AT TIME ZONE 'UTC', n."game"
  FROM "new_rows" n LEFT JOIN "old_rows" o ON o."uid" = n."uid"
  WHERE o."uid" IS NULL OR (to_jsonb(o) - 'created_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'created_at' - 'updated_at');
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "beacon_log_items_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], o."uid", o."label", true, clock_timestamp() AT TIME ZONE 'UTC', o."game" FROM "old_rows" o;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "beacon_log_mods_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game")
  SELECT pg_current_xact_id()::text::bigint, 'mods', n."confirmed_mod_id", n."name", false, clock_timestamp() AT TIME ZONE 'UTC', n."game"
  FROM "new_rows" n WHERE n."confirmed_mod_id" IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "beacon_log_mods_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  xid bigint := pg_current_xact_id()::text::bigint;
  at timestamp(3) := clock_timestamp() AT TIME ZONE 'UTC';
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game")
  SELECT xid, 'mods', o."confirmed_mod_id", o."name", true, at, o."game"
  FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
  WHERE o."confirmed_mod_id" IS NOT NULL AND o."confirmed_mod_id" IS DISTINCT FROM n."confirmed_mod_id";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game")
  SELECT xid, 'mods', n."confirmed_mod_id", n."name", false, at, n."game"
  FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
  WHERE n."confirmed_mod_id" IS NOT NULL AND (o."confirmed_mod_id" IS DISTINCT FROM n."confirmed_mod_id" OR o."name" IS DISTINCT FROM n."name");
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game")
  SELECT xid, 'engrams', e."uid", e."label", false, at, e."game"
  FROM "engrams" e JOIN "new_rows" n ON e."mod_id" = n."confirmed_mod_id" JOIN "old_rows" o ON o."id" = n."id"
  WHERE o."name" IS DISTINCT FROM n."name";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game")
  SELECT xid, 'creatures', c."uid", c."label", false, at, c."game"
  FROM "creatures" c JOIN "new_rows" n ON c."mod_id" = n."confirmed_mod_id" JOIN "old_rows" o ON o."id" = n."id"
  WHERE o."name" IS DISTINCT FROM n."name";
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "beacon_log_mods_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game")
  SELECT pg_current_xact_id()::text::bigint, 'mods', o."confirmed_mod_id", o."name", true, clock_timestamp() AT TIME ZONE 'UTC', o."game"
  FROM "old_rows" o WHERE o."confirmed_mod_id" IS NOT NULL;
  RETURN NULL;
END
$$;
