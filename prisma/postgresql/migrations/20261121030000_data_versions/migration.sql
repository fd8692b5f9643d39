-- CreateTable
CREATE TABLE "data_versions" (
    "name" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "data_versions_pkey" PRIMARY KEY ("name")
);

INSERT INTO "data_versions" ("name", "version") VALUES ('engrams', 0);

-- Every change to engrams, and to the mod names shown with them, bumps the version in
-- the same transaction: once per statement, however many rows it touched.
CREATE FUNCTION "bump_engrams_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'engrams';
  RETURN NULL;
END
$$;

CREATE TRIGGER "engrams_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "engrams"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_engrams_version"();

CREATE TRIGGER "engrams_version_mod_name" AFTER UPDATE OF "name" ON "mod_registrations"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_engrams_version"();
