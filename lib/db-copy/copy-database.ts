/**
 * SQLite -> PostgreSQL, every row (docs/OPERATIONS.md#moving-from-sqlite-to-postgresql-dbcopy):
 *
 * 1. Read the tables from prisma/models.prisma; check the source has exactly them (a
 *    table or column the models do not know stops the copy: its data would be lost),
 *    and every migration of this version applied.
 * 2. Check the target: it must hold no data. A database that already has the schema
 *    (empty) needs --force; one with rows in any table is always refused.
 * 3. Migrate the target, then copy each group of tables linked by foreign keys in one
 *    transaction, table after table in dependency order, in multi-row INSERTs, from one
 *    read snapshot of the source. Derived objects are not copied: PostgreSQL computes
 *    its own full-text column (search_vector) as rows arrive.
 * 4. Move sequences past the copied keys (and past ids SQLite gave to deleted rows).
 *    Start the change log afresh (CHANGE_LOG_TABLES): old cursors are answered 410.
 * 5. Verify: count and checksum each table on both sides, the same way
 *    (lib/db-copy/canonical-row.ts), and report them.
 *
 * If a group fails, the groups already committed are deleted again, so the target is an
 * empty schema and the same command with --force can run once the cause is fixed.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type pg from "pg";
import { sqlitePath } from "@/lib/config";
import { TableChecksum, ValueError } from "@/lib/db-copy/canonical-row";
import {
  CHANGE_LOG_TABLES,
  checkMigratedTarget,
  checkSource,
  checkTarget,
  SEEDED_BY_MIGRATIONS,
} from "@/lib/db-copy/check-databases";
import { CopyError } from "@/lib/db-copy/copy-error";
import { connectTarget, insertRows, resetSequence, targetValue } from "@/lib/db-copy/postgres-target";
import { openSqliteSource, type SqliteSource } from "@/lib/db-copy/sqlite-source";
import { verifyCopy, type TableReport } from "@/lib/db-copy/verify-copy";
import { migrate } from "@/lib/db/migrate";
import { copyGroups, readModelTables, type ModelTable } from "@/lib/db/model-tables";

export { CopyError };
/** Rows per INSERT at most, and bytes of values per INSERT before it is sent early. */
const BATCH_ROWS = 500;
const BATCH_BYTES = 8 * 1024 * 1024;
const MAX_PARAMETERS = 30_000;

export interface CopyProgress {
  phase: "copy" | "verify";
  table: string;
  done: number;
  total: number;
  /** rows per second over the whole phase so far */
  rate: number;
}

export type { TableReport };

export interface CopyReport {
  tables: TableReport[];
  rows: number;
  copySeconds: number;
  verifySeconds: number;
  /** the next id each autoincrement column hands out */
  sequences: { table: string; column: string; next: number }[];
  verified: boolean;
}

export interface CopyOptions {
  from: string;
  to: string;
  /** copy into a target that already has the (empty) schema */
  force?: boolean;
  /** the repository root (models and migrations) */
  root: string;
  onProgress?: (p: CopyProgress) => void;
  log?: (line: string) => void;
}

export async function copyDatabase(options: CopyOptions): Promise<CopyReport> {
  if (!options.from.startsWith("file:"))
    throw new CopyError(`--from must be a SQLite database (file:...), got ${redactUrl(options.from)}`);
  if (!/^postgres(ql)?:\/\//.test(options.to))
    throw new CopyError(`--to must be a PostgreSQL database (postgres://...), got ${redactUrl(options.to)}`);
  const log = options.log ?? (() => {});
  const tables = readModelTables(readFileSync(join(options.root, "prisma", "models.prisma"), "utf8"));
  const source = openSqliteSource(sqlitePath(options.from));
  try {
    checkSource(source, tables, options.root);
    const target = connectTarget(options.to);
    await target.connect();
    try {
      await checkTarget(target, tables, options.force === true);
    } finally {
      await target.end();
    }
    log(`migrating the target (${redactUrl(options.to)})`);
    await migrate(options.to, { root: options.root, log });
    await checkMigratedTarget(options.to, tables);
    return await copyInto(
      source,
      tables.filter((t) => !CHANGE_LOG_TABLES.has(t.name)),
      options,
    );
  } finally {
    source.close();
  }
}

async function copyInto(source: SqliteSource, tables: ModelTable[], options: CopyOptions): Promise<CopyReport> {
  const target = connectTarget(options.to);
  await target.connect();
  try {
    const totals = new Map(tables.map((t) => [t.name, source.count(t)]));
    const grandTotal = [...totals.values()].reduce((a, b) => a + b, 0);
    const sourceSums = new Map<string, TableChecksum>();
    const committed: ModelTable[][] = [];
    const copyStarted = performance.now();
    let copied = 0;
    for (const group of copyGroups(tables)) {
      await target.query("BEGIN");
      try {
        for (const table of group) {
          // Only rows the migrations inserted can be here (checkTarget): the source's replace them.
          await target.query(`DELETE FROM "${table.name}"`);
          sourceSums.set(
            table.name,
            await copyTable(source, target, table, (done) => {
              options.onProgress?.({
                phase: "copy",
                table: table.name,
                done,
                total: totals.get(table.name)!,
                rate: (copied + done) / ((performance.now() - copyStarted) / 1000 || 1),
              });
            }),
          );
          copied += totals.get(table.name)!;
        }
        await target.query("COMMIT");
        committed.push(group);
      } catch (err) {
        await target.query("ROLLBACK").catch(() => {});
        await emptyAgain(target, committed);
        throw new CopyError(
          `${(err as Error).message}. The target was emptied again (its schema stays): fix the cause and run the same command with --force`,
        );
      }
    }
    const sequences: CopyReport["sequences"] = [];
    for (const table of tables) {
      for (const column of table.columns.filter((c) => c.autoincrement)) {
        const next = await resetSequence(target, table.name, column.name, source.sequence(table));
        if (next !== null) sequences.push({ table: table.name, column: column.name, next });
      }
    }
    await restartChangeLog(target);
    const copySeconds = (performance.now() - copyStarted) / 1000;

    const verifyStarted = performance.now();
    const reports = await verifyCopy(target, tables, sourceSums, totals, options.onProgress);
    return {
      tables: reports,
      rows: grandTotal,
      copySeconds,
      verifySeconds: (performance.now() - verifyStarted) / 1000,
      sequences,
      verified: reports.every((r) => r.ok),
    };
  } finally {
    await target.end();
  }
}

async function copyTable(
  source: SqliteSource,
  target: pg.Client,
  table: ModelTable,
  progress: (done: number) => void,
): Promise<TableChecksum> {
  const types = table.columns.map((c) => c.type);
  const sum = new TableChecksum(types);
  const maxRows = Math.max(1, Math.min(BATCH_ROWS, Math.floor(MAX_PARAMETERS / table.columns.length)));
  let batch: unknown[][] = [];
  let bytes = 0;
  const flush = async () => {
    await insertRows(target, table, batch);
    batch = [];
    bytes = 0;
    progress(sum.rows);
  };
  for (const row of source.rows(table)) {
    let converted: unknown[];
    try {
      sum.add(row);
      converted = row.map((v, i) => targetValue(types[i]!, v));
    } catch (err) {
      if (!(err instanceof ValueError)) throw err;
      const key = table.primaryKey
        .map((k) => `${k}=${keyText(row[table.columns.findIndex((c) => c.name === k)])}`)
        .join(", ");
      throw new CopyError(`${table.name} row ${key}: ${err.message}`);
    }
    batch.push(converted);
    for (const v of converted) bytes += typeof v === "string" || v instanceof Uint8Array ? v.length : 8;
    if (batch.length >= maxRows || bytes >= BATCH_BYTES) await flush();
  }
  await flush();
  return sum;
}

/** The rows the copy's inserts logged go; the horizon moves past them (CHANGE_LOG_TABLES). */
async function restartChangeLog(target: pg.Client): Promise<void> {
  await target.query("BEGIN");
  try {
    await target.query(`DELETE FROM "changes"`);
    await target.query(`DELETE FROM "event_outbox"`);
    await target.query(
      `UPDATE "change_horizon" SET "txid" = pg_current_xact_id()::text::bigint, "change_id" = (SELECT last_value FROM "changes_id_seq"), "since" = clock_timestamp() AT TIME ZONE 'UTC' WHERE "id" = 1`,
    );
    await target.query("COMMIT");
  } catch (err) {
    await target.query("ROLLBACK").catch(() => {});
    throw err;
  }
}

async function emptyAgain(target: pg.Client, committed: ModelTable[][]): Promise<void> {
  if (committed.length === 0) return;
  // Bookkeeping rows stay: the service needs its data_versions rows, whatever their values.
  const order = committed
    .flat()
    .reverse()
    .filter((t) => !SEEDED_BY_MIGRATIONS.has(t.name));
  await target.query("BEGIN");
  try {
    for (const t of order) await target.query(`DELETE FROM "${t.name}"`);
    await target.query("COMMIT");
  } catch {
    await target.query("ROLLBACK").catch(() => {});
  }
}

/** A key value as an error message shows it: text quoted and escaped (it may hold control characters). */
const keyText = (v: unknown) => (typeof v === "string" ? JSON.stringify(v) : String(v));

/** A database URL fit to print: the password replaced. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]+:)[^@]*@/i, "$1***@");
}
