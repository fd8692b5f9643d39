-- A display name is shown wherever its author is (the /documents listing, document
-- pages): changing one moves the users data version, which the pages kept in memory
-- (lib/server/page-cache.ts) are checked against, on every instance.
CREATE TRIGGER "display_names_version_insert" AFTER INSERT ON "display_names"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'users'; END;

CREATE TRIGGER "display_names_version_update" AFTER UPDATE ON "display_names"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'users'; END;

CREATE TRIGGER "display_names_version_delete" AFTER DELETE ON "display_names"
BEGIN UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'users'; END;
