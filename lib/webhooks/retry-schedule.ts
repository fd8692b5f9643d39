/**
 * When a failed delivery is tried again: exponential backoff (x3 from 5 s, at most 6 h
 * apart) with ±20 % jitter, 12 attempts in all over about 22.6 hours, after which the
 * delivery is given up. A receiver's Retry-After (429, 503) or Discord's retry_after
 * wins when it asks for longer, up to an hour. A webhook whose deliveries have failed for
 * a day without one success is disabled. WEBHOOK_RETRY_SCALE multiplies every delay and
 * that day (tests use 0.001).
 */
export const DELAYS_SECONDS = [5, 15, 45, 135, 405, 1215, 3645, 10935, 21600, 21600, 21600];
export const MAX_ATTEMPTS = DELAYS_SECONDS.length + 1;
export const DISABLE_AFTER_MS = 24 * 3600_000;
const MAX_RETRY_AFTER_MS = 3600_000;

/** The delay before attempt `attempts + 1`, or null when `attempts` was the last. */
export function retryDelayMs(attempts: number, scale = 1, random = Math.random): number | null {
  const base = DELAYS_SECONDS[attempts - 1];
  if (base === undefined) return null;
  return Math.round(base * 1000 * scale * (0.8 + 0.4 * random()));
}

/** Seconds of a Retry-After header (delta-seconds or an HTTP date), as ms from now; null if absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now;
  if (!Number.isFinite(ms) || ms < 0) return null;
  return Math.min(ms, MAX_RETRY_AFTER_MS);
}
