/**
 * The service's Prometheus metrics (prom-client), in one registry per process. Every
 * label takes values from a bounded set: routes are endpoint names and route patterns
 * (lib/server/route-label.ts), never raw paths or ids; methods outside HTTP's usual
 * ones count as "other". docs/OPERATIONS.md lists each family and what it means.
 *
 * Creating the registry starts nothing; the server calls enableProcessMetrics() for
 * prom-client's process and Node.js families (memory, CPU, event-loop lag, GC), which
 * run a delay monitor and a GC observer. Kept on globalThis so the copy of lib/ that
 * Next.js bundles for pages (sign-in rate limits, say) counts into the same registry.
 */
import { processWide } from "@/lib/process/process-wide";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { cacheStats, type CacheStats } from "@/lib/cache/cache-stats";

export interface PoolStats {
  total: number;
  idle: number | null;
  waiting: number | null;
}

export interface ServiceMetrics {
  registry: Registry;
  requests: Counter<"route" | "method" | "status">;
  duration: Histogram<"route" | "method">;
  rateLimitRefusals: Counter<"scope">;
  pulls: Counter<"outcome">;
  /** the database pool to report, set by the server (lib/db/client.ts poolStats) */
  poolStats: (() => PoolStats | null) | null;
  /** the SQLite files to report (main database and WAL), set by the server */
  sqliteFiles: (() => { database: number; wal: number } | null) | null;
  processMetrics: boolean;
}

/** Seconds; from a cached read (sub-millisecond) to a 16 MiB upload on a slow link. */
const DURATION_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function create(): ServiceMetrics {
  const registry = new Registry();
  const registers = [registry];
  const m: ServiceMetrics = {
    registry,
    requests: new Counter({
      name: "beacon_http_requests_total",
      help: "HTTP requests answered, by route pattern, method and status",
      labelNames: ["route", "method", "status"],
      registers,
    }),
    duration: new Histogram({
      name: "beacon_http_request_duration_seconds",
      help: "Time from the request's arrival to the end of its reply, by route pattern and method",
      labelNames: ["route", "method"],
      buckets: DURATION_BUCKETS,
      registers,
    }),
    rateLimitRefusals: new Counter({
      name: "beacon_rate_limit_refusals_total",
      help: "Requests refused with 429, by limit (ip, user: the v1 API; signin_ip, signin_account: portal sign-in)",
      labelNames: ["scope"],
      registers,
    }),
    pulls: new Counter({
      name: "beacon_pull_outcomes_total",
      help: "Engram pulls run by this instance's pull job, by outcome (ok, unchanged, error)",
      labelNames: ["outcome"],
      registers,
    }),
    poolStats: null,
    sqliteFiles: null,
    processMetrics: false,
  };
  // Caches keep their counters as plain numbers (lib/cache/cache-stats.ts, the registry the
  // memory report reads too); these read them at scrape time.
  const cacheGauge = (name: string, help: string, value: (c: CacheStats) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["cache"],
      registers,
      collect() {
        this.reset();
        for (const [cache, c] of Object.entries(cacheStats())) this.set({ cache }, value(c));
      },
    });
  new Counter({
    name: "beacon_cache_lookups_total",
    help: "Lookups in the in-memory caches, by cache and result (hit, miss)",
    labelNames: ["cache", "result"],
    registers,
    collect() {
      this.reset();
      for (const [cache, c] of Object.entries(cacheStats())) {
        this.inc({ cache, result: "hit" }, c.hits);
        this.inc({ cache, result: "miss" }, c.misses);
      }
    },
  });
  cacheGauge("beacon_cache_entries", "Entries held by each in-memory cache", (c) => c.entries);
  cacheGauge(
    "beacon_cache_bytes",
    "Bytes held by each in-memory cache, as the cache counts them (bodies exactly, objects estimated)",
    (c) => c.bytes,
  );
  cacheGauge("beacon_cache_max_bytes", "The bound in bytes at which each in-memory cache evicts", (c) => c.maxBytes);
  new Gauge({
    name: "beacon_db_pool_connections",
    help: "Database connections of the service's pool by state (PostgreSQL: total, idle, waiting clients; SQLite: total, its one connection)",
    labelNames: ["state"],
    registers,
    collect() {
      const stats = m.poolStats?.();
      this.reset();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      if (stats.idle !== null) this.set({ state: "idle" }, stats.idle);
      if (stats.waiting !== null) this.set({ state: "waiting" }, stats.waiting);
    },
  });
  new Gauge({
    name: "beacon_sqlite_file_bytes",
    help: "Size of the SQLite database file and of its write-ahead log (a WAL that keeps growing means checkpoints cannot complete)",
    labelNames: ["file"],
    registers,
    collect() {
      const sizes = m.sqliteFiles?.();
      this.reset();
      if (!sizes) return;
      this.set({ file: "database" }, sizes.database);
      this.set({ file: "wal" }, sizes.wal);
    },
  });
  return m;
}

export function metrics(): ServiceMetrics {
  return processWide("beaconMetrics", create);
}

/** prom-client's process_* and nodejs_* families: memory, CPU, handles, event-loop lag, GC. */
export function enableProcessMetrics(): void {
  const m = metrics();
  if (m.processMetrics) return;
  m.processMetrics = true;
  collectDefaultMetrics({ register: m.registry });
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** A request's method as a label: one of the usual ones, or "other" (any token is a method). */
export function methodLabel(method: string | undefined): string {
  const upper = (method ?? "").toUpperCase();
  return METHODS.has(upper) ? upper : "other";
}
