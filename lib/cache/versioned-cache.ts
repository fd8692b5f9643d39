/**
 * Values computed from the database, kept while the data version they were computed at
 * is current. Bounded in bytes (each value's size as `sizeOf` counts it; least recently
 * used out first; a value larger than the whole bound is served but not kept) and
 * optionally in entries; concurrent misses for one key share one computation.
 *
 * `sharedCache(name, ...)` makes one cache per process under a name: Next.js bundles its
 * own copy of lib/, and without this the pages and server.ts would each hold one (the
 * engram catalogue twice). It is listed in cacheStats() (lib/cache/cache-stats.ts), which
 * both /metrics and the memory report read. Names are the `cache` label of the metrics.
 */
import { processWide } from "@/lib/process/process-wide";
import { registerCache, type CacheStats } from "@/lib/cache/cache-stats";
import { dataVersion } from "@/lib/cache/data-version";
import type { Db } from "@/lib/db/client";

export interface CacheBounds<V> {
  /** evicts the least recently used values once theirs bytes pass this */
  maxBytes: number;
  /** bytes a value holds: exact for bodies, estimated for objects */
  sizeOf(value: V): number;
  maxEntries?: number;
}

interface Entry<V> {
  version: number | string;
  value: Promise<V>;
  /** counted once the value is there */
  bytes: number;
  /** the value, once there (for remeasure) */
  resolved?: V;
}

export class VersionedCache<V> {
  private entries = new Map<string, Entry<V>>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(private readonly bounds: CacheBounds<V>) {}

  get(key: string, version: number | string, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.version === version) {
      this.hits++;
      // re-insert: Map order doubles as recency
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    this.misses++;
    if (hit) this.drop(key, hit);
    const entry: Entry<V> = { version, value: compute(), bytes: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.resolved = value;
        this.measure(key, entry);
      },
      // A failed computation must not stay cached.
      () => this.entries.get(key) === entry && this.drop(key, entry),
    );
    this.evict();
    return entry.value;
  }

  /**
   * Counts `value` (the one cached under `key`) again after it grew in place: a value
   * that fills parts of itself in on demand (the spawn page's rows, sorted per locale)
   * calls this after each part, so the bound holds what it really keeps.
   */
  remeasure(key: string, value: V): void {
    const entry = this.entries.get(key);
    if (entry?.resolved === value) this.measure(key, entry);
  }

  stats(): CacheStats {
    return {
      entries: this.entries.size,
      bytes: this.bytes,
      maxBytes: this.bounds.maxBytes,
      hits: this.hits,
      misses: this.misses,
    };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private measure(key: string, entry: Entry<V>): void {
    this.bytes -= entry.bytes;
    entry.bytes = this.bounds.sizeOf(entry.resolved as V);
    this.bytes += entry.bytes;
    if (entry.bytes > this.bounds.maxBytes) this.drop(key, entry);
    this.evict();
  }

  private drop(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  private evict(): void {
    const maxEntries = this.bounds.maxEntries ?? Infinity;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.bounds.maxBytes && this.entries.size <= maxEntries) break;
      this.drop(key, entry);
    }
  }
}

const shared = processWide("beaconCaches", () => new Map<string, unknown>());

/** The process's one cache called `name` (made on first use), listed in cacheStats(). */
export function sharedCache<V>(name: string, bounds: CacheBounds<V>): VersionedCache<V> {
  let cache = shared.get(name) as VersionedCache<V> | undefined;
  if (!cache) {
    const made = new VersionedCache<V>(bounds);
    shared.set(name, (cache = made));
    registerCache(name, () => made.stats());
  }
  return cache;
}

/** `cache` entry `key`, recomputed when data version `name` has moved since it was made. */
export async function cachedAtVersion<V>(
  db: Db,
  name: string,
  cache: VersionedCache<V>,
  key: string,
  compute: () => Promise<V>,
): Promise<V> {
  return cache.get(key, await dataVersion(db, name), compute);
}

/** What a string costs in memory, roughly: one byte per character plus V8's header. */
export const stringBytes = (s: string) => s.length + 24;
