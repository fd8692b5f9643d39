-- The Atom feeds (lib/feeds/feeds.ts) read the newest events of an author and of the
-- document event types; a mod's feed uses webhook_events_mod_id_created_at_idx.

-- CreateIndex
CREATE INDEX "webhook_events_user_id_created_at_idx" ON "webhook_events"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "webhook_events_type_created_at_idx" ON "webhook_events"("type", "created_at");
