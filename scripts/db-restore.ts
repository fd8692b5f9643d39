/**
 * usage: npm run db:restore -- <file>
 * Restores a backup made by db:backup into the empty database DATABASE_URL names. See USAGE.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { config, ConfigError } from "@/lib/config";
import { BackupError } from "@/lib/db-backup/backup-error";
import { restoreDatabase } from "@/lib/db-backup/backup-database";
import { restoreCommand } from "@/lib/db-backup/postgres-dump";
import { oneFileArgument } from "./lib/script-args";

const USAGE = `usage: npm run db:restore -- <file>

Restores a backup made by "npm run db:backup" into the database named by DATABASE_URL,
which must be empty: a SQLite file that does not exist yet (or has no table), or a new
PostgreSQL database (createdb). A database with tables is refused, never overwritten.
  SQLite      the backup is checked (PRAGMA integrity_check), copied through SQLite's
              backup API and left in WAL mode
  PostgreSQL  runs ${restoreCommand("DATABASE_URL", "<file>").join(" ")}
Then the database is migrated to this version and its tables counted.
Exit status: 0 restored, 1 failed or refused, 2 usage.`;

async function main(): Promise<number> {
  const file = oneFileArgument(USAGE);
  if (typeof file === "number") return file;
  const url = config().DATABASE_URL;
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  process.stderr.write(`restoring ${file} into the ${url.startsWith("file:") ? "SQLite" : "PostgreSQL"} database...\n`);
  const r = await restoreDatabase(file, url, root);
  const rows = Object.entries(r.rows)
    .map(([t, n]) => `${t} ${n}`)
    .join(", ");
  console.log(
    `restored in ${r.seconds.toFixed(2)} s; ${r.migrationsApplied.length} newer migration(s) applied; rows: ${rows}`,
  );
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((err: unknown) => {
    const known =
      err instanceof BackupError || err instanceof ConfigError || typeof (err as { code?: unknown }).code === "string";
    console.error(`db:restore: ${known ? (err as Error).message : ((err as Error).stack ?? String(err))}`);
    process.exit(1);
  });
