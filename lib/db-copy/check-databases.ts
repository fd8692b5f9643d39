/**
 * What the copy checks before it writes a row (docs/OPERATIONS.md): the source has
 * exactly the models' tables and columns and every migration of this version; the
 * target holds no data (an empty schema only with --force); once migrated, the target
 * has every model column and no other column that is not generated.
 */
import type pg from "pg";
import { CopyError } from "@/lib/db-copy/copy-error";
import { connectTarget, countRows, targetColumnProblems, targetTables } from "@/lib/db-copy/postgres-target";
import type { SqliteSource } from "@/lib/db-copy/sqlite-source";
import { loadMigrations, migrationsDir } from "@/lib/db/migrate";
import type { ModelTable } from "@/lib/db/model-tables";

/** Tables whose rows the migrations themselves insert: their presence is not "data". */
export const SEEDED_BY_MIGRATIONS = new Set(["data_versions", "change_horizon"]);

/**
 * The change log of GET /v1/changes.php is not copied but started afresh on the target:
 * its positions belong to one engine (PostgreSQL's carry transaction ids), so a cursor a
 * client got from the SQLite server means nothing on PostgreSQL. The copy empties the
 * log its own inserts wrote and moves the horizon past it, so every old cursor is
 * answered 410 and its client reads everything once (as after a TRUNCATE). The webhooks'
 * outbox (event_outbox) is emptied the same way: the copy's inserts are not new events,
 * and the events the source had made are copied with their deliveries.
 */
export const CHANGE_LOG_TABLES = new Set(["changes", "change_horizon", "event_outbox"]);

export function checkSource(source: SqliteSource, tables: ModelTable[], root: string): void {
  const unknown = source.unknownTables(tables);
  if (unknown.length > 0)
    throw new CopyError(
      `the source has tables prisma/models.prisma does not describe, which would not be copied: ${unknown.join(", ")}`,
    );
  const problems = tables.flatMap((t) => source.columnProblems(t));
  if (problems.length > 0)
    throw new CopyError(`the source does not match prisma/models.prisma:\n  ${problems.join("\n  ")}`);
  const applied = new Set(source.appliedMigrations());
  const known = loadMigrations(migrationsDir("sqlite", root)).map((m) => m.name);
  const newer = [...applied].filter((n) => !known.includes(n));
  if (newer.length > 0)
    throw new CopyError(`the source was migrated by a newer version (${newer.join(", ")}): copy it with that version`);
  const missing = known.filter((n) => !applied.has(n));
  if (missing.length > 0)
    throw new CopyError(
      `the source lacks migrations ${missing.join(", ")}: run "beacon-hub migrate" (or start the server) on it first`,
    );
}

export async function checkTarget(target: pg.Client, tables: ModelTable[], force: boolean): Promise<void> {
  const present = await targetTables(target);
  if (present.length === 0) return;
  const models = new Set(tables.map((t) => t.name));
  const others = present.filter((t) => !models.has(t) && t !== "_prisma_migrations");
  if (others.length > 0)
    throw new CopyError(`the target database has other tables (${others.join(", ")}): copy into a new, empty database`);
  const withRows: string[] = [];
  for (const t of present.filter((p) => models.has(p) && !SEEDED_BY_MIGRATIONS.has(p))) {
    const n = await countRows(target, t);
    if (n > 0) withRows.push(`${t} (${n} rows)`);
  }
  if (withRows.length > 0)
    throw new CopyError(
      `the target already holds data: ${withRows.join(", ")}. Nothing was copied; use a new, empty database`,
    );
  if (!force)
    throw new CopyError(
      "the target already has Beacon Hub's schema (with no rows): run again with --force to copy into it, or use a new database",
    );
}

/** After migrating, the target must have every model column, and no column the copy would leave empty. */
export async function checkMigratedTarget(url: string, tables: ModelTable[]): Promise<void> {
  const target = connectTarget(url);
  await target.connect();
  try {
    const problems: string[] = [];
    for (const t of tables) problems.push(...(await targetColumnProblems(target, t)));
    if (problems.length > 0)
      throw new CopyError(`the migrated target does not match prisma/models.prisma:\n  ${problems.join("\n  ")}`);
  } finally {
    await target.end();
  }
}
