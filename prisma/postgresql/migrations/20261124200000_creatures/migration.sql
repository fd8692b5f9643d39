-- Creatures (issue 18): the catalogue's second kind beside engrams, with the same rules
-- (uid = md5 of the lowercase path, owned by a confirmed mod or by the base game) and a
-- data version of their own, bumped in the same transaction as every change.
CREATE TABLE "creatures" (
    "uid" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "class_name" TEXT NOT NULL,
    "class_key" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "environments" INTEGER NOT NULL,
    "mod_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "creatures_pkey" PRIMARY KEY ("uid")
);

-- CreateIndex
CREATE INDEX "creatures_class_key_idx" ON "creatures"("class_key");

-- CreateIndex
CREATE INDEX "creatures_mod_id_label_idx" ON "creatures"("mod_id", "label");

-- AddForeignKey
ALTER TABLE "creatures" ADD CONSTRAINT "creatures_mod_id_fkey" FOREIGN KEY ("mod_id") REFERENCES "mod_registrations"("confirmed_mod_id") ON DELETE CASCADE ON UPDATE CASCADE;

INSERT INTO "data_versions" ("name", "version") VALUES ('creatures', 0);

CREATE FUNCTION "bump_creatures_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'creatures';
  RETURN NULL;
END
$$;

CREATE TRIGGER "creatures_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "creatures"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_creatures_version"();

-- Creatures show their mod's name too. Lock order: every transaction takes the
-- data_versions rows of the catalogue in one order, engrams, creatures, mods, or two of
-- them can deadlock (a mod's DELETE cascades to engrams, then creatures, then bumps
-- mods). Triggers of one event fire in name order, so this one is named to come after
-- "engrams_version_mod_name" and before "mods_version"; and every DELETE or UPDATE of
-- mod_registrations takes the three rows in that order first, whatever order its
-- cascades' triggers then fire in.
CREATE TRIGGER "mod_name_creatures_version" AFTER UPDATE OF "name" ON "mod_registrations"
FOR EACH STATEMENT EXECUTE FUNCTION "bump_creatures_version"();

CREATE FUNCTION "lock_catalogue_versions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM "data_versions" WHERE "name" = 'engrams' FOR UPDATE;
  PERFORM 1 FROM "data_versions" WHERE "name" = 'creatures' FOR UPDATE;
  PERFORM 1 FROM "data_versions" WHERE "name" = 'mods' FOR UPDATE;
  RETURN NULL;
END
$$;

CREATE TRIGGER "catalogue_versions_lock_order" BEFORE UPDATE OR DELETE ON "mod_registrations"
FOR EACH STATEMENT EXECUTE FUNCTION "lock_catalogue_versions"();
