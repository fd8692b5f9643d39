/**
 * The benchmark's table: each case's req/s over the 1 KB ceiling of the same run (its
 * ratio) beside the original's ratio and the target ratio (ten times the original's), and whether it
 * meets it: ratio at or over the target with no error. The load average read just
 * before each case says how busy the machine was; compare ratios, not req/s. The
 * server's CPU time per request moves far less with the machine's load than either; on
 * PostgreSQL the database's own CPU time per request is shown beside it, and the
 * PostgreSQL rows of the cases with a bar of their own there (download, signed POST) say
 * whether they reach it.
 */
import { ORIGINAL_CEILING, TARGET_FACTOR, type Case } from "./cases";

export interface Measured {
  requests: number;
  warmupRequests: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  statusCodes: Record<string, number>;
  bytesPerSecond: number;
}

export interface Row extends Measured {
  name: string;
  engine: "sqlite" | "postgresql";
  /** req/s over the 1 KB ceiling of the same run */
  ratio: number;
  /** req/s over the bare server answering as many bytes (the full catalogue only) */
  sameSizeRatio: number | null;
  original: number | null;
  originalRatio: number | null;
  targetRatio: number | null;
  meetsTarget: boolean | null;
  /** 1-minute load average just before the case ran */
  loadBefore: number;
  /** the server's CPU time (user + system) per request over warm-up and run: comparable across loads where req/s is not */
  serverCpuUsPerRequest: number | null;
  /** PostgreSQL's CPU time per request (its backends serving the bench's database), null on SQLite (in the server's) */
  databaseCpuUsPerRequest: number | null;
  /** the ratio the case must reach on PostgreSQL (PostgreSQL rows only) */
  postgresTarget: number | null;
  meetsPostgresTarget: boolean | null;
}

export interface Ceilings {
  /** 1 KB */
  rps: number;
  /** as many bytes as the catalogue */
  largeRps: number;
  /** as many random bytes as the catalogue's brotli form (null: not measured) */
  compressedRps: number | null;
  /** as many random bytes as this case's own (compressed) reply, for a case whose largeCeiling is "own" */
  ownRps?: number;
}

export function evaluate(
  c: Case,
  r: Measured,
  ceiling: Ceilings,
  engine: Row["engine"],
  loadBefore: number,
  serverCpuMs: number,
  databaseCpuMs: number | null = null,
): Row {
  const ratio = r.rps / ceiling.rps;
  const perRequest = (ms: number) => Math.round((ms * 1000) / Math.max(1, r.requests + r.warmupRequests));
  const postgresTarget = engine === "postgresql" ? (c.postgresTarget ?? null) : null;
  const originalRatio = c.original === undefined ? null : c.original / ORIGINAL_CEILING;
  const targetRatio = originalRatio === null ? null : originalRatio * TARGET_FACTOR;
  return {
    name: c.name,
    engine,
    ...r,
    ratio,
    sameSizeRatio:
      c.largeCeiling === "plain"
        ? r.rps / ceiling.largeRps
        : c.largeCeiling === "compressed" && ceiling.compressedRps
          ? r.rps / ceiling.compressedRps
          : c.largeCeiling === "own" && ceiling.ownRps
            ? r.rps / ceiling.ownRps
            : null,
    original: c.original ?? null,
    originalRatio,
    targetRatio,
    meetsTarget: targetRatio === null ? null : ratio >= targetRatio && r.errors === 0,
    loadBefore,
    serverCpuUsPerRequest: perRequest(serverCpuMs),
    databaseCpuUsPerRequest: databaseCpuMs === null ? null : perRequest(databaseCpuMs),
    postgresTarget,
    meetsPostgresTarget: postgresTarget === null ? null : ratio >= postgresTarget && r.errors === 0,
  };
}

export function ceilingRow(name: string, r: Measured, loadBefore: number): Row {
  return {
    name,
    engine: "sqlite",
    ...r,
    ratio: 1,
    sameSizeRatio: null,
    original: null,
    originalRatio: null,
    targetRatio: null,
    meetsTarget: null,
    loadBefore,
    serverCpuUsPerRequest: null,
    databaseCpuUsPerRequest: null,
    postgresTarget: null,
    meetsPostgresTarget: null,
  };
}

const fixed = (x: number | null, digits = 3) => (x === null ? "" : x.toFixed(digits));

export function printTable(rows: Row[], log: (line: string) => void = console.log): void {
  const header = [
    "case",
    "req/s",
    "p50 ms",
    "p99 ms",
    "errors",
    "ratio",
    "original ratio",
    "target ratio",
    "met",
    "load",
    "CPU µs/req",
    "db CPU µs/req",
    "PostgreSQL target",
  ];
  const lines = rows.map((r) => [
    r.engine === "postgresql" ? `[postgresql] ${r.name}` : r.name,
    r.rps.toFixed(0),
    String(r.p50),
    String(r.p99),
    String(r.errors),
    fixed(r.ratio) + (r.sameSizeRatio === null ? "" : ` (${fixed(r.sameSizeRatio, 2)} of same size)`),
    fixed(r.originalRatio, 4),
    fixed(r.targetRatio),
    r.meetsTarget === null ? "" : r.meetsTarget ? "yes" : "NO",
    r.loadBefore.toFixed(1),
    r.serverCpuUsPerRequest === null ? "" : String(r.serverCpuUsPerRequest),
    r.databaseCpuUsPerRequest === null ? "" : String(r.databaseCpuUsPerRequest),
    r.postgresTarget === null ? "" : `${fixed(r.postgresTarget, 2)}: ${r.meetsPostgresTarget ? "met" : "NOT met"}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  log(fmt(header));
  for (const l of lines) log(fmt(l));
}
