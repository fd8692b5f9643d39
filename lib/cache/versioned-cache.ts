/**
 * Values computed from the database, kept while the data version they were computed at
 * is current. A bounded map (least recently used out first); concurrent misses for one
 * key share one computation.
 */
import { dataVersion } from "@/lib/cache/data-version";
import type { Db } from "@/lib/db/client";
import { cacheStats } from "@/lib/metrics/cache-stats";

export class VersionedCache<V> {
  private entries = new Map<string, { version: number; value: Promise<V> }>();
  /** hits, misses and size for /metrics, under `name` */
  private readonly stats;

  constructor(
    private readonly maxEntries: number,
    name = "unnamed",
  ) {
    this.stats = cacheStats(name, () => this.entries.size);
  }

  get(key: string, version: number, compute: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    this.stats.lookup(hit?.version === version);
    if (hit && hit.version === version) {
      // re-insert: Map order doubles as recency
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value;
    }
    const value = compute();
    this.entries.set(key, { version, value });
    // A failed computation must not stay cached.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** `cache` entry `key`, recomputed when data version `name` has moved since it was made. */
export async function cachedAtVersion<V>(db: Db, name: string, cache: VersionedCache<V>, key: string, compute: () => Promise<V>): Promise<V> {
  return cache.get(key, await dataVersion(db, name), compute);
}
