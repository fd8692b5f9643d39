/**
 * The Prisma client, created once per process (Next.js bundles and the custom server
 * share it through globalThis). DATABASE_URL picks the engine: `file:` is embedded
 * SQLite, `postgres(ql)://` is PostgreSQL. Both generated clients come from the same
 * models, so the SQLite client's type stands for either.
 */
import { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgresql/client";
import { config, sqlitePath } from "@/lib/config";

export type Db = SqliteClient;
/** The client handed to `db.$transaction(async (tx) => ...)` callbacks. */
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

const urls = new WeakMap<Db, string>();

export function createDb(databaseUrl: string): Db {
  let client: Db;
  if (databaseUrl.startsWith("file:")) {
    // Journal mode (WAL) is set on the file by the migration runner; busy_timeout
    // makes concurrent writers from several processes wait instead of failing.
    const adapter = new PrismaBetterSqlite3({ url: sqlitePath(databaseUrl), timeout: 10_000 });
    client = new SqliteClient({ adapter });
  } else {
    const adapter = new PrismaPg({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
    // Same models, same API; only the generated dialect differs.
    client = new PostgresClient({ adapter }) as unknown as Db;
  }
  urls.set(client, databaseUrl);
  return client;
}

/** The URL a client was created for (hot paths open their own light driver handle to it). */
export function databaseUrlOf(client: Db): string {
  return urls.get(client) ?? config().DATABASE_URL;
}

const globalForDb = globalThis as unknown as { beaconDb?: Db };

export function db(): Db {
  globalForDb.beaconDb ??= createDb(config().DATABASE_URL);
  return globalForDb.beaconDb;
}

export async function disconnectDb(): Promise<void> {
  const current = globalForDb.beaconDb;
  globalForDb.beaconDb = undefined;
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
