-- A hidden document's deletion goes to its author's webhooks only, as its updates do
-- (docs/WEBHOOKS.md): by the time events are built the row is gone, so its outbox row
-- says it was hidden ("detail" = 'hidden'). The function is as before otherwise.
CREATE OR REPLACE FUNCTION "beacon_outbox_documents_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "event_outbox" ("txid", "kind", "action", "object_id", "mod_id", "user_id", "label", "revision", "detail", "created_at")
  SELECT pg_current_xact_id()::text::bigint, 'document', 'deleted', o."id", NULL, o."user_id", o."name", o."revision", CASE WHEN o."hidden_at" IS NOT NULL THEN 'hidden' END, clock_timestamp() AT TIME ZONE 'UTC' FROM "old_rows" o WHERE true;
  RETURN NULL;
END
$$;
