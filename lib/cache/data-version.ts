/**
 * The current data_versions counter of a concept, read once per request so every
 * instance on a shared database notices every write (see prisma/models.prisma
 * DataVersion). This is the hottest query of the service, so it skips the ORM: a
 * read-only better-sqlite3 statement (microseconds) or a two-connection pg pool.
 * Concurrent requests share one read in flight: a read never starts before the
 * request that asks for it, so nothing is staler than the request itself.
 */
import { processWide } from "@/lib/process/process-wide";
import Database from "better-sqlite3";
import pg from "pg";
import { sqlitePath } from "@/lib/config";
import { databaseUrlOf, type Db } from "@/lib/db/client";
import { fallbackFor } from "@/lib/db/replicas";

type Reader = (name: string) => Promise<number>;

/** How this pool's connections are named in pg_stat_activity (the service's own: lib/db/client.ts). */
export const DATA_VERSIONS_APPLICATION = "beacon-hub data versions";

function sqliteReader(file: string): Reader {
  let statement: Database.Statement<[string], { version: number }> | undefined;
  return async (name) => {
    statement ??= new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 }).prepare(
      "SELECT version FROM data_versions WHERE name = ?",
    );
    return statement.get(name)?.version ?? 0;
  };
}

function postgresReader(url: string): Reader {
  const pool = new pg.Pool({ connectionString: url, max: 2, application_name: DATA_VERSIONS_APPLICATION });
  pool.on("error", () => {}); // a dropped idle connection is replaced on the next query
  return async (name) => {
    // Named: each connection parses and plans it once, not on every read (most requests make one).
    const { rows } = await pool.query<{ version: number }>({
      name: "beacon_data_version",
      text: "SELECT version FROM data_versions WHERE name = $1",
      values: [name],
    });
    return rows[0]?.version ?? 0;
  };
}

// Once per process: server.ts and Next.js's bundle each carry a copy of this module, and
// two copies would hold two SQLite handles or two pools on the same database.
const { readers, inFlight } = processWide("beaconDataVersionReaders", () => ({
  readers: new Map<string, Reader>(),
  inFlight: new Map<string, Promise<number>>(),
}));

export function dataVersion(db: Db, name: string): Promise<number> {
  const url = databaseUrlOf(db);
  const key = `${url}\n${name}`;
  const running = inFlight.get(key);
  if (running) return running;
  let reader = readers.get(url);
  if (!reader)
    readers.set(url, (reader = url.startsWith("file:") ? sqliteReader(sqlitePath(url)) : postgresReader(url)));
  // A read replica that does not answer: the primary's version (newer, never older) instead.
  const read = reader(name)
    .finally(() => inFlight.delete(key))
    .catch((err: unknown) => {
      const primary = fallbackFor(db, err);
      if (primary) return dataVersion(primary, name);
      throw err;
    });
  inFlight.set(key, read);
  return read;
}
