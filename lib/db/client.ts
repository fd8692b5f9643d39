/**
 * The Prisma client, created once per process (Next.js bundles and the custom server
 * share it through globalThis). DATABASE_URL picks the engine: `file:` is embedded
 * SQLite, `postgres(ql)://` is PostgreSQL. Both generated clients come from the same
 * models, so the SQLite client's type stands for either.
 */
import { processSlot, processWide } from "@/lib/process/process-wide";
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgresql/client";
import { config, sqlitePath } from "@/lib/config";
import { isolateSqlite, type SqliteHandle } from "@/lib/db/sqlite-isolation";

export type Db = SqliteClient;

/** How the service's PostgreSQL connections are named in pg_stat_activity. */
export const SERVICE_APPLICATION = "beacon-hub";
/** The client handed to `db.$transaction(async (tx) => ...)` callbacks. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

// On globalThis like the client itself: Next.js bundles its own copy of this module, and
// a client made by one copy must be known to the other.
const known = processWide("beaconDbInfo", () => ({
  urls: new WeakMap<Db, string>(),
  sqliteHandles: new WeakMap<Db, SqliteHandle>(),
  pools: new WeakMap<Db, () => PoolStats>(),
}));
const { urls, sqliteHandles, pools } = known;

/**
 * synchronous = FULL on every connection the adapter opens (it opens one, lazily, with
 * no hook of its own). In WAL mode better-sqlite3 defaults to NORMAL, which survives a
 * killed process but may lose the last commits to a power cut or kernel crash: commits
 * answered 200 that are gone afterwards. FULL fsyncs the WAL at each commit (~1.3 ms on
 * this machine's disk, ~740 commits/s against ~25,000 with NORMAL): the price of keeping
 * every acknowledged write, as PostgreSQL's default synchronous_commit=on does. Reads
 * do not pay it, and a batch POST is one transaction, so one fsync. Operators who
 * prefer write throughput to power-cut durability set SQLITE_SYNCHRONOUS=NORMAL.
 */
export type SqliteSynchronous = "FULL" | "NORMAL";

function durableSqlite(factory: PrismaBetterSqlite3, synchronous: SqliteSynchronous): PrismaBetterSqlite3 {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    await adapter.executeScript(`PRAGMA synchronous = ${synchronous}`);
    return adapter;
  };
  return factory;
}

/** Connections of a client's pool, for /metrics: pg's counts; SQLite has one connection and no queue. */
export interface PoolStats {
  total: number;
  idle: number | null;
  waiting: number | null;
}

/** Notes the adapter's connection (pg: its pool) when Prisma opens it, lazily. */
function observed<F extends { connect(): Promise<unknown> }>(
  factory: F,
  onConnect: (adapter: Awaited<ReturnType<F["connect"]>>) => void,
): F {
  const connect = factory.connect.bind(factory) as () => Promise<Awaited<ReturnType<F["connect"]>>>;
  factory.connect = async () => {
    const adapter = await connect();
    onConnect(adapter);
    return adapter;
  };
  return factory;
}

export interface CreateDbOptions {
  sqliteSynchronous?: SqliteSynchronous;
  /**
   * PostgreSQL: handed the adapter when Prisma opens it, before its first query (read
   * replicas wrap its queries with a fallback to the primary: lib/db/replicas.ts)
   */
  onPgAdapter?: (adapter: PgAdapter) => void;
  /** PostgreSQL: how long opening a connection may take before the query fails (default 10 s) */
  connectTimeoutMs?: number;
}

/** The pg driver adapter Prisma queries through. */
export type PgAdapter = Awaited<ReturnType<PrismaPg["connect"]>>;

export function createDb(databaseUrl: string, options: CreateDbOptions = {}): Db {
  let client: Db;
  let stats: () => PoolStats;
  if (databaseUrl.startsWith("file:")) {
    // Journal mode (WAL) is set on the file by the migration runner; busy_timeout
    // makes concurrent writers from several processes wait instead of failing.
    const file = sqlitePath(databaseUrl);
    const handle: SqliteHandle = {};
    const factory = durableSqlite(
      new PrismaBetterSqlite3({ url: file, timeout: 10_000 }),
      options.sqliteSynchronous ?? "FULL",
    );
    const readerFactory = new PrismaBetterSqlite3({ url: file, timeout: 10_000, readonly: true, fileMustExist: true });
    client = new SqliteClient({ adapter: isolateSqlite(factory, readerFactory, handle) });
    sqliteHandles.set(client, handle);
    // The writing connection (reads outside transactions may use a second, read-only one).
    stats = () => ({ total: handle.connection ? 1 : 0, idle: null, waiting: null });
  } else {
    let pool: { totalCount: number; idleCount: number; waitingCount: number } | undefined;
    const adapter = observed(
      new PrismaPg({
        connectionString: databaseUrl,
        max: 10,
        connectionTimeoutMillis: options.connectTimeoutMs ?? 10_000,
        // Its name in pg_stat_activity, for operators (and the one-per-process test).
        application_name: SERVICE_APPLICATION,
      }),
      (a) => {
        pool = a.underlyingDriver();
        options.onPgAdapter?.(a);
      },
    );
    // Same models, same API; only the generated dialect differs.
    client = new PostgresClient({ adapter }) as unknown as Db;
    stats = () => ({ total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0 });
  }
  urls.set(client, databaseUrl);
  pools.set(client, stats);
  return client;
}

/**
 * The raw better-sqlite3 connection behind a SQLite client, once Prisma has opened it
 * (undefined on PostgreSQL). Only for statements inside a transaction the caller holds
 * (lib/db/sql.ts): anywhere else they would bypass the isolation of lib/db/sqlite-isolation.ts.
 */
export function sqliteConnectionOf(client: Db): SqliteHandle["connection"] {
  return sqliteHandles.get(client)?.connection;
}

export function poolStats(client: Db): PoolStats | null {
  return pools.get(client)?.() ?? null;
}

/** The URL a client was created for (hot paths open their own light driver handle to it). */
export function databaseUrlOf(client: Db): string {
  return urls.get(client) ?? config().DATABASE_URL;
}

const client = processSlot<Db>("beaconDb");

export function db(): Db {
  let current = client.get();
  if (!current) {
    current = createDb(config().DATABASE_URL, { sqliteSynchronous: config().SQLITE_SYNCHRONOUS });
    client.set(current);
  }
  return current;
}

export async function disconnectDb(): Promise<void> {
  const current = client.get();
  client.set(undefined);
  await current?.$disconnect();
}

/**
 * The engine behind a client or transaction. Prisma keeps it on every client and
 * transaction proxy (`_activeProvider`); reading it there means code handed a client
 * never depends on the process's configuration naming the same database.
 */
export function providerOf(client: Db | Tx): "sqlite" | "postgresql" {
  const provider = (client as unknown as { _activeProvider?: string })._activeProvider;
  if (provider === "sqlite" || provider === "postgresql") return provider;
  return config().provider;
}
