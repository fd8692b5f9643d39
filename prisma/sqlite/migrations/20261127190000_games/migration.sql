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

-- The change log's triggers, as before, now writing each row's game.
DROP TRIGGER "engrams_changes_insert";
DROP TRIGGER "engrams_changes_update";
DROP TRIGGER "engrams_changes_delete";
DROP TRIGGER "creatures_changes_insert";
DROP TRIGGER "creatures_changes_update";
DROP TRIGGER "creatures_changes_delete";
DROP TRIGGER "mods_changes_insert";
DROP TRIGGER "mods_changes_update";
DROP TRIGGER "mods_changes_delete";

CREATE TRIGGER "engrams_changes_insert" AFTER INSERT ON "engrams"
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") VALUES (0, 'engrams', NEW."uid", NEW."label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game"); END;

CREATE TRIGGER "engrams_changes_update" AFTER UPDATE ON "engrams"
WHEN OLD."uid" IS NOT NEW."uid" OR OLD."path" IS NOT NEW."path" OR OLD."class_name" IS NOT NEW."class_name" OR OLD."class_key" IS NOT NEW."class_key" OR OLD."label" IS NOT NEW."label" OR OLD."environments" IS NOT NEW."environments" OR OLD."can_blueprint" IS NOT NEW."can_blueprint" OR OLD."mod_id" IS NOT NEW."mod_id" OR OLD."game" IS NOT NEW."game"
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") SELECT 0, 'engrams', OLD."uid", OLD."label", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game" WHERE OLD."uid" IS NOT NEW."uid" OR OLD."game" IS NOT NEW."game";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") VALUES (0, 'engrams', NEW."uid", NEW."label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game");
END;

CREATE TRIGGER "engrams_changes_delete" AFTER DELETE ON "engrams"
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") VALUES (0, 'engrams', OLD."uid", OLD."label", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game"); END;

CREATE TRIGGER "creatures_changes_insert" AFTER INSERT ON "creatures"
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") VALUES (0, 'creatures', NEW."uid", NEW."label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game"); END;

CREATE TRIGGER "creatures_changes_update" AFTER UPDATE ON "creatures"
WHEN OLD."uid" IS NOT NEW."uid" OR OLD."path" IS NOT NEW."path" OR OLD."class_name" IS NOT NEW."class_name" OR OLD."class_key" IS NOT NEW."class_key" OR OLD."label" IS NOT NEW."label" OR OLD."environments" IS NOT NEW."environments" OR OLD."mod_id" IS NOT NEW."mod_id" OR OLD."game" IS NOT NEW."game"
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") SELECT 0, 'creatures', OLD."uid", OLD."label", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game" WHERE OLD."uid" IS NOT NEW."uid" OR OLD."game" IS NOT NEW."game";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") VALUES (0, 'creatures', NEW."uid", NEW."label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game");
END;

CREATE TRIGGER "creatures_changes_delete" AFTER DELETE ON "creatures"
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") VALUES (0, 'creatures', OLD."uid", OLD."label", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game"); END;

CREATE TRIGGER "mods_changes_insert" AFTER INSERT ON "mod_registrations"
WHEN NEW."confirmed_mod_id" IS NOT NULL
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") VALUES (0, 'mods', NEW."confirmed_mod_id", NEW."name", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game"); END;

CREATE TRIGGER "mods_changes_update" AFTER UPDATE ON "mod_registrations"
WHEN OLD."confirmed_mod_id" IS NOT NEW."confirmed_mod_id" OR (NEW."confirmed_mod_id" IS NOT NULL AND OLD."name" IS NOT NEW."name")
BEGIN
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") SELECT 0, 'mods', OLD."confirmed_mod_id", OLD."name", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game" WHERE OLD."confirmed_mod_id" IS NOT NULL AND OLD."confirmed_mod_id" IS NOT NEW."confirmed_mod_id";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") SELECT 0, 'mods', NEW."confirmed_mod_id", NEW."name", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), NEW."game" WHERE NEW."confirmed_mod_id" IS NOT NULL;
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") SELECT 0, 'engrams', "uid", "label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), "game" FROM "engrams" WHERE "mod_id" = NEW."confirmed_mod_id" AND OLD."name" IS NOT NEW."name";
  INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") SELECT 0, 'creatures', "uid", "label", 0, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), "game" FROM "creatures" WHERE "mod_id" = NEW."confirmed_mod_id" AND OLD."name" IS NOT NEW."name";
END;

CREATE TRIGGER "mods_changes_delete" AFTER DELETE ON "mod_registrations"
WHEN OLD."confirmed_mod_id" IS NOT NULL
BEGIN INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at", "game") VALUES (0, 'mods', OLD."confirmed_mod_id", OLD."name", 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD."game"); END;
