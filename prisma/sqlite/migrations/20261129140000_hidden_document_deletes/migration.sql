-- A hidden document's deletion goes to its author's webhooks only, as its updates do
-- (docs/WEBHOOKS.md): by the time events are built the row is gone, so its outbox row
-- says it was hidden ("detail" = 'hidden'). The trigger is as before otherwise.
DROP TRIGGER "documents_outbox_delete";
CREATE TRIGGER "documents_outbox_delete" AFTER DELETE ON "documents"
BEGIN INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "detail", "created_at") VALUES (0, 'document', 'deleted', OLD."id", NULL, OLD."user_id", OLD."name", OLD."revision", CASE WHEN OLD."hidden_at" IS NOT NULL THEN 'hidden' END, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')); END;
