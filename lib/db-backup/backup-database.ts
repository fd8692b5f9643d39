/**
 * `db:backup` and `db:restore` for whichever engine DATABASE_URL names: SQLite through
 * the online backup API (lib/db-backup/sqlite-backup.ts), PostgreSQL through pg_dump and
 * pg_restore (lib/db-backup/postgres-dump.ts). A restored database is migrated to this
 * version at once (a backup of an older version gains the newer migrations; one of a
 * newer version is refused by the migration runner) and its tables are counted.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { sqlitePath } from "@/lib/config";
import { readModelTables } from "@/lib/db/model-tables";
import { dumpPostgres, restorePostgres } from "@/lib/db-backup/postgres-dump";
import { backupSqlite, restoreSqlite } from "@/lib/db-backup/sqlite-backup";
import { migrate } from "@/lib/db/migrate";

export interface BackupResult {
  engine: "sqlite" | "postgresql";
  file: string;
  seconds: number;
  bytes: number;
  /** rows per table of the models: the database's at the backup's snapshot, and the backup's */
  rows: Record<string, number>;
}

/** The tables of this version's models (prisma/models.prisma), whose rows a backup is checked for. */
export function modelTableNames(root: string): string[] {
  return readModelTables(readFileSync(join(root, "prisma", "models.prisma"), "utf8")).map((t) => t.name);
}

/**
 * A backup of the database to `file`, verified before it is there: written to a
 * temporary name beside it, opened again and its rows per table compared with the
 * database's at the backup's own snapshot, then renamed to `file`. A backup cut short (an
 * error, a SIGKILL) leaves no `file`, only a `<file>.partial-<pid>` at worst.
 */
export async function backupDatabase(databaseUrl: string, file: string, root: string): Promise<BackupResult> {
  const tables = modelTableNames(root);
  if (databaseUrl.startsWith("file:")) {
    const r = await backupSqlite(sqlitePath(databaseUrl), file, tables);
    return { engine: "sqlite", file, seconds: r.seconds, bytes: r.bytes, rows: r.rows };
  }
  const r = await dumpPostgres(databaseUrl, file, tables);
  return { engine: "postgresql", file, seconds: r.seconds, bytes: r.bytes, rows: r.rows };
}

export interface RestoreResult {
  engine: "sqlite" | "postgresql";
  seconds: number;
  migrationsApplied: string[];
  /** rows per table of the models, after the restore */
  rows: Record<string, number>;
}

export async function restoreDatabase(file: string, databaseUrl: string, root: string): Promise<RestoreResult> {
  const engine = databaseUrl.startsWith("file:") ? "sqlite" : "postgresql";
  const { seconds } =
    engine === "sqlite" ? await restoreSqlite(file, sqlitePath(databaseUrl)) : await restorePostgres(file, databaseUrl);
  const migrated = await migrate(databaseUrl, { root });
  return { engine, seconds, migrationsApplied: migrated.applied, rows: await rowCounts(databaseUrl, root) };
}

async function rowCounts(databaseUrl: string, root: string): Promise<Record<string, number>> {
  const tables = modelTableNames(root);
  const out: Record<string, number> = {};
  if (databaseUrl.startsWith("file:")) {
    const conn = new Database(sqlitePath(databaseUrl), { readonly: true, fileMustExist: true });
    try {
      for (const t of tables) out[t] = (conn.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n;
    } finally {
      conn.close();
    }
    return out;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const t of tables)
      out[t] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${t}"`)).rows[0]!.n);
  } finally {
    await client.end();
  }
  return out;
}
