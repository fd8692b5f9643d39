/**
 * Every in-memory cache of the process by name, with what it holds: `{ entries, bytes,
 * maxBytes, hits, misses }`, for metrics and the memory report (lib/server/memory-report.ts).
 * One registry per process, like the caches it lists (lib/cache/versioned-cache.ts):
 * Next.js bundles its own copy of lib/, and both copies must see one (lib/process/process-wide.ts).
 */
import { processWide } from "@/lib/process/process-wide";
export interface CacheStats {
  entries: number;
  /** bytes held, as the cache counts them (bodies exactly, objects estimated) */
  bytes: number;
  /** the bound it evicts at */
  maxBytes: number;
  hits: number;
  misses: number;
}

const registry = processWide("beaconCacheStats", () => new Map<string, () => CacheStats>());

/** Lists a cache under `name` (the last registration of a name wins). */
export function registerCache(name: string, stats: () => CacheStats): void {
  registry.set(name, stats);
}

export function cacheStats(): Record<string, CacheStats> {
  return Object.fromEntries([...registry].map(([name, stats]) => [name, stats()]));
}
