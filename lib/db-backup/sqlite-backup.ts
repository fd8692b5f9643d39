/**
 * SQLite backups through SQLite's online backup API (better-sqlite3's backup()), not a
 * file copy: it reads the database through a connection like any reader, so it is
 * consistent while the server keeps writing (WAL: the server is never blocked).
 *
 * The backup is taken in one step: the copy is the database as of that step's read
 * transaction, which starts after the command does, so every write acknowledged before
 * the command began is in it. (Copied in small steps, SQLite restarts a backup whenever
 * another connection writes in between, which under steady writes could go on for
 * ever.) The file is written beside the destination and renamed only once verified:
 * switched to a rollback journal so it is one self-contained file, checked with
 * `PRAGMA integrity_check`, and its rows counted per table against the counts the
 * source connection read in the very read transaction the backup copied.
 *
 * A restore goes the other way into a database that does not exist yet or has no table,
 * again through the backup API, and leaves it in WAL mode as the service keeps it.
 */
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";
import { BackupError } from "@/lib/db-backup/backup-error";

export interface SqliteBackupResult {
  file: string;
  bytes: number;
  pages: number;
  seconds: number;
  /** rows per table, the same in the source's snapshot and in the backup */
  rows: Record<string, number>;
}

function countRows(conn: Database.Database, tables: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = (conn.prepare(`SELECT count(*) AS n FROM "${t}"`).get() as { n: number }).n;
  return out;
}

const ALL_PAGES = 0x7fffffff;

function integrity(path: string): string {
  const conn = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return String(conn.pragma("integrity_check", { simple: true }));
  } finally {
    conn.close();
  }
}

/**
 * Copies every page in one step. With `tables`, the source's rows are counted first in a
 * read transaction the copy then reads too (the same connection: SQLite's backup reads
 * through it), so the counts are those of the copied snapshot whatever is written meanwhile.
 */
async function copyThroughBackupApi(
  fromPath: string,
  toPath: string,
  tables: string[] = [],
): Promise<{ pages: number; rows: Record<string, number> }> {
  const source = new Database(fromPath, { readonly: true, fileMustExist: true, timeout: 30_000 });
  try {
    source.exec("BEGIN");
    try {
      const rows = countRows(source, tables);
      const done = await source.backup(toPath, { progress: () => ALL_PAGES });
      return { pages: done.totalPages, rows };
    } finally {
      source.exec("COMMIT");
    }
  } finally {
    source.close();
  }
}

/** Opens a backup and compares its rows per table with the source snapshot's. */
function verifyRows(path: string, expected: Record<string, number>): void {
  const conn = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const found = countRows(conn, Object.keys(expected));
    const differ = Object.keys(expected).filter((t) => found[t] !== expected[t]);
    if (differ.length > 0)
      throw new BackupError(
        `the backup's rows differ from the database's: ${differ.map((t) => `${t} ${found[t]} instead of ${expected[t]}`).join(", ")}`,
      );
  } finally {
    conn.close();
  }
}

function setJournalMode(path: string, mode: "DELETE" | "WAL"): void {
  const conn = new Database(path, { fileMustExist: true });
  try {
    conn.pragma(`journal_mode = ${mode}`);
  } finally {
    conn.close();
  }
}

/** `tables`: the tables whose rows the backup must hold, counted in the copied snapshot. */
export async function backupSqlite(databasePath: string, file: string, tables: string[]): Promise<SqliteBackupResult> {
  if (!existsSync(databasePath)) throw new BackupError(`${databasePath}: no such database file`);
  if (existsSync(file))
    throw new BackupError(`${file} exists already: choose a new file name (a backup never overwrites one)`);
  if (!existsSync(dirname(file) || ".")) throw new BackupError(`${dirname(file)}: no such directory`);
  const partial = `${file}.partial-${process.pid}`;
  const started = performance.now();
  try {
    const { pages, rows } = await copyThroughBackupApi(databasePath, partial, tables);
    setJournalMode(partial, "DELETE");
    const check = integrity(partial);
    if (check !== "ok") throw new BackupError(`the backup failed its integrity check: ${check}`);
    verifyRows(partial, rows);
    renameSync(partial, file);
    return { file, bytes: statSync(file).size, pages, seconds: (performance.now() - started) / 1000, rows };
  } finally {
    for (const leftover of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`])
      rmSync(leftover, { force: true });
  }
}

/** Tables of a SQLite file (none when the file does not exist). */
function tablesOf(path: string): string[] {
  if (!existsSync(path) || statSync(path).size === 0) return [];
  const conn = new Database(path, { readonly: true, fileMustExist: true });
  try {
    return (
      conn.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).all() as {
        name: string;
      }[]
    ).map((t) => t.name);
  } finally {
    conn.close();
  }
}

export async function restoreSqlite(file: string, databasePath: string): Promise<{ seconds: number }> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such backup file`);
  const check = integrity(file);
  if (check !== "ok") throw new BackupError(`${file} fails its integrity check (${check}): not restored`);
  if (!tablesOf(file).includes("_prisma_migrations"))
    throw new BackupError(`${file} is not a Beacon Hub database (it has no _prisma_migrations table)`);
  const present = tablesOf(databasePath);
  if (present.length > 0) {
    throw new BackupError(
      `${databasePath} is not empty (${present.length} tables): restore into a new database file, or stop the server and move this one away first`,
    );
  }
  if (!existsSync(dirname(databasePath) || ".")) throw new BackupError(`${dirname(databasePath)}: no such directory`);
  const started = performance.now();
  const restoring = `${databasePath}.restoring-${process.pid}`;
  try {
    await copyThroughBackupApi(file, restoring);
    setJournalMode(restoring, "WAL");
    // A log or index left by an earlier database of that name must not be applied to this one.
    for (const stale of [`${databasePath}-wal`, `${databasePath}-shm`, `${databasePath}-journal`])
      rmSync(stale, { force: true });
    renameSync(restoring, databasePath);
  } finally {
    for (const leftover of [restoring, `${restoring}-wal`, `${restoring}-shm`]) rmSync(leftover, { force: true });
  }
  return { seconds: (performance.now() - started) / 1000 };
}
