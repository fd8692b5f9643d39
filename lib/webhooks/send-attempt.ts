/**
 * One delivery attempt: the event's body (Standard Webhooks) or its Discord message,
 * POSTed through the address guard (lib/net/guarded-fetch.ts: public addresses only,
 * checked on the address connected) with no redirect followed, 10 s for the whole
 * exchange, the first KB of the answer kept for the delivery log. A 2xx is delivered;
 * anything else failed, with what the receiver asked for: Retry-After (or Discord's
 * retry_after), its rate limit's reset when none is left, 410 Gone to stop.
 */
import { FetchRefused, guardedFetch, type GuardOptions } from "@/lib/net/guarded-fetch";
import { discordMessage } from "@/lib/webhooks/discord-message";
import type { WebhookFormat } from "@/lib/webhooks/event-types";
import { retryAfterMs } from "@/lib/webhooks/retry-schedule";
import { signatureHeader } from "@/lib/webhooks/signature";

export const TIMEOUT_MS = 10_000;
export const RESPONSE_KEPT_BYTES = 1024;

export interface AttemptTarget {
  url: string;
  format: WebhookFormat;
  /** current secret first, then the previous one while it still signs */
  secrets: string[];
}

export interface AttemptEvent {
  id: string;
  payload: string;
}

export interface AttemptOutcome {
  ok: boolean;
  status: number | null;
  /** why there was no answer, in words that name no address */
  error: string | null;
  response: string;
  durationMs: number;
  /** the receiver asked to wait this long before trying again */
  retryAfterMs: number | null;
  /** the receiver's rate limit has nothing left until this long from now */
  holdMs: number | null;
  /** 410: the receiver wants no more */
  gone: boolean;
  /** for the operator's log only: what the guard refused, with addresses */
  detail?: string;
}

/** Discord's 429 body says how long to wait in seconds, to the millisecond. */
function retryAfterOfBody(text: string): number | null {
  try {
    const seconds = Number((JSON.parse(text) as { retry_after?: unknown }).retry_after);
    return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds * 1000) : null;
  } catch {
    return null;
  }
}

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name];
  return Array.isArray(v) ? v[0] : v;
};

/** The body and headers of the request, as sent (also what the tests and the benchmark check). */
export function requestFor(target: AttemptTarget, event: AttemptEvent, now = Date.now()) {
  const headers: Record<string, string> = { "content-type": "application/json", "user-agent": "BeaconHub-Webhooks/1" };
  if (target.format === "discord") return { body: JSON.stringify(discordMessage(event.payload)), headers };
  const timestamp = Math.floor(now / 1000);
  headers["webhook-id"] = event.id;
  headers["webhook-timestamp"] = String(timestamp);
  headers["webhook-signature"] = signatureHeader(target.secrets, event.id, timestamp, event.payload);
  return { body: event.payload, headers };
}

export async function sendAttempt(
  target: AttemptTarget,
  event: AttemptEvent,
  guard: GuardOptions = {},
): Promise<AttemptOutcome> {
  const started = performance.now();
  const { body, headers } = requestFor(target, event);
  const outcome: AttemptOutcome = {
    ok: false,
    status: null,
    error: null,
    response: "",
    durationMs: 0,
    retryAfterMs: null,
    holdMs: null,
    gone: false,
  };
  try {
    const res = await guardedFetch(
      target.url,
      { method: "POST", headers, body },
      { ...guard, timeoutMs: TIMEOUT_MS, followRedirects: false, truncateAt: RESPONSE_KEPT_BYTES },
    );
    outcome.status = res.status;
    outcome.ok = res.status >= 200 && res.status < 300;
    outcome.gone = res.status === 410;
    outcome.response = res.body.toString("utf8");
    outcome.retryAfterMs = retryAfterMs(header(res.headers, "retry-after"));
    if (res.status === 429 && outcome.retryAfterMs === null) outcome.retryAfterMs = retryAfterOfBody(outcome.response);
    if (header(res.headers, "x-ratelimit-remaining") === "0")
      outcome.holdMs = retryAfterMs(header(res.headers, "x-ratelimit-reset-after"));
  } catch (err) {
    if (!(err instanceof FetchRefused)) throw err;
    outcome.error = err.message;
    outcome.detail = err.detail;
  }
  outcome.durationMs = Math.round(performance.now() - started);
  return outcome;
}
