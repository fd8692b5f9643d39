/**
 * Which webhooks get an event: enabled, subscribed to its type, and passing every filter
 * it set (within one filter any listed id matches; an empty filter matches all). The
 * author filter matches a document's author and a mod's owner. `pull.failed` goes only
 * to webhooks of the mod's owner at the time of the failure, whatever they subscribed;
 * `moderation.notice` only to the webhooks of the moderated document's author or account.
 * An event of a hidden document (a moderator hid it, or its author is suspended) goes only
 * to its author's webhooks: everyone else sees no such document (lib/documents/visibility.ts).
 */
import { OWNER_ONLY_EVENTS } from "@/lib/webhooks/event-types";

export interface Subscription {
  id: string;
  userId: string;
  events: string;
  modIds: string;
  documentIds: string;
  authorIds: string;
}

export interface EventKeys {
  type: string;
  modId: string | null;
  documentId: string | null;
  userId: string | null;
}

const list = (text: string) => (text === "" ? [] : text.split(","));
const passes = (filter: string, value: string | null) =>
  filter === "" || (value !== null && list(filter).includes(value));

export function matches(webhook: Subscription, event: EventKeys, options: { hiddenDocument?: boolean } = {}): boolean {
  if (!list(webhook.events).includes(event.type)) return false;
  if ((OWNER_ONLY_EVENTS.has(event.type) || options.hiddenDocument) && webhook.userId !== event.userId) return false;
  return (
    passes(webhook.modIds, event.modId) &&
    passes(webhook.documentIds, event.documentId) &&
    passes(webhook.authorIds, event.userId)
  );
}
