/**
 * Counters of the in-memory caches, kept as plain numbers (a lookup costs an increment,
 * not a metrics call) and read when /metrics is scraped (lib/metrics/registry.ts). A
 * cache registers once with a name and a way to count its entries; caches of the same
 * name (Next.js bundles its own copy of lib/) add up. Kept on globalThis for that reason.
 */
export interface CacheStats {
  /** counts one lookup */
  lookup(hit: boolean): void;
}

interface Entry {
  hits: number;
  misses: number;
  sizes: (() => number)[];
}

const globalForCaches = globalThis as unknown as { beaconCacheStats?: Map<string, Entry> };

function entries(): Map<string, Entry> {
  globalForCaches.beaconCacheStats ??= new Map();
  return globalForCaches.beaconCacheStats;
}

export function cacheStats(name: string, size: () => number): CacheStats {
  let entry = entries().get(name);
  if (!entry) entries().set(name, (entry = { hits: 0, misses: 0, sizes: [] }));
  entry.sizes.push(size);
  const e = entry;
  return {
    lookup(hit) {
      if (hit) e.hits++;
      else e.misses++;
    },
  };
}

export interface CacheSnapshot {
  name: string;
  hits: number;
  misses: number;
  entries: number;
}

export function cacheSnapshot(): CacheSnapshot[] {
  return [...entries()].map(([name, e]) => ({ name, hits: e.hits, misses: e.misses, entries: e.sizes.reduce((n, size) => n + size(), 0) }));
}
