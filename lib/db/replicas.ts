/**
 * Read replicas (DATABASE_REPLICA_URLS): PostgreSQL hot standbys that serve public reads,
 * while writes, signed requests and signed-in pages stay on the primary (DATABASE_URL).
 *
 * What a request may be served (docs/OPERATIONS.md, "Read replicas"):
 * - never data older than its own writes: a write's reply carries the primary's WAL
 *   position after its commit (`Beacon-Read-After` header and cookie); a later read on any
 *   instance that presents it is served by a replica only once that replica has replayed
 *   it (waited for briefly), else by the primary;
 * - never data older than this instance's own last write, whoever made it: clients that
 *   send no token back (the v1 clients) still read on this instance what they wrote here;
 * - never from a replica more than REPLICA_MAX_LAG_MS behind the primary, or one that does
 *   not answer: the primary serves instead.
 * The request's one choice is made before it runs and kept for all its queries, so the
 * data versions the caches key on (lib/cache/data-version.ts) are read from the database
 * that serves the request: a value cached at version v was always computed from a state at
 * least as new as v, and a request reading v from its database is never served older data
 * than that database has. A replica failing under a request moves the request (and all
 * requests after it, until the replica answers again) to the primary, which is newer.
 *
 * Lag is measured against the primary: every check reads the primary's WAL position and
 * each replica's replay position; a replica's lag is how long ago the primary first had a
 * position the replica has not replayed yet (0 once it has replayed the latest). With the
 * primary down nothing new can be written, so each replica's lag stays what it was.
 */
import { processSlot, processWide } from "@/lib/process/process-wide";
import { AsyncLocalStorage } from "node:async_hooks";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { Counter, Gauge } from "prom-client";
import { createDb, db, type Db, type PgAdapter } from "@/lib/db/client";
import { isDatabaseUnavailable } from "@/lib/db/errors";
import { metrics } from "@/lib/metrics/registry";

/** A WAL position (pg_lsn), as a number that compares. */
export type Lsn = bigint;

/** "16/B374D848" → 0x16B374D848; null when it is not a pg_lsn. */
export function parseLsn(text: string | null | undefined): Lsn | null {
  const m = /^([0-9A-Fa-f]{1,8})\/([0-9A-Fa-f]{1,8})$/.exec((text ?? "").trim());
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : null;
}

export function formatLsn(lsn: Lsn): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** The reply header and cookie that carry a write's WAL position to the client. */
export const READ_AFTER_HEADER = "beacon-read-after";
export const READ_AFTER_COOKIE = "beacon_read_after";
/** How long the cookie is kept: far past any lag a replica is still used at. */
const READ_AFTER_COOKIE_SECONDS = 60;

export interface ReplicaOptions {
  /** a replica further behind than this is skipped */
  maxLagMs: number;
  /** how often the primary's and each replica's positions are read */
  checkEveryMs: number;
  /** how long a read waits for a replica to replay the position it must see before going to the primary */
  waitMs: number;
}

interface Replica {
  index: number;
  url: string;
  db: Db;
  /** one connection for the position checks */
  status: pg.Pool;
  up: boolean;
  replayLsn: Lsn;
  lagMs: number;
  refreshing: Promise<void> | null;
}

const STATUS_APPLICATION = "beacon-hub replica checks";
const CHECK_TIMEOUT_MS = 1000;
/**
 * How long a read waits for a new connection to a replica before its query goes to the
 * primary instead. A replica whose host stopped answering (no refusal, just silence)
 * would otherwise hold each read for the pool's default 10 s; a replica this slow to
 * connect also fails its position check (CHECK_TIMEOUT_MS) and is skipped anyway.
 */
export const REPLICA_CONNECT_TIMEOUT_MS = CHECK_TIMEOUT_MS;

function statusPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    application_name: STATUS_APPLICATION,
    connectionTimeoutMillis: CHECK_TIMEOUT_MS,
    query_timeout: CHECK_TIMEOUT_MS,
  });
  pool.on("error", () => {}); // a dropped idle connection is replaced on the next check
  return pool;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const UNAVAILABLE_KINDS = new Set(["DatabaseNotReachable", "ConnectionClosed", "SocketTimeout", "TooManyConnections"]);

/** The database did not answer (the driver adapter's error kinds as well as errors.ts's codes). */
function unavailable(err: unknown): boolean {
  if (isDatabaseUnavailable(err)) return true;
  let e: unknown = err;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const kind = (e as { kind?: unknown }).kind;
    if (typeof kind === "string" && UNAVAILABLE_KINDS.has(kind)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

export class ReplicaSet {
  readonly replicas: Replica[];
  private readonly primaryStatus: pg.Pool;
  /** the primary's WAL position at each check, oldest first */
  private samples: { at: number; lsn: Lsn }[] = [];
  private primaryUp = true;
  private lastPrimaryAt = Date.now();
  /** the newest position this instance's writes reached */
  private lastWriteLsn: Lsn = 0n;
  private next = 0;
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<void> | null = null;
  private lsnRunning: Promise<Lsn | null> | null = null;
  private lsnQueued: Promise<Lsn | null> | null = null;
  readonly routed = { primary: 0, replica: 0 };

  constructor(
    private readonly primary: Db,
    primaryUrl: string,
    replicaUrls: string[],
    readonly options: ReplicaOptions,
  ) {
    this.primaryStatus = statusPool(primaryUrl);
    this.replicas = replicaUrls.map((url, index) => {
      const replica: Replica = {
        index,
        url,
        db: undefined as unknown as Db,
        status: statusPool(url),
        up: false,
        replayLsn: 0n,
        lagMs: Infinity,
        refreshing: null,
      };
      replica.db = createDb(url, {
        onPgAdapter: (adapter) => this.failOver(adapter, replica),
        connectTimeoutMs: REPLICA_CONNECT_TIMEOUT_MS,
      });
      return replica;
    });
    this.fallbackFactory = new PrismaPg({
      connectionString: primaryUrl,
      max: 4,
      application_name: "beacon-hub",
      // as the service's own pool (lib/db/client.ts): pg's default is to wait forever
      connectionTimeoutMillis: 10_000,
    });
  }

  private readonly fallbackFactory: PrismaPg;
  private fallbackAdapter: Promise<PgAdapter> | null = null;

  /** The primary, for queries a failing replica could not answer (opened on first need). */
  private fallback(): Promise<PgAdapter> {
    this.fallbackAdapter ??= this.fallbackFactory.connect();
    return this.fallbackAdapter;
  }

  /**
   * A replica's queries that fail because it does not answer are answered by the primary
   * (newer, so never older than the request may see): the replica is marked down, and the
   * rest of the request reads from the primary too. Reads under load see no error when a
   * replica stops.
   */
  private failOver(adapter: PgAdapter, replica: Replica): void {
    const queryRaw = adapter.queryRaw.bind(adapter);
    const executeRaw = adapter.executeRaw.bind(adapter);
    const startTransaction = adapter.startTransaction.bind(adapter);
    const guard =
      <A, R>(own: (arg: A) => Promise<R>, onPrimary: (primary: PgAdapter, arg: A) => Promise<R>) =>
      async (arg: A): Promise<R> => {
        if (storage.getStore()?.fellBack) return onPrimary(await this.fallback(), arg);
        try {
          return await own(arg);
        } catch (err) {
          if (!unavailable(err)) throw err;
          this.markDown(replica);
          const context = storage.getStore();
          if (context) context.fellBack = true;
          return onPrimary(await this.fallback(), arg);
        }
      };
    adapter.queryRaw = guard(queryRaw, (p, q) => p.queryRaw(q));
    adapter.executeRaw = guard(executeRaw, (p, q) => p.executeRaw(q));
    adapter.startTransaction = guard(startTransaction, (p, level) => p.startTransaction(level));
  }

  /** First check now (replicas are unused until it has answered), then every checkEveryMs. */
  start(): Promise<void> {
    this.timer ??= setInterval(() => void this.check(), this.options.checkEveryMs);
    this.timer.unref();
    return this.check();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all([
      this.primaryStatus.end(),
      ...this.replicas.flatMap((r) => [r.status.end(), r.db.$disconnect()]),
    ]).catch(() => {});
  }

  /** Reads the primary's position, then every replica's (one check at a time). */
  check(): Promise<void> {
    this.checking ??= this.runCheck().finally(() => (this.checking = null));
    return this.checking;
  }

  private async runCheck(): Promise<void> {
    const lsn = await this.primaryStatus.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn").then(
      (r) => parseLsn(r.rows[0]?.lsn),
      () => null,
    );
    const now = Date.now();
    this.primaryUp = lsn !== null;
    if (lsn !== null) {
      this.lastPrimaryAt = now;
      this.samples.push({ at: now, lsn });
      const keep = now - Math.max(10_000, 2 * this.options.maxLagMs);
      while (this.samples.length > 1 && this.samples[0]!.at < keep) this.samples.shift();
    }
    await Promise.all(this.replicas.map((r) => this.refresh(r)));
  }

  /** Reads a replica's replay position (one query in flight per replica: callers meanwhile share it). */
  private refresh(replica: Replica): Promise<void> {
    const run = async () => {
      try {
        const { rows } = await replica.status.query<{ lsn: string | null }>(
          "SELECT pg_last_wal_replay_lsn()::text AS lsn",
        );
        const lsn = parseLsn(rows[0]?.lsn);
        // Not a standby (no replay position): never a replica to read from.
        replica.up = lsn !== null;
        if (lsn !== null && lsn > replica.replayLsn) replica.replayLsn = lsn;
        replica.lagMs = this.lagOf(replica.replayLsn);
      } catch {
        replica.up = false;
      }
    };
    const started = (replica.refreshing ??= run().finally(() => (replica.refreshing = null)));
    return started;
  }

  private lagOf(replay: Lsn): number {
    const latest = this.samples.at(-1);
    if (!latest) return Infinity;
    if (replay >= latest.lsn) return 0;
    const firstAhead = this.samples.find((s) => s.lsn > replay)!;
    // With the primary down nothing is written: the replica is as far behind as it was then.
    return (this.primaryUp ? Date.now() : this.lastPrimaryAt) - firstAhead.at;
  }

  private usable(r: Replica): boolean {
    return r.up && r.lagMs <= this.options.maxLagMs;
  }

  /**
   * The database a public read is served from: a usable replica that has replayed
   * `minLsn` and this instance's last write (waiting up to waitMs for one), else the primary.
   */
  async choose(minLsn: Lsn): Promise<{ db: Db; replica: Replica | null }> {
    const need = minLsn > this.lastWriteLsn ? minLsn : this.lastWriteLsn;
    const candidates = this.rotation().filter((r) => this.usable(r));
    const ready = candidates.find((r) => r.replayLsn >= need);
    if (ready) return this.route(ready);
    if (candidates.length > 0) {
      const deadline = Date.now() + this.options.waitMs;
      for (;;) {
        await Promise.all(candidates.map((r) => this.refresh(r)));
        const caught = candidates.find((r) => this.usable(r) && r.replayLsn >= need);
        if (caught) return this.route(caught);
        if (Date.now() >= deadline) break;
        await sleep(1);
      }
    }
    return this.route(null);
  }

  private rotation(): Replica[] {
    const start = this.next++ % Math.max(1, this.replicas.length);
    return [...this.replicas.slice(start), ...this.replicas.slice(0, start)];
  }

  private route(replica: Replica | null): { db: Db; replica: Replica | null } {
    if (replica) this.routed.replica++;
    else this.routed.primary++;
    return { db: replica ? replica.db : this.primary, replica };
  }

  /** Reads a replica's position now (false when it does not answer). */
  async recheck(replica: Replica): Promise<boolean> {
    await this.refresh(replica);
    return replica.up;
  }

  /** A replica that failed a query: unused until a check finds it answering again. */
  markDown(replica: Replica): void {
    replica.up = false;
  }

  /**
   * The primary's WAL position now, after a write committed (null when the primary does not
   * answer). Concurrent callers share a query, but only one that started after they asked.
   */
  currentLsn(): Promise<Lsn | null> {
    if (!this.lsnRunning) {
      this.lsnRunning = this.primaryStatus
        .query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn")
        .then(
          (r) => parseLsn(r.rows[0]?.lsn),
          () => null,
        )
        .then((lsn) => {
          if (lsn !== null && lsn > this.lastWriteLsn) this.lastWriteLsn = lsn;
          return lsn;
        })
        .finally(() => (this.lsnRunning = null));
      return this.lsnRunning;
    }
    this.lsnQueued ??= this.lsnRunning.then(() => {
      this.lsnQueued = null;
      return this.currentLsn();
    });
    return this.lsnQueued;
  }

  /** Whether `client` is the primary this set routes around (the service's own client). */
  isPrimary(client: Db): boolean {
    return client === this.primary;
  }

  state() {
    return {
      primaryUp: this.primaryUp,
      replicas: this.replicas.map((r) => ({ index: r.index, up: r.up, lagMs: r.lagMs, usable: this.usable(r) })),
    };
  }
}

// ---- the process's replicas and the per-request choice -------------------------------

interface ReadContext {
  /** the request must be served by the primary (a write, signed, a session) */
  primaryOnly: boolean;
  minLsn: Lsn;
  chosen: { db: Db; replica: Replica | null } | null;
  /** a replica failed under this request: the rest of it reads from the primary */
  fellBack?: boolean;
}

// On globalThis: Next.js bundles its own copy of lib/, and the pages it renders must see
// the choice server.ts made for the request and the replicas it checks.
const replicas = processSlot<ReplicaSet | null>("beaconReplicas");
const storage = processWide("beaconReadContext", () => new AsyncLocalStorage<ReadContext>());

/** Starts checking the replicas (the server calls it once at start); null without replicas. */
export async function startReplicas(
  primaryUrl: string,
  replicaUrls: string[],
  options: ReplicaOptions,
): Promise<ReplicaSet | null> {
  if (replicaUrls.length === 0) {
    replicas.set(null);
    return null;
  }
  const set = new ReplicaSet(db(), primaryUrl, replicaUrls, options);
  replicas.set(set);
  registerReplicaMetrics(set);
  await set.start();
  return set;
}

export function replicaSet(): ReplicaSet | null {
  return replicas.get() ?? null;
}

/**
 * After a write this instance committed on the primary (lib/db/commit.ts, before the
 * writer is told): the instance's reads from now on need a replica that has replayed it.
 * Without it a write made by a GET (a download's count) would be missing from this
 * instance's next read on a replica; a POST's reply reads the position anyway for its
 * header. Nothing to do without replicas or for another client.
 */
export async function wroteOn(client: Db): Promise<void> {
  const set = replicaSet();
  if (set?.isPrimary(client)) await set.currentLsn();
}

/**
 * Runs `work` (a request) with its read database chosen: the primary when `primaryOnly`,
 * else a replica that has replayed `minLsn` (see ReplicaSet.choose). Without replicas it
 * just runs `work`.
 */
export async function withReads<T>(
  request: { primaryOnly: boolean; minLsn: Lsn },
  work: () => Promise<T> | T,
): Promise<T> {
  const set = replicaSet();
  if (!set) return work();
  const chosen = request.primaryOnly ? null : await set.choose(request.minLsn);
  const context: ReadContext = { ...request, chosen };
  return storage.run(context, work);
}

/**
 * The database this request's public reads go to (the primary outside a request, without
 * replicas, or when the request must see the primary). Every query of a request uses the
 * one chosen at its start, unless that replica has failed since: then the primary.
 */
export function readDb(): Db {
  const context = storage.getStore();
  const chosen = context?.chosen;
  if (!chosen?.replica) return db();
  if (!chosen.replica.up || context!.fellBack) {
    context!.chosen = { db: db(), replica: null };
    return db();
  }
  return chosen.db;
}

/**
 * After a failed reply to a request that read from a replica: whether the replica has
 * stopped answering (then it is marked down and the request, run again, reads from the
 * primary). A request that failed for another reason is answered as it was.
 */
export async function replicaGone(): Promise<boolean> {
  const context = storage.getStore();
  const replica = context?.chosen?.replica;
  const set = replicaSet();
  if (!replica || !set || !context) return false;
  if (!context.fellBack) await set.recheck(replica);
  if (replica.up && !context.fellBack) return false;
  context.chosen = { db: db(), replica: null };
  context.fellBack = true;
  return true;
}

/**
 * The database to read a data version from when `client` (a replica's) could not answer
 * it: the primary, with the replica marked down; null when `client` is no replica or the
 * error is not one of a database that did not answer.
 */
export function fallbackFor(client: Db, err: unknown): Db | null {
  const set = replicaSet();
  const replica = set?.replicas.find((r) => r.db === client);
  if (!set || !replica || !unavailable(err)) return null;
  set.markDown(replica);
  const context = storage.getStore();
  if (context) context.fellBack = true;
  return db();
}

/** The token from a request: the header, else the cookie; 0 when neither is a valid position. */
export function readAfterOf(headers: Record<string, string | string[] | undefined>): Lsn {
  const header = headers[READ_AFTER_HEADER];
  const fromHeader = parseLsn(Array.isArray(header) ? header[0] : header);
  if (fromHeader !== null) return fromHeader;
  const cookie = new RegExp(`(?:^|;\\s*)${READ_AFTER_COOKIE}=([0-9A-Fa-f]{1,8}%2F[0-9A-Fa-f]{1,8}|[0-9A-Fa-f/]+)`).exec(
    String(headers.cookie ?? ""),
  );
  return parseLsn(cookie ? decodeURIComponent(cookie[1]!) : null) ?? 0n;
}

/** The headers a write's reply carries so the client's next reads see it. */
export function readAfterHeaders(lsn: Lsn): Record<string, string> {
  const text = formatLsn(lsn);
  return {
    [READ_AFTER_HEADER]: text,
    "set-cookie": `${READ_AFTER_COOKIE}=${encodeURIComponent(text)}; Path=/; Max-Age=${READ_AFTER_COOKIE_SECONDS}; SameSite=Lax; HttpOnly`,
  };
}

function registerReplicaMetrics(set: ReplicaSet): void {
  const registers = [metrics().registry];
  for (const name of ["beacon_db_reads_total", "beacon_db_replica_up", "beacon_db_replica_lag_seconds"])
    metrics().registry.removeSingleMetric(name);
  new Counter({
    name: "beacon_db_reads_total",
    help: "Requests whose reads were routed, by where they went (primary, replica) since start",
    labelNames: ["target"],
    registers,
    collect() {
      this.reset();
      this.inc({ target: "primary" }, set.routed.primary);
      this.inc({ target: "replica" }, set.routed.replica);
    },
  });
  const gauge = (
    name: string,
    help: string,
    value: (r: ReturnType<ReplicaSet["state"]>["replicas"][number]) => number,
  ) =>
    new Gauge({
      name,
      help,
      labelNames: ["replica"],
      registers,
      collect() {
        this.reset();
        for (const r of set.state().replicas) this.set({ replica: String(r.index) }, value(r));
      },
    });
  gauge(
    "beacon_db_replica_up",
    "1 when the replica (by its place in DATABASE_REPLICA_URLS, from 0) is used for reads",
    (r) => (r.usable ? 1 : 0),
  );
  gauge("beacon_db_replica_lag_seconds", "How far the replica's replay is behind the primary, in seconds", (r) =>
    Number.isFinite(r.lagMs) ? r.lagMs / 1000 : -1,
  );
}

/** Auth.js's session cookie (`authjs.session-token`, `__Secure-` prefixed, or chunked `.0`). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?authjs\.session-token[=.]/;

/**
 * Where a request's reads may go: a replica for anonymous GET and HEAD requests outside
 * the dashboard and sign-in; the primary for writes, signed requests (an Authorization
 * header) and anyone signed in (a session cookie), who must see their own writes.
 */
export function readRequestOf(req: {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
}): { primaryOnly: boolean; minLsn: Lsn } {
  const path = (req.url ?? "/").split("?", 1)[0]!;
  const primaryOnly =
    (req.method !== "GET" && req.method !== "HEAD") ||
    req.headers.authorization !== undefined ||
    SESSION_COOKIE.test(String(req.headers.cookie ?? "")) ||
    /^\/(dashboard|sign-in|api\/auth)(\/|$)/.test(path);
  return { primaryOnly, minLsn: primaryOnly ? 0n : readAfterOf(req.headers) };
}
