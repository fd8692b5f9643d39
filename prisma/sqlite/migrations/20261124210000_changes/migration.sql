-- The change log of the public catalogue (issue 18), read by GET /v1/changes.php
-- (lib/changes). Triggers write it in the same transaction as every change to engrams,
-- creatures and confirmed mods, whoever makes it: the API, the importer, the pull job,
-- foreign-key cascades (a mod's or a user's DELETE), SQL typed by hand.
--
-- SQLite runs one write transaction at a time, so rows get their ids in commit order
-- and a reader's snapshot always holds a prefix of them: the id alone is an exact
-- position (txid is always 0 here; PostgreSQL needs it). Times are UTC.
CREATE TABLE "changes" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "txid" BIGINT NOT NULL,
    "kind" TEXT NOT NULL,
    "object_id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "deleted" BOOLEAN NOT NULL,
    "changed_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "changes_txid_id_idx" ON "changes"("txid", "id");

-- CreateIndex
CREATE INDEX "changes_changed_at_idx" ON "changes"("changed_at");

-- Where the log begins: nothing before this migration was logged.
CREATE TABLE "change_horizon" (
    "id" INTEGER NOT NULL PRIMARY KEY,
    "txid" BIGINT NOT NULL,
    "change_id" INTEGER NOT NULL,
    "since" DATETIME NOT NULL
);

INSERT INTO "change_horizon" ("id", "txid", "change_id", "since") VALUES (1, 0, 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));

-- Engrams and creatures. An update that changes nothing but updated_at (the same
-- engram pushed again) is not a change; a changed uid is the old one deleted.
CREATE TRIGGER "engrams_changes_insert" AFTER INSERT ON "engrams"
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") VALUES (0, 'engrams', NEW."uid", NEW."label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER "engrams_changes_update" AFTER UPDATE ON "engrams"
WHEN OLD."uid" IS NOT NEW."uid" OR OLD."path" IS NOT NEW."path" OR OLD."class_name" IS NOT NEW."class_name" OR OLD."class_key" IS NOT NEW."class_key" OR OLD."label" IS NOT NEW."label" OR OLD."environments" IS NOT NEW."environments" OR OLD."can_blueprint" IS NOT NEW."can_blueprint" OR OLD."mod_id" IS NOT NEW."mod_id"
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") SELECT 0, 'engrams', OLD."uid", OLD."label", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE OLD."uid" IS NOT NEW."uid";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") VALUES (0, 'engrams', NEW."uid", NEW."label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

CREATE TRIGGER "engrams_changes_delete" AFTER DELETE ON "engrams"
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") VALUES (0, 'engrams', OLD."uid", OLD."label", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER "creatures_changes_insert" AFTER INSERT ON "creatures"
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") VALUES (0, 'creatures', NEW."uid", NEW."label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER "creatures_changes_update" AFTER UPDATE ON "creatures"
WHEN OLD."uid" IS NOT NEW."uid" OR OLD."path" IS NOT NEW."path" OR OLD."class_name" IS NOT NEW."class_name" OR OLD."class_key" IS NOT NEW."class_key" OR OLD."label" IS NOT NEW."label" OR OLD."environments" IS NOT NEW."environments" OR OLD."mod_id" IS NOT NEW."mod_id"
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") SELECT 0, 'creatures', OLD."uid", OLD."label", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE OLD."uid" IS NOT NEW."uid";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") VALUES (0, 'creatures', NEW."uid", NEW."label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
END;

CREATE TRIGGER "creatures_changes_delete" AFTER DELETE ON "creatures"
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") VALUES (0, 'creatures', OLD."uid", OLD."label", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

-- Mods are public once confirmed: a confirmation or a new name is a change of the mod
-- (and, for a new name, of its engrams and creatures, which show it as mod_name); the
-- deletion of a confirmed registration is its deletion. Unconfirmed registrations are
-- private to their user and never logged.
CREATE TRIGGER "mods_changes_insert" AFTER INSERT ON "mod_registrations"
WHEN NEW."confirmed_mod_id" IS NOT NULL
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") VALUES (0, 'mods', NEW."confirmed_mod_id", NEW."name", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER "mods_changes_update" AFTER UPDATE ON "mod_registrations"
WHEN OLD."confirmed_mod_id" IS NOT NEW."confirmed_mod_id" OR (NEW."confirmed_mod_id" IS NOT NULL AND OLD."name" IS NOT NEW."name")
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") SELECT 0, 'mods', OLD."confirmed_mod_id", OLD."name", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE OLD."confirmed_mod_id" IS NOT NULL AND OLD."confirmed_mod_id" IS NOT NEW."confirmed_mod_id";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") SELECT 0, 'mods', NEW."confirmed_mod_id", NEW."name", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE NEW."confirmed_mod_id" IS NOT NULL;
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") SELECT 0, 'engrams', "uid", "label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM "engrams" WHERE "mod_id" = NEW."confirmed_mod_id" AND OLD."name" IS NOT NEW."name";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") SELECT 0, 'creatures', "uid", "label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM "creatures" WHERE "mod_id" = NEW."confirmed_mod_id" AND OLD."name" IS NOT NEW."name";
END;

CREATE TRIGGER "mods_changes_delete" AFTER DELETE ON "mod_registrations"
WHEN OLD."confirmed_mod_id" IS NOT NULL
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at") VALUES (0, 'mods', OLD."confirmed_mod_id", OLD."name", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;
