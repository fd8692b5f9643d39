/**
 * The events a webhook can subscribe to, with their stable ids (the `type` of every
 * payload). docs/WEBHOOKS.md documents each payload; lib/webhooks/event-payloads.ts
 * builds them. `pull.failed` reaches only the mod's owner and `moderation.notice` only the
 * owner of the document or account; the rest is public.
 */
export const EVENT_TYPES = [
  "mod.confirmed",
  "mod.deleted",
  "catalogue.changed",
  "document.published",
  "document.updated",
  "document.deleted",
  "pull.failed",
  "moderation.notice",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

/** Sent by "send a test event" only; never subscribed to. */
export const TEST_EVENT = "webhook.test";

export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  "mod.confirmed": "a mod's ownership was confirmed: it joins the public catalogue",
  "mod.deleted": "a confirmed mod was deleted (its engrams and creatures with it)",
  "catalogue.changed": "engrams or creatures of a mod were added, updated or removed: one event per mod and write",
  "document.published": "a document was published",
  "document.updated": "a document was published again: a new revision",
  "document.deleted": "a document was deleted",
  "pull.failed": "a pull of the mod's engrams failed (the mod's owner only)",
  "moderation.notice":
    "a moderator hid, restored or removed one of your documents, or suspended or reinstated your account, with the reason (you only)",
};

/** Events only the owner's own webhooks receive, whatever others subscribe to: they are not public. */
export const OWNER_ONLY_EVENTS: ReadonlySet<string> = new Set<EventType>(["pull.failed", "moderation.notice"]);

export const FORMATS = ["standard", "discord"] as const;
export type WebhookFormat = (typeof FORMATS)[number];
