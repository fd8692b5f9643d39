-- Data versions of users (public keys), mod registrations and document metadata,
-- bumped in the same transaction as every change, like the engrams one.
INSERT INTO "data_versions" ("name", "version") VALUES ('users', 0), ('mods', 0), ('documents', 0);

CREATE TRIGGER "users_version_insert" AFTER INSERT ON "users"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'users'; END;

CREATE TRIGGER "users_version_update" AFTER UPDATE ON "users"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'users'; END;

CREATE TRIGGER "users_version_delete" AFTER DELETE ON "users"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'users'; END;

CREATE TRIGGER "mods_version_insert" AFTER INSERT ON "mod_registrations"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'mods'; END;

CREATE TRIGGER "mods_version_update" AFTER UPDATE ON "mod_registrations"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'mods'; END;

CREATE TRIGGER "mods_version_delete" AFTER DELETE ON "mod_registrations"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'mods'; END;

CREATE TRIGGER "documents_version_insert" AFTER INSERT ON "documents"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'documents'; END;

CREATE TRIGGER "documents_version_update" AFTER UPDATE ON "documents"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'documents'; END;

CREATE TRIGGER "documents_version_delete" AFTER DELETE ON "documents"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'documents'; END;
