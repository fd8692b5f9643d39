/**
 * PostgreSQL backups are PostgreSQL's own tools, run with the documented lines:
 *
 *   pg_dump --format=custom --no-owner --no-privileges --file=FILE DATABASE_URL
 *   pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname=DATABASE_URL FILE
 *
 * pg_dump reads one consistent snapshot while the service runs; the custom format is
 * compressed and lets pg_restore pick objects. No owner or grants are kept, so a dump
 * restores under another role. A password in the URL is handed over as PGPASSWORD, not
 * on the command line (where `ps` would show it). A restore goes only into a database
 * with no table (a new one from createdb), in one transaction: all or nothing.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
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

export function dumpCommand(url: string, file: string): string[] {
  return ["pg_dump", "--format=custom", "--no-owner", "--no-privileges", `--file=${file}`, url];
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

export async function dumpPostgres(databaseUrl: string, file: string): Promise<{ seconds: number }> {
  if (existsSync(file))
    throw new BackupError(`${file} exists already: choose a new file name (a backup never overwrites one)`);
  const started = performance.now();
  const { url, env } = connectionFor(databaseUrl);
  await run(dumpCommand(url, file), env);
  return { seconds: (performance.now() - started) / 1000 };
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
