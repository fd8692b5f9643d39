-- Webhook events and feeds name the game of what changed (docs/WEBHOOKS.md): the outbox
-- rows of engrams, creatures and mods carry their row's game, so the base game's ASE and
-- ASA catalogues make separate events, and an ASA mod's events say ASA even when the mod
-- is gone by the time they are built. The trigger functions are as before, now writing
-- "game"; the triggers themselves are unchanged.
ALTER TABLE "event_outbox" ADD COLUMN "game" TEXT NOT NULL DEFAULT 'ase';

CREATE OR REPLACE FUNCTION "beacon_outbox_items_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], 'added', n."uid", n."mod_id", NULL, n."label", NULL, clock_timestamp() AT TIME ZONE 'UTC', n."game" FROM "new_rows" n WHERE true;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "beacon_outbox_items_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], 'removed', o."uid", o."mod_id", NULL, o."label", NULL, clock_timestamp() AT TIME ZONE 'UTC', o."game" FROM "old_rows" o WHERE NOT EXISTS (SELECT 1 FROM "new_rows" n WHERE n."uid" = o."uid" AND n."mod_id" IS NOT DISTINCT FROM o."mod_id");
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], 'added', n."uid", n."mod_id", NULL, n."label", NULL, clock_timestamp() AT TIME ZONE 'UTC', n."game" FROM "new_rows" n LEFT JOIN "old_rows" o ON o."uid" = n."uid" WHERE o."uid" IS NULL OR o."mod_id" IS DISTINCT FROM n."mod_id";
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], 'updated', n."uid", n."mod_id", NULL, n."label", NULL, clock_timestamp() AT TIME ZONE 'UTC', n."game" FROM "new_rows" n JOIN "old_rows" o ON o."uid" = n."uid" WHERE o."mod_id" IS NOT DISTINCT FROM n."mod_id" AND (to_jsonb(o) - 'created_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'created_at' - 'updated_at');
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "beacon_outbox_items_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], 'removed', o."uid", o."mod_id", NULL, o."label", NULL, clock_timestamp() AT TIME ZONE 'UTC', o."game" FROM "old_rows" o WHERE true;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "beacon_outbox_mods_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game")
  SELECT pg_current_xact_id()::text::bigint, 'mod', 'confirmed', n."confirmed_mod_id", n."confirmed_mod_id", n."user_id", n."name", NULL, clock_timestamp() AT TIME ZONE 'UTC', n."game" FROM "new_rows" n WHERE n."confirmed_mod_id" IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "beacon_outbox_mods_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game")
  SELECT pg_current_xact_id()::text::bigint, 'mod', 'deleted', o."confirmed_mod_id", o."confirmed_mod_id", o."user_id", o."name", NULL, clock_timestamp() AT TIME ZONE 'UTC', o."game" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id" WHERE o."confirmed_mod_id" IS NOT NULL AND o."confirmed_mod_id" IS DISTINCT FROM n."confirmed_mod_id";
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game")
  SELECT pg_current_xact_id()::text::bigint, 'mod', 'confirmed', n."confirmed_mod_id", n."confirmed_mod_id", n."user_id", n."name", NULL, clock_timestamp() AT TIME ZONE 'UTC', n."game" FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE n."confirmed_mod_id" IS NOT NULL AND o."confirmed_mod_id" IS DISTINCT FROM n."confirmed_mod_id";
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION "beacon_outbox_mods_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game")
  SELECT pg_current_xact_id()::text::bigint, 'mod', 'deleted', o."confirmed_mod_id", o."confirmed_mod_id", o."user_id", o."name", NULL, clock_timestamp() AT TIME ZONE 'UTC', o."game" FROM "old_rows" o WHERE o."confirmed_mod_id" IS NOT NULL;
  RETURN NULL;
END
$$;
