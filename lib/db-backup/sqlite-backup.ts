/**
 * SQLite backups through SQLite's online backup API (better-sqlite3's backup()), not a
 * file copy: it reads the database through a connection like any reader, so it is
 * consistent while the server keeps writing (WAL: the server is never blocked).
 *
 * The backup is taken in one step: the copy is the database as of that step's read
 * transaction, which starts after the command does, so every write acknowledged before
 * the command began is in it. (Copied in small steps, SQLite restarts a backup whenever
 * another connection writes in between, which under steady writes could go on for
 * ever.) The file is written beside the destination and renamed when complete, switched
 * to a rollback journal so it is one self-contained file, and checked with
 * `PRAGMA integrity_check`.
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

async function copyThroughBackupApi(fromPath: string, toPath: string): Promise<number> {
  const source = new Database(fromPath, { readonly: true, fileMustExist: true, timeout: 30_000 });
  try {
    const done = await source.backup(toPath, { progress: () => ALL_PAGES });
    return done.totalPages;
  } finally {
    source.close();
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

export async function backupSqlite(databasePath: string, file: string): Promise<SqliteBackupResult> {
  if (!existsSync(databasePath)) throw new BackupError(`${databasePath}: no such database file`);
  if (existsSync(file))
    throw new BackupError(`${file} exists already: choose a new file name (a backup never overwrites one)`);
  if (!existsSync(dirname(file) || ".")) throw new BackupError(`${dirname(file)}: no such directory`);
  const partial = `${file}.partial-${process.pid}`;
  const started = performance.now();
  try {
    const pages = await copyThroughBackupApi(databasePath, partial);
    setJournalMode(partial, "DELETE");
    const check = integrity(partial);
    if (check !== "ok") throw new BackupError(`the backup failed its integrity check: ${check}`);
    renameSync(partial, file);
    return { file, bytes: statSync(file).size, pages, seconds: (performance.now() - started) / 1000 };
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
