/** Webhooks and deliveries as the API answers them, key by key (never the secret). */
import type { EventType, WebhookFormat } from "@/lib/webhooks/event-types";

export interface WebhookJson {
  webhook_id: string;
  url: string;
  format: WebhookFormat;
  events: EventType[];
  mod_ids: string[];
  document_ids: string[];
  author_ids: string[];
  description: string;
  enabled: boolean;
  disabled_reason: string | null;
  failing_since: string | null;
  /** while a rotated-out secret still signs beside the new one */
  previous_secret_until: string | null;
  created_at: string;
}

export interface AttemptJson {
  attempted_at: string;
  status: number | null;
  duration_ms: number;
  error: string | null;
  response: string;
}

export interface DeliveryJson {
  delivery_id: string;
  event_id: string;
  event_type: string;
  status: "pending" | "delivered" | "failed";
  attempts: number;
  next_attempt_at: string | null;
  created_at: string;
  finished_at: string | null;
  log: AttemptJson[];
}

const list = (text: string) => (text === "" ? [] : text.split(","));
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function webhookJson(w: {
  id: string;
  url: string;
  format: string;
  events: string;
  modIds: string;
  documentIds: string;
  authorIds: string;
  description: string;
  enabled: boolean;
  disabledReason: string | null;
  failingSince: Date | null;
  previousSecretUntil: Date | null;
  createdAt: Date;
}): WebhookJson {
  return {
    webhook_id: w.id,
    url: w.url,
    format: w.format as WebhookFormat,
    events: list(w.events) as EventType[],
    mod_ids: list(w.modIds),
    document_ids: list(w.documentIds),
    author_ids: list(w.authorIds),
    description: w.description,
    enabled: w.enabled,
    disabled_reason: w.enabled ? null : w.disabledReason,
    failing_since: iso(w.failingSince),
    previous_secret_until:
      w.previousSecretUntil && w.previousSecretUntil > new Date() ? iso(w.previousSecretUntil) : null,
    created_at: w.createdAt.toISOString(),
  };
}

export function deliveryJson(d: {
  id: string;
  eventId: string;
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  createdAt: Date;
  finishedAt: Date | null;
  event: { type: string };
  log: { attemptedAt: Date; status: number | null; durationMs: number; error: string | null; response: string }[];
}): DeliveryJson {
  return {
    delivery_id: d.id,
    event_id: d.eventId,
    event_type: d.event.type,
    status: d.status as DeliveryJson["status"],
    attempts: d.attempts,
    next_attempt_at: d.status === "pending" ? d.nextAttemptAt.toISOString() : null,
    created_at: d.createdAt.toISOString(),
    finished_at: iso(d.finishedAt),
    log: d.log.map((a) => ({
      attempted_at: a.attemptedAt.toISOString(),
      status: a.status,
      duration_ms: a.durationMs,
      error: a.error,
      response: a.response,
    })),
  };
}
