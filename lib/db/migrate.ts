/**
 * Applies prisma/<provider>/migrations/<name>/migration.sql in name order, each in its
 * own transaction, and records them in `_prisma_migrations` the way Prisma Migrate does
 * (checksum = sha256 of the file), so `prisma migrate status` agrees where the engine
 * exists. Needs no Prisma CLI: these machines cannot download its engine.
 *
 * Safe to run from several processes at once: PostgreSQL takes an advisory lock, SQLite
 * serialises on BEGIN IMMEDIATE. A migration whose file changed after it was applied is
 * refused rather than silently skipped.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, existsSync } from "node:fs";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { sqlitePath } from "@/lib/config";

export interface Migration {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: number;
}

type Log = (line: string) => void;

export function migrationsDir(provider: "sqlite" | "postgresql", root = process.cwd()): string {
  return join(root, "prisma", provider, "migrations");
}

export function loadMigrations(dir: string): Migration[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, "migration.sql")))
    .map((e) => e.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    });
}

export async function migrate(databaseUrl: string, options: { root?: string; log?: Log } = {}): Promise<MigrateResult> {
  const provider = databaseUrl.startsWith("file:") ? "sqlite" : "postgresql";
  const migrations = loadMigrations(migrationsDir(provider, options.root));
  const log = options.log ?? (() => {});
  return provider === "sqlite"
    ? migrateSqlite(sqlitePath(databaseUrl), migrations, log)
    : migratePostgres(databaseUrl, migrations, log);
}

class MigrationError extends Error {}

function checkApplied(applied: Map<string, string>, migrations: Migration[]): Migration[] {
  const known = new Set(migrations.map((m) => m.name));
  for (const name of applied.keys()) {
    if (!known.has(name))
      throw new MigrationError(
        `The database has migration ${name}, which this version does not know: refusing to run an older version on a newer database.`,
      );
  }
  for (const m of migrations) {
    const sum = applied.get(m.name);
    if (sum !== undefined && sum !== m.checksum)
      throw new MigrationError(`Migration ${m.name} was edited after it was applied (checksum differs).`);
  }
  return migrations.filter((m) => !applied.has(m.name));
}

function migrateSqlite(file: string, migrations: Migration[], log: Log): MigrateResult {
  if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
  const conn = new Database(file, { timeout: 30_000 });
  try {
    // WAL lets readers run beside the writer; it is a property of the file, so setting
    // it here covers every later connection.
    conn.pragma("journal_mode = WAL");
    conn.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
      "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
      "started_at" DATETIME NOT NULL DEFAULT current_timestamp,
      "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`);
    conn.exec("BEGIN IMMEDIATE");
    const rows = conn
      .prepare(
        `SELECT migration_name AS name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
      )
      .all() as { name: string; checksum: string }[];
    conn.exec("COMMIT");
    const pending = checkApplied(new Map(rows.map((r) => [r.name, r.checksum])), migrations);
    const applied: string[] = [];
    for (const m of pending) {
      conn.exec("BEGIN IMMEDIATE");
      try {
        // Another process may have applied it while we waited for the write lock.
        const done = conn
          .prepare(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = ? AND finished_at IS NOT NULL`)
          .get(m.name);
        if (!done) {
          log(`applying migration ${m.name}`);
          conn.exec(m.sql);
          conn
            .prepare(
              `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES (?, ?, current_timestamp, ?, 1)`,
            )
            .run(randomUUID(), m.checksum, m.name);
          applied.push(m.name);
        }
        conn.exec("COMMIT");
      } catch (err) {
        conn.exec("ROLLBACK");
        throw err;
      }
    }
    return { applied, alreadyApplied: migrations.length - applied.length };
  } finally {
    conn.close();
  }
}

// Any constant works; it only has to be the same for every instance of this service.
const MIGRATION_LOCK_KEY = 0x6265_6163; // "beac"

async function migratePostgres(url: string, migrations: Migration[], log: Log): Promise<MigrateResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ, "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ, "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`);
    const { rows } = await client.query<{ name: string; checksum: string }>(
      `SELECT migration_name AS name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
    );
    const pending = checkApplied(new Map(rows.map((r) => [r.name, r.checksum])), migrations);
    for (const m of pending) {
      log(`applying migration ${m.name}`);
      await client.query("BEGIN");
      try {
        await client.query(m.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, applied_steps_count) VALUES ($1, $2, now(), $3, 1)`,
          [randomUUID(), m.checksum, m.name],
        );
        await client.query("COMMIT");
      } catch (err) {
        await client.query("ROLLBACK");
        throw err;
      }
    }
    return { applied: pending.map((m) => m.name), alreadyApplied: migrations.length - pending.length };
  } finally {
    await client.query("SELECT pg_advisory_unlock_all()").catch(() => {});
    await client.end();
  }
}
