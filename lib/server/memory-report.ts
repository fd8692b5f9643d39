/**
 * Where the process's memory is, for operators and the benchmark: Node's own counters
 * (V8 heap, memory outside it held by Buffers) and every cache's share
 * (lib/cache/cache-stats.ts). server.ts logs it on SIGUSR2.
 */
import { cacheStats, type CacheStats } from "@/lib/cache/cache-stats";

export interface MemoryReport {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  /** memory of Buffers and other objects outside the V8 heap */
  externalMb: number;
  arrayBuffersMb: number;
  caches: Record<string, CacheStats>;
}

const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;

export function memoryReport(): MemoryReport {
  const m = process.memoryUsage();
  return {
    rssMb: mb(m.rss),
    heapUsedMb: mb(m.heapUsed),
    heapTotalMb: mb(m.heapTotal),
    externalMb: mb(m.external),
    arrayBuffersMb: mb(m.arrayBuffers),
    caches: cacheStats(),
  };
}
