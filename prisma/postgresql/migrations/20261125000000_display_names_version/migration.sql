-- A display name is shown wherever its author is (the /documents listing, document
-- pages): changing one moves the users data version, which the pages kept in memory
-- (lib/server/page-cache.ts) are checked against, on every instance.
CREATE TRIGGER "display_names_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "display_names"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_users_version"();
