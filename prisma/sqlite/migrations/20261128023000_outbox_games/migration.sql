-- Webhook events and feeds name the game of what changed (docs/WEBHOOKS.md): the outbox
-- rows of engrams, creatures and mods carry their row's game, so the base game's ASE and
-- ASA catalogues make separate events, and an ASA mod's events say ASA even when the mod
-- is gone by the time they are built. The triggers are as before, now writing "game".
ALTER TABLE "event_outbox" ADD COLUMN "game" TEXT NOT NULL DEFAULT 'ase';

DROP TRIGGER "engrams_outbox_insert";
DROP TRIGGER "engrams_outbox_update";
DROP TRIGGER "engrams_outbox_delete";
DROP TRIGGER "creatures_outbox_insert";
DROP TRIGGER "creatures_outbox_update";
DROP TRIGGER "creatures_outbox_delete";
DROP TRIGGER "mods_outbox_insert";
DROP TRIGGER "mods_outbox_update";
DROP TRIGGER "mods_outbox_delete";

CREATE TRIGGER "engrams_outbox_insert" AFTER INSERT ON "engrams"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") VALUES (0, 'engram', 'added', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game"); END;

CREATE TRIGGER "engrams_outbox_update" AFTER UPDATE ON "engrams"
WHEN OLD."uid" IS NOT NEW."uid" OR OLD."path" IS NOT NEW."path" OR OLD."class_name" IS NOT NEW."class_name" OR OLD."label" IS NOT NEW."label" OR OLD."environments" IS NOT NEW."environments" OR OLD."can_blueprint" IS NOT NEW."can_blueprint" OR OLD."mod_id" IS NOT NEW."mod_id"
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") SELECT 0, 'engram', 'removed', OLD."uid", OLD."mod_id", NULL, OLD."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game" WHERE (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") SELECT 0, 'engram', 'added', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game" WHERE (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") SELECT 0, 'engram', 'updated', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game" WHERE NOT (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
END;

CREATE TRIGGER "engrams_outbox_delete" AFTER DELETE ON "engrams"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") VALUES (0, 'engram', 'removed', OLD."uid", OLD."mod_id", NULL, OLD."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game"); END;

CREATE TRIGGER "creatures_outbox_insert" AFTER INSERT ON "creatures"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") VALUES (0, 'creature', 'added', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game"); END;

CREATE TRIGGER "creatures_outbox_update" AFTER UPDATE ON "creatures"
WHEN OLD."uid" IS NOT NEW."uid" OR OLD."path" IS NOT NEW."path" OR OLD."class_name" IS NOT NEW."class_name" OR OLD."label" IS NOT NEW."label" OR OLD."environments" IS NOT NEW."environments" OR OLD."mod_id" IS NOT NEW."mod_id"
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") SELECT 0, 'creature', 'removed', OLD."uid", OLD."mod_id", NULL, OLD."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game" WHERE (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") SELECT 0, 'creature', 'added', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game" WHERE (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") SELECT 0, 'creature', 'updated', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game" WHERE NOT (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
END;

CREATE TRIGGER "creatures_outbox_delete" AFTER DELETE ON "creatures"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") VALUES (0, 'creature', 'removed', OLD."uid", OLD."mod_id", NULL, OLD."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game"); END;

CREATE TRIGGER "mods_outbox_insert" AFTER INSERT ON "mod_registrations"
WHEN NEW."confirmed_mod_id" IS NOT NULL
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") VALUES (0, 'mod', 'confirmed', NEW."confirmed_mod_id", NEW."confirmed_mod_id", NEW."user_id", NEW."name", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game"); END;

CREATE TRIGGER "mods_outbox_update" AFTER UPDATE ON "mod_registrations"
WHEN OLD."confirmed_mod_id" IS NOT NEW."confirmed_mod_id"
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") SELECT 0, 'mod', 'deleted', OLD."confirmed_mod_id", OLD."confirmed_mod_id", OLD."user_id", OLD."name", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game" WHERE OLD."confirmed_mod_id" IS NOT NULL;
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") SELECT 0, 'mod', 'confirmed', NEW."confirmed_mod_id", NEW."confirmed_mod_id", NEW."user_id", NEW."name", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game" WHERE NEW."confirmed_mod_id" IS NOT NULL;
END;

CREATE TRIGGER "mods_outbox_delete" AFTER DELETE ON "mod_registrations"
WHEN OLD."confirmed_mod_id" IS NOT NULL
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at", "game") VALUES (0, 'mod', 'deleted', OLD."confirmed_mod_id", OLD."confirmed_mod_id", OLD."user_id", OLD."name", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game"); END;
