/**
 * usage: npm run db:backup -- <file>
 * A consistent backup of the database DATABASE_URL names, while the server runs. See USAGE.
 */
import { config, ConfigError } from "@/lib/config";
import { appRoot } from "@/lib/server/app-root";
import { BackupError } from "@/lib/db-backup/backup-error";
import { backupDatabase } from "@/lib/db-backup/backup-database";
import { dumpCommand } from "@/lib/db-backup/postgres-dump";
import { oneFileArgument } from "./lib/script-args";

const USAGE = `usage: npm run db:backup -- <file>

Writes a backup of the database named by DATABASE_URL (default file:./data/beacon.db) to
<file>, which must not exist yet. Safe while the server runs and writes:
  SQLite      SQLite's online backup API: a consistent copy as of the moment the
              command starts reading (every write answered before it is in it),
              checked with PRAGMA integrity_check; one self-contained .db file
  PostgreSQL  runs ${dumpCommand("DATABASE_URL", "<file>", "SNAPSHOT").join(" ")}
              (pg_dump's custom format of a snapshot the command holds; the password
              goes through PGPASSWORD)
Verified before it is there: written to <file>.partial-<pid>, read back, its rows
per table compared with the database's in the same snapshot, then renamed to <file>.
Scheduled backups with retention: BACKUP_SCHEDULE (docs/OPERATIONS.md).
Restore with: npm run db:restore -- <file>   (into an empty database)
Exit status: 0 written, 1 failed or refused, 2 usage.`;

async function main(): Promise<number> {
  const file = oneFileArgument(USAGE);
  if (typeof file === "number") return file;
  const url = config().DATABASE_URL;
  process.stderr.write(`backing up the ${url.startsWith("file:") ? "SQLite" : "PostgreSQL"} database to ${file}...\n`);
  const r = await backupDatabase(url, file, appRoot(import.meta.url));
  const rows = Object.values(r.rows).reduce((a, b) => a + b, 0);
  console.log(
    `backup written to ${r.file} in ${r.seconds.toFixed(2)} s, ${(r.bytes / 1024 / 1024).toFixed(1)} MiB; ` +
      `verified: ${rows} rows in ${Object.keys(r.rows).length} tables as in the database${r.engine === "sqlite" ? ", integrity check ok" : ""}`,
  );
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    const known =
      err instanceof BackupError || err instanceof ConfigError || typeof (err as { code?: unknown }).code === "string";
    console.error(`db:backup: ${known ? (err as Error).message : ((err as Error).stack ?? String(err))}`);
    process.exit(1);
  });
