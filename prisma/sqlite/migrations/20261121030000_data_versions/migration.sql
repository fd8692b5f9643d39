-- CreateTable
CREATE TABLE "data_versions" (
    "name" TEXT NOT NULL PRIMARY KEY,
    "version" INTEGER NOT NULL DEFAULT 0
);

INSERT INTO "data_versions" ("name", "version") VALUES ('engrams', 0);

-- Every change to engrams, and to the mod names shown with them, bumps the version in
-- the same transaction (SQLite has only row-level triggers).
CREATE TRIGGER "engrams_version_insert" AFTER INSERT ON "engrams"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'engrams'; END;

CREATE TRIGGER "engrams_version_update" AFTER UPDATE ON "engrams"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'engrams'; END;

CREATE TRIGGER "engrams_version_delete" AFTER DELETE ON "engrams"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'engrams'; END;

CREATE TRIGGER "engrams_version_mod_name" AFTER UPDATE OF "name" ON "mod_registrations"
WHEN NEW."confirmed_mod_id" IS NOT NULL
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'engrams'; END;
