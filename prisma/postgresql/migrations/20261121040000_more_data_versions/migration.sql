-- Data versions of users (public keys), mod registrations and document metadata,
-- bumped in the same transaction as every change, like the engrams one.
INSERT INTO "data_versions" ("name", "version") VALUES ('users', 0), ('mods', 0), ('documents', 0);

CREATE FUNCTION "bump_users_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'users';
  RETURN NULL;
END
$$;

CREATE TRIGGER "users_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_users_version"();

CREATE FUNCTION "bump_mods_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'mods';
  RETURN NULL;
END
$$;

CREATE TRIGGER "mods_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mod_registrations"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_mods_version"();

CREATE FUNCTION "bump_documents_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'documents';
  RETURN NULL;
END
$$;

CREATE TRIGGER "documents_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "documents"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_documents_version"();
