/**
 * Fixed windows (one minute, or `windowMs` whole minutes: the reports' hour) counted in
 * memory and shared through a store without a database write per request: each hit is decided on this instance's count not yet sent
 * plus the last global total the store returned; about once a second every key's new
 * hits go to the store in one statement, which answers with the new global totals. With
 * several instances a key can overshoot its limit by what the others accepted during
 * the last second; with none of the store's answers (database down) each instance still
 * limits on its own counts. Deciding never waits for the database.
 */
import { countRateLimitRefusal } from "@/lib/metrics/events";
import type { CounterStore } from "./counter-store";

export interface Decision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** seconds until the window ends */
  resetSeconds: number;
  /** end of the window, Unix seconds */
  resetAt: number;
}

interface Entry {
  key: string;
  /** the window's last minute (minutes since the Unix epoch): what the store keys it by */
  minute: number;
  /** hits accepted here and not yet handed to the store */
  pending: number;
  /** hits on their way to the store */
  sending: number;
  /** hits of this instance the store has */
  flushed: number;
  /** the store's total over every instance, as last seen */
  global: number;
}

export interface LimiterOptions {
  /**
   * Length of a window, a whole number of minutes (default one). The store keeps a window
   * under its last minute, so the store's clean-up (rows ended over a minute ago) is the
   * same for every length and limiters of several lengths can share one store.
   */
  windowMs?: number;
  flushMs?: number;
  now?: () => number;
  /** keys tracked at once; hits of further keys are allowed uncounted rather than growing memory without bound */
  maxKeys?: number;
  onError?: (err: unknown) => void;
}

const MINUTE_MS = 60_000;
const BATCH = 500;

export class RateLimiter {
  private readonly entries = new Map<string, Entry>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private cleanedMinute = 0;
  private readonly now: () => number;
  private readonly windowMs: number;

  constructor(
    private readonly store: CounterStore | null,
    private readonly options: LimiterOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.windowMs = options.windowMs ?? MINUTE_MS;
    if (this.windowMs <= 0 || this.windowMs % MINUTE_MS !== 0)
      throw new Error("a rate-limit window is a whole number of minutes");
  }

  hit(key: string, limit: number): Decision {
    const now = this.now();
    const window = Math.floor(now / this.windowMs);
    const resetAt = ((window + 1) * this.windowMs) / 1000;
    const resetSeconds = Math.max(1, Math.ceil(resetAt - now / 1000));
    const minute = (window + 1) * (this.windowMs / MINUTE_MS) - 1;
    const id = `${minute}\n${key}`;
    let entry = this.entries.get(id);
    if (!entry) {
      if (this.entries.size >= (this.options.maxKeys ?? 200_000))
        return { allowed: true, limit, remaining: limit, resetSeconds, resetAt };
      entry = { key, minute, pending: 0, sending: 0, flushed: 0, global: 0 };
      this.entries.set(id, entry);
    }
    const used = Math.max(entry.global, entry.flushed) + entry.sending + entry.pending;
    const allowed = used < limit;
    if (allowed) {
      entry.pending++;
      this.schedule();
    } else countRateLimitRefusal(key);
    return { allowed, limit, remaining: Math.max(0, limit - used - (allowed ? 1 : 0)), resetSeconds, resetAt };
  }

  private schedule(): void {
    if (this.timer || !this.store) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.flushMs ?? 1000);
    this.timer.unref();
  }

  /** Sends pending hits to the store and reads back the global totals. */
  flush(): Promise<void> {
    this.flushing ??= this.doFlush().finally(() => (this.flushing = null));
    return this.flushing;
  }

  private async doFlush(): Promise<void> {
    const store = this.store;
    const minute = Math.floor(this.now() / MINUTE_MS);
    // Windows that ended over a minute ago (every instance has sent their counts by then).
    for (const [id, e] of this.entries) if (e.minute < minute - 1 && e.pending === 0) this.entries.delete(id);
    if (!store) return;
    const batch = [...this.entries.values()].filter((e) => e.pending > 0);
    for (let i = 0; i < batch.length; i += BATCH) {
      const part = batch.slice(i, i + BATCH);
      for (const e of part) {
        e.sending = e.pending;
        e.pending = 0;
      }
      try {
        const totals = await store.add(part.map((e) => ({ key: e.key, minute: e.minute, count: e.sending })));
        for (const e of part) {
          e.flushed += e.sending;
          e.global = Math.max(e.global, totals.get(`${e.minute}\n${e.key}`) ?? 0);
          e.sending = 0;
        }
      } catch (err) {
        for (const e of part) {
          e.pending += e.sending;
          e.sending = 0;
        }
        this.options.onError?.(err);
        this.schedule();
        return;
      }
    }
    if (this.cleanedMinute !== minute) {
      this.cleanedMinute = minute;
      await store.deleteBefore(minute - 1).catch((err: unknown) => this.options.onError?.(err));
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}
