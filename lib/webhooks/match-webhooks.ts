/**
 * Which webhooks get an event: enabled, subscribed to its type, and passing every filter
 * it set (within one filter any listed id matches; an empty filter matches all). The
 * author filter matches a document's author and a mod's owner. `pull.failed` goes only
 * to webhooks of the mod's owner at the time of the failure, whatever they subscribed.
 */
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

export function matches(webhook: Subscription, event: EventKeys): boolean {
  if (!list(webhook.events).includes(event.type)) return false;
  if (event.type === "pull.failed" && webhook.userId !== event.userId) return false;
  return (
    passes(webhook.modIds, event.modId) &&
    passes(webhook.documentIds, event.documentId) &&
    passes(webhook.authorIds, event.userId)
  );
}
