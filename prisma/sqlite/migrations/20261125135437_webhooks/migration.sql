-- Webhooks and feeds. Triggers write what happened to the outbox ("event_outbox") in the
-- same transaction as every write, whoever makes it (the API, the dashboard, the
-- importer, the pull job, cascades of a mod's or a user's DELETE, SQL by hand);
-- lib/webhooks/build-events.ts turns the outbox into events and deliveries.
-- SQLite has one writer: txid is 0, and the builder groups what it finds per mod.
CREATE TABLE "event_outbox" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "txid" BIGINT NOT NULL,
    "kind" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "object_id" TEXT NOT NULL,
    "mod_id" TEXT,
    "user_id" TEXT,
    "label" TEXT NOT NULL,
    "revision" INTEGER,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "event_outbox_txid_id_idx" ON "event_outbox"("txid", "id");

-- CreateTable
CREATE TABLE "webhook_events" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "type" TEXT NOT NULL,
    "mod_id" TEXT,
    "document_id" TEXT,
    "user_id" TEXT,
    "payload" TEXT NOT NULL,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "webhook_events_mod_id_created_at_idx" ON "webhook_events"("mod_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_events_created_at_idx" ON "webhook_events"("created_at");

-- CreateTable
CREATE TABLE "webhooks" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "previous_secret_until" DATETIME,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "failing_since" DATETIME,
    "hold_until" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "webhooks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "webhooks_user_id_idx" ON "webhooks"("user_id");

-- CreateTable
CREATE TABLE "webhook_deliveries" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "webhook_id" TEXT NOT NULL,
    "event_id" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" DATETIME NOT NULL,
    "lease_owner" TEXT,
    "lease_until" DATETIME,
    "created_at" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" DATETIME,
    CONSTRAINT "webhook_deliveries_webhook_id_fkey" FOREIGN KEY ("webhook_id") REFERENCES "webhooks" ("id") ON DELETE CASCADE ON UPDATE CASCADE,
    CONSTRAINT "webhook_deliveries_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "webhook_events" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "webhook_deliveries_status_next_attempt_at_idx" ON "webhook_deliveries"("status", "next_attempt_at");

-- CreateIndex
CREATE INDEX "webhook_deliveries_webhook_id_created_at_idx" ON "webhook_deliveries"("webhook_id", "created_at");

-- CreateTable
CREATE TABLE "webhook_attempts" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "delivery_id" TEXT NOT NULL,
    "attempted_at" DATETIME NOT NULL,
    "duration_ms" INTEGER NOT NULL,
    "status" INTEGER,
    "error" TEXT,
    "response" TEXT NOT NULL DEFAULT '',
    CONSTRAINT "webhook_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_deliveries" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "webhook_attempts_delivery_id_idx" ON "webhook_attempts"("delivery_id");

-- Engrams and creatures: the same notion of a change as the change log (an update of
-- nothing but updated_at is none); a new uid or a move to another mod is a removal and
-- an addition.
CREATE TRIGGER "engrams_outbox_insert" AFTER INSERT ON "engrams"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") VALUES (0, 'engram', 'added', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER "engrams_outbox_update" AFTER UPDATE ON "engrams"
WHEN OLD."uid" IS NOT NEW."uid" OR OLD."path" IS NOT NEW."path" OR OLD."class_name" IS NOT NEW."class_name" OR OLD."label" IS NOT NEW."label" OR OLD."environments" IS NOT NEW."environments" OR OLD."can_blueprint" IS NOT NEW."can_blueprint" OR OLD."mod_id" IS NOT NEW."mod_id"
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") SELECT 0, 'engram', 'removed', OLD."uid", OLD."mod_id", NULL, OLD."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") SELECT 0, 'engram', 'added', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") SELECT 0, 'engram', 'updated', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE NOT (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
END;

CREATE TRIGGER "engrams_outbox_delete" AFTER DELETE ON "engrams"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") VALUES (0, 'engram', 'removed', OLD."uid", OLD."mod_id", NULL, OLD."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER "creatures_outbox_insert" AFTER INSERT ON "creatures"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") VALUES (0, 'creature', 'added', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER "creatures_outbox_update" AFTER UPDATE ON "creatures"
WHEN OLD."uid" IS NOT NEW."uid" OR OLD."path" IS NOT NEW."path" OR OLD."class_name" IS NOT NEW."class_name" OR OLD."label" IS NOT NEW."label" OR OLD."environments" IS NOT NEW."environments" OR OLD."mod_id" IS NOT NEW."mod_id"
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") SELECT 0, 'creature', 'removed', OLD."uid", OLD."mod_id", NULL, OLD."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") SELECT 0, 'creature', 'added', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") SELECT 0, 'creature', 'updated', NEW."uid", NEW."mod_id", NULL, NEW."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE NOT (OLD."uid" IS NOT NEW."uid" OR OLD."mod_id" IS NOT NEW."mod_id");
END;

CREATE TRIGGER "creatures_outbox_delete" AFTER DELETE ON "creatures"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") VALUES (0, 'creature', 'removed', OLD."uid", OLD."mod_id", NULL, OLD."label", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

-- A mod is confirmed when its registration gets confirmed_mod_id, deleted when the
-- confirmed registration goes (or loses it). Unconfirmed registrations are private.
CREATE TRIGGER "mods_outbox_insert" AFTER INSERT ON "mod_registrations"
WHEN NEW."confirmed_mod_id" IS NOT NULL
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") VALUES (0, 'mod', 'confirmed', NEW."confirmed_mod_id", NEW."confirmed_mod_id", NEW."user_id", NEW."name", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER "mods_outbox_update" AFTER UPDATE ON "mod_registrations"
WHEN OLD."confirmed_mod_id" IS NOT NEW."confirmed_mod_id"
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") SELECT 0, 'mod', 'deleted', OLD."confirmed_mod_id", OLD."confirmed_mod_id", OLD."user_id", OLD."name", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE OLD."confirmed_mod_id" IS NOT NULL;
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") SELECT 0, 'mod', 'confirmed', NEW."confirmed_mod_id", NEW."confirmed_mod_id", NEW."user_id", NEW."name", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE NEW."confirmed_mod_id" IS NOT NULL;
END;

CREATE TRIGGER "mods_outbox_delete" AFTER DELETE ON "mod_registrations"
WHEN OLD."confirmed_mod_id" IS NOT NULL
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") VALUES (0, 'mod', 'deleted', OLD."confirmed_mod_id", OLD."confirmed_mod_id", OLD."user_id", OLD."name", NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

-- Documents: published, updated (a new revision), deleted. Download counts are not changes.
CREATE TRIGGER "documents_outbox_insert" AFTER INSERT ON "documents"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") VALUES (0, 'document', 'published', NEW."id", NULL, NEW."user_id", NEW."name", NEW."revision", strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER "documents_outbox_update" AFTER UPDATE ON "documents"
WHEN OLD."revision" IS NOT NEW."revision"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") VALUES (0, 'document', 'updated', NEW."id", NULL, NEW."user_id", NEW."name", NEW."revision", strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

CREATE TRIGGER "documents_outbox_delete" AFTER DELETE ON "documents"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") VALUES (0, 'document', 'deleted', OLD."id", NULL, OLD."user_id", OLD."name", OLD."revision", strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;

-- A pull that ended in an error (each run records one outcome).
CREATE TRIGGER "mod_pulls_outbox_failed" AFTER UPDATE ON "mod_pulls"
WHEN NEW."status" = 'error' AND NEW."last_attempt_at" IS NOT OLD."last_attempt_at"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "created_at") VALUES (0, 'pull', 'failed', NEW."mod_id", NEW."mod_id", NULL, COALESCE(NEW."message", ''), NULL, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;
