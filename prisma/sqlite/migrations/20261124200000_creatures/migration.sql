-- Creatures (issue 18): the catalogue's second kind beside engrams, with the same rules
-- (uid = md5 of the lowercase path, owned by a confirmed mod or by the base game) and a
-- data version of their own, bumped in the same transaction as every change.
CREATE TABLE "creatures" (
    "uid" TEXT NOT NULL PRIMARY KEY,
    "path" TEXT NOT NULL,
    "class_name" TEXT NOT NULL,
    "class_key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "environments" INTEGER NOT NULL,
    "mod_id" TEXT,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" DATETIME NOT NULL,
    CONSTRAINT "creatures_mod_id_fkey" FOREIGN KEY ("mod_id") REFERENCES "mod_registrations" ("confirmed_mod_id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "creatures_class_key_idx" ON "creatures"("class_key");

-- CreateIndex
CREATE INDEX "creatures_mod_id_label_idx" ON "creatures"("mod_id", "label");

INSERT INTO "data_versions" ("name", "version") VALUES ('creatures', 0);

CREATE TRIGGER "creatures_version_insert" AFTER INSERT ON "creatures"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'creatures'; END;

CREATE TRIGGER "creatures_version_update" AFTER UPDATE ON "creatures"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'creatures'; END;

CREATE TRIGGER "creatures_version_delete" AFTER DELETE ON "creatures"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'creatures'; END;

-- Creatures show their mod's name too.
CREATE TRIGGER "creatures_version_mod_name" AFTER UPDATE OF "name" ON "mod_registrations"
WHEN NEW."confirmed_mod_id" IS NOT NULL
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'creatures'; END;
