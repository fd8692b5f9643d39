-- Moderation notices for webhooks: a moderator's action on a user's document or account
-- is written to the outbox by lib/moderation/actions.ts in the action's transaction
-- (kind 'moderation'), with the moderator's reason here, beside the target's name in
-- "label"; lib/webhooks/build-events.ts makes it a `moderation.notice` event.
ALTER TABLE "event_outbox" ADD COLUMN "detail" TEXT;
