/**
 * PostgreSQL backups are PostgreSQL's own tools, run with the documented lines:
 *
 *   pg_dump --format=custom --no-owner --no-privileges --file=FILE DATABASE_URL
 *   pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname=DATABASE_URL FILE
 *
 * pg_dump reads one consistent snapshot while the service runs: the snapshot of a
 * transaction this module holds open (`--snapshot`, exported with pg_export_snapshot()),
 * in which it counts every table's rows first. The dump is written beside the
 * destination and renamed only once verified: pg_restore reads it back (`--data-only` to
 * standard output) and its rows per table must be those counts. The custom format is
 * compressed and lets pg_restore pick objects. No owner or grants are kept, so a dump
 * restores under another role. A password in the URL is handed over as PGPASSWORD, not
 * on the command line (where `ps` would show it). A restore goes only into a database
 * with no table (a new one from createdb), in one transaction: all or nothing.
 */
import { spawn } from "node:child_process";
import { existsSync, renameSync, rmSync, statSync } from "node:fs";
import { createInterface } from "node:readline";
import pg from "pg";
import { BackupError } from "@/lib/db-backup/backup-error";

/** The URL without its password, and the environment that carries the password instead. */
export function connectionFor(url: string): { url: string; env: Record<string, string> } {
  const parsed = new URL(url);
  if (!parsed.password) return { url, env: {} };
  const password = decodeURIComponent(parsed.password);
  parsed.password = "";
  return { url: parsed.toString(), env: { PGPASSWORD: password } };
}

export function dumpCommand(url: string, file: string, snapshot?: string): string[] {
  return [
    "pg_dump",
    "--format=custom",
    "--no-owner",
    "--no-privileges",
    ...(snapshot ? [`--snapshot=${snapshot}`] : []),
    `--file=${file}`,
    url,
  ];
}

export function restoreCommand(url: string, file: string): string[] {
  return [
    "pg_restore",
    "--no-owner",
    "--no-privileges",
    "--exit-on-error",
    "--single-transaction",
    `--dbname=${url}`,
    file,
  ];
}

function run(command: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, ...env },
    });
    child.on("error", (err: NodeJS.ErrnoException) =>
      reject(
        new BackupError(
          err.code === "ENOENT"
            ? `${command[0]} is not installed here (Debian: apt-get install postgresql-client); run this line where it is:\n  ${command.join(" ")}`
            : err.message,
        ),
      ),
    );
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new BackupError(`${command[0]} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

export interface DumpResult {
  seconds: number;
  bytes: number;
  /** rows per table, the same in the dumped snapshot and in the dump */
  rows: Record<string, number>;
}

/** `tables`: the tables whose rows the dump must hold, counted in the dumped snapshot. */
export async function dumpPostgres(databaseUrl: string, file: string, tables: string[]): Promise<DumpResult> {
  if (existsSync(file))
    throw new BackupError(`${file} exists already: choose a new file name (a backup never overwrites one)`);
  const started = performance.now();
  const { url, env } = connectionFor(databaseUrl);
  const partial = `${file}.partial-${process.pid}`;
  const client = new pg.Client({ connectionString: databaseUrl, application_name: "beacon-hub backup" });
  await client.connect();
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const snapshot = (await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id")).rows[0]!.id;
    const rows: Record<string, number> = {};
    for (const t of tables)
      rows[t] = Number((await client.query<{ n: string }>(`SELECT count(*) AS n FROM "${t}"`)).rows[0]!.n);
    try {
      await run(dumpCommand(url, partial, snapshot), env);
    } finally {
      await client.query("COMMIT").catch(() => {});
    }
    const found = await dumpedRows(partial, env);
    const differ = tables.filter((t) => (found[t] ?? 0) !== rows[t]);
    if (differ.length > 0)
      throw new BackupError(
        `the dump's rows differ from the database's: ${differ.map((t) => `${t} ${found[t] ?? 0} instead of ${rows[t]}`).join(", ")}`,
      );
    renameSync(partial, file);
    return { seconds: (performance.now() - started) / 1000, bytes: statSync(file).size, rows };
  } finally {
    await client.end().catch(() => {});
    rmSync(partial, { force: true });
  }
}

/**
 * Rows per table of a custom-format dump: pg_restore writes its data as COPY blocks on
 * standard output, one line per row (COPY's text format escapes newlines), ended by `\.`.
 */
function dumpedRows(file: string, env: Record<string, string>): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn("pg_restore", ["--data-only", "--file=-", file], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, ...env },
    });
    const rows: Record<string, number> = {};
    let table: string | null = null;
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (table === null) {
        const copy = /^COPY (\S+) /.exec(line);
        if (copy) rows[(table = copy[1]!.split(".").pop()!.replace(/"/g, ""))] = 0;
      } else if (line === "\\.") table = null;
      else rows[table]!++;
    });
    child.on("error", (err) => reject(new BackupError(`pg_restore could not read the dump back: ${err.message}`)));
    child.on("close", (code, signal) =>
      code === 0
        ? resolve(rows)
        : reject(new BackupError(`pg_restore could not read the dump back (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Tables in the database's current schema. */
async function tableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = current_schema()`,
    );
    return Number(rows[0]!.n);
  } finally {
    await client.end();
  }
}

export async function restorePostgres(file: string, databaseUrl: string): Promise<{ seconds: number }> {
  if (!existsSync(file)) throw new BackupError(`${file}: no such backup file`);
  const tables = await tableCount(databaseUrl);
  if (tables > 0)
    throw new BackupError(
      `the database is not empty (${tables} tables): restore into a new one (createdb), never over a live database`,
    );
  const started = performance.now();
  const { url, env } = connectionFor(databaseUrl);
  await run(restoreCommand(url, file), env);
  return { seconds: (performance.now() - started) / 1000 };
}
