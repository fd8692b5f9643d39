-- Webhooks and feeds. Triggers write what happened to the outbox ("event_outbox") in the
-- same transaction as every write, whoever makes it (the API, the dashboard, the
-- importer, the pull job, cascades of a mod's or a user's DELETE, SQL by hand);
-- lib/webhooks/build-events.ts turns the outbox into events and deliveries.
-- Each row carries its transaction's id: the builder makes one event per mod and transaction.
CREATE TABLE "event_outbox" (
    "id" SERIAL NOT NULL,
    "txid" BIGINT NOT NULL,
    "kind" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "object_id" TEXT NOT NULL,
    "mod_id" TEXT,
    "user_id" TEXT,
    "label" TEXT NOT NULL,
    "revision" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "event_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "event_outbox_txid_id_idx" ON "event_outbox"("txid", "id");

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "mod_id" TEXT,
    "document_id" TEXT,
    "user_id" TEXT,
    "payload" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_events_mod_id_created_at_idx" ON "webhook_events"("mod_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_events_created_at_idx" ON "webhook_events"("created_at");

-- CreateTable
CREATE TABLE "webhooks" (
    "id" TEXT NOT NULL,
    "user_id" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "events" TEXT NOT NULL,
    "mod_ids" TEXT NOT NULL DEFAULT '',
    "document_ids" TEXT NOT NULL DEFAULT '',
    "author_ids" TEXT NOT NULL DEFAULT '',
    "description" TEXT NOT NULL DEFAULT '',
    "secret" TEXT NOT NULL,
    "previous_secret" TEXT,
    "previous_secret_until" TIMESTAMP(3),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "failing_since" TIMESTAMP(3),
    "hold_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhooks_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhooks_user_id_idx" ON "webhooks"("user_id");

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL,
    "webhook_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMP(3) NOT NULL,
    "lease_owner" TEXT,
    "lease_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMP(3),

    CONSTRAINT "webhook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at");

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" SERIAL NOT NULL,
    "delivery_id" TEXT NOT NULL,
    "attempted_at" TIMESTAMP(3) NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status" INTEGER,
    "error" TEXT,
    "response" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "webhook_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_idx" ON "webhook_attempts"("delivery_id");

-- AddForeignKey
ALTER TABLE "webhooks" ADD CONSTRAINT "webhooks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_events"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Engrams and creatures (TG_ARGV[0] names the kind): the same notion of a change as the change log (an update of
-- nothing but updated_at is none); a new uid or a move to another mod is a removal and
-- an addition. Statement-level, like the change log.
CREATE FUNCTION "beacon_outbox_items_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], 'added', n."uid", n."mod_id", NULL, n."label", NULL, clock_timestamp() AT TIME ZONE 'UTC' FROM "new_rows" n WHERE true;
  RETURN NULL;
END
$$;

CREATE FUNCTION "beacon_outbox_items_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], 'removed', o."uid", o."mod_id", NULL, o."label", NULL, clock_timestamp() AT TIME ZONE 'UTC' FROM "old_rows" o WHERE NOT EXISTS (SELECT 1 FROM "new_rows" n WHERE n."uid" = o."uid" AND n."mod_id" IS NOT DISTINCT FROM o."mod_id");
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], 'added', n."uid", n."mod_id", NULL, n."label", NULL, clock_timestamp() AT TIME ZONE 'UTC' FROM "new_rows" n LEFT JOIN "old_rows" o ON o."uid" = n."uid" WHERE o."uid" IS NULL OR o."mod_id" IS DISTINCT FROM n."mod_id";
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], 'updated', n."uid", n."mod_id", NULL, n."label", NULL, clock_timestamp() AT TIME ZONE 'UTC' FROM "new_rows" n JOIN "old_rows" o ON o."uid" = n."uid" WHERE o."mod_id" IS NOT DISTINCT FROM n."mod_id" AND (to_jsonb(o) - 'created_at' - 'updated_at') IS DISTINCT FROM (to_jsonb(n) - 'created_at' - 'updated_at');
  RETURN NULL;
END
$$;

CREATE FUNCTION "beacon_outbox_items_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, TG_ARGV[0], 'removed', o."uid", o."mod_id", NULL, o."label", NULL, clock_timestamp() AT TIME ZONE 'UTC' FROM "old_rows" o WHERE true;
  RETURN NULL;
END
$$;

CREATE TRIGGER "engrams_outbox_insert" AFTER INSERT ON "engrams" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_items_inserted"('engram');
CREATE TRIGGER "engrams_outbox_update" AFTER UPDATE ON "engrams" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_items_updated"('engram');
CREATE TRIGGER "engrams_outbox_delete" AFTER DELETE ON "engrams" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_items_deleted"('engram');

CREATE TRIGGER "creatures_outbox_insert" AFTER INSERT ON "creatures" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_items_inserted"('creature');
CREATE TRIGGER "creatures_outbox_update" AFTER UPDATE ON "creatures" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_items_updated"('creature');
CREATE TRIGGER "creatures_outbox_delete" AFTER DELETE ON "creatures" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_items_deleted"('creature');

-- A mod is confirmed when its registration gets confirmed_mod_id, deleted when the
-- confirmed registration goes (or loses it). Unconfirmed registrations are private.
CREATE FUNCTION "beacon_outbox_mods_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, 'mod', 'confirmed', n."confirmed_mod_id", n."confirmed_mod_id", n."user_id", n."name", NULL, clock_timestamp() AT TIME ZONE 'UTC' FROM "new_rows" n WHERE n."confirmed_mod_id" IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE FUNCTION "beacon_outbox_mods_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, 'mod', 'deleted', o."confirmed_mod_id", o."confirmed_mod_id", o."user_id", o."name", NULL, clock_timestamp() AT TIME ZONE 'UTC' FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id" WHERE o."confirmed_mod_id" IS NOT NULL AND o."confirmed_mod_id" IS DISTINCT FROM n."confirmed_mod_id";
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, 'mod', 'confirmed', n."confirmed_mod_id", n."confirmed_mod_id", n."user_id", n."name", NULL, clock_timestamp() AT TIME ZONE 'UTC' FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE n."confirmed_mod_id" IS NOT NULL AND o."confirmed_mod_id" IS DISTINCT FROM n."confirmed_mod_id";
  RETURN NULL;
END
$$;

CREATE FUNCTION "beacon_outbox_mods_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, 'mod', 'deleted', o."confirmed_mod_id", o."confirmed_mod_id", o."user_id", o."name", NULL, clock_timestamp() AT TIME ZONE 'UTC' FROM "old_rows" o WHERE o."confirmed_mod_id" IS NOT NULL;
  RETURN NULL;
END
$$;

CREATE TRIGGER "mods_outbox_insert" AFTER INSERT ON "mod_registrations" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_mods_inserted"();
CREATE TRIGGER "mods_outbox_update" AFTER UPDATE ON "mod_registrations" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_mods_updated"();
CREATE TRIGGER "mods_outbox_delete" AFTER DELETE ON "mod_registrations" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_mods_deleted"();

-- Documents: published, updated (a new revision), deleted. Download counts are not changes.
CREATE FUNCTION "beacon_outbox_documents_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, 'document', 'published', n."id", NULL, n."user_id", n."name", n."revision", clock_timestamp() AT TIME ZONE 'UTC' FROM "new_rows" n WHERE true;
  RETURN NULL;
END
$$;

CREATE FUNCTION "beacon_outbox_documents_updated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, 'document', 'updated', n."id", NULL, n."user_id", n."name", n."revision", clock_timestamp() AT TIME ZONE 'UTC' FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id" WHERE o."revision" IS DISTINCT FROM n."revision";
  RETURN NULL;
END
$$;

CREATE FUNCTION "beacon_outbox_documents_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, 'document', 'deleted', o."id", NULL, o."user_id", o."name", o."revision", clock_timestamp() AT TIME ZONE 'UTC' FROM "old_rows" o WHERE true;
  RETURN NULL;
END
$$;

CREATE TRIGGER "documents_outbox_insert" AFTER INSERT ON "documents" REFERENCING NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_documents_inserted"();
CREATE TRIGGER "documents_outbox_update" AFTER UPDATE ON "documents" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_documents_updated"();
CREATE TRIGGER "documents_outbox_delete" AFTER DELETE ON "documents" REFERENCING OLD TABLE AS "old_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_documents_deleted"();

-- A pull that ended in an error (each run records one outcome).
CREATE FUNCTION "beacon_outbox_pull_failed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at")
  SELECT pg_current_xact_id()::text::bigint, 'pull', 'failed', n."mod_id", n."mod_id", NULL, COALESCE(n."message", ''), NULL, clock_timestamp() AT TIME ZONE 'UTC' FROM "new_rows" n JOIN "old_rows" o ON o."mod_id" = n."mod_id" WHERE n."status" = 'error' AND n."last_attempt_at" IS DISTINCT FROM o."last_attempt_at";
  RETURN NULL;
END
$$;

CREATE TRIGGER "mod_pulls_outbox_update" AFTER UPDATE ON "mod_pulls" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
FOR EACH STATEMENT EXECUTE FUNCTION "beacon_outbox_pull_failed"();
