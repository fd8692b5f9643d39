/**
 * The SQLite side of a copy: the file opened read-only, one read transaction for the
 * whole copy (WAL: a snapshot, so a server still writing cannot make the copy
 * inconsistent; its later writes are simply not in it), rows streamed in primary-key
 * order (BINARY collation: UTF-8 byte order, the same as PostgreSQL's "C"), integers as
 * BigInt so none is rounded.
 */
import { existsSync } from "node:fs";
import Database from "better-sqlite3";
import type { ModelTable } from "@/lib/db/model-tables";

export class SourceError extends Error {}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface SqliteSource {
  path: string;
  /** migration names recorded in _prisma_migrations */
  appliedMigrations(): string[];
  /** tables of the file that neither the models nor SQLite/Prisma/full-text index account for */
  unknownTables(models: ModelTable[]): string[];
  /** problems with a model table's columns (missing, or columns the model does not know) */
  columnProblems(table: ModelTable): string[];
  count(table: ModelTable): number;
  /** highest value an AUTOINCREMENT key ever had (deleted rows included), when SQLite kept it */
  sequence(table: ModelTable): number | null;
  rows(table: ModelTable): IterableIterator<unknown[]>;
  close(): void;
}

export function openSqliteSource(path: string): SqliteSource {
  if (!existsSync(path)) throw new SourceError(`${path}: no such SQLite file`);
  const conn = new Database(path, { readonly: true, fileMustExist: true, timeout: 30_000 });
  const names = () =>
    conn.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'table'`).all() as {
      name: string;
      sql: string | null;
    }[];
  if (!names().some((t) => t.name === "_prisma_migrations")) {
    conn.close();
    throw new SourceError(`${path} is not a Beacon Hub database (it has no _prisma_migrations table)`);
  }
  // The snapshot every later read sees.
  conn.exec("BEGIN");
  conn.prepare("SELECT count(*) FROM sqlite_master").get();
  return {
    path,
    appliedMigrations() {
      const rows = conn
        .prepare(
          `SELECT migration_name AS name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        )
        .all() as { name: string }[];
      return rows.map((r) => r.name);
    },
    unknownTables(models) {
      const all = names();
      // Full-text tables and their shadow tables are derived from documents: the target builds its own index.
      const virtual = all.filter((t) => /^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(t.sql ?? "")).map((t) => t.name);
      const known = new Set(models.map((m) => m.name));
      return all
        .map((t) => t.name)
        .filter(
          (n) =>
            !known.has(n) &&
            n !== "_prisma_migrations" &&
            !n.startsWith("sqlite_") &&
            !virtual.some((v) => n === v || n.startsWith(`${v}_`)),
        );
    },
    columnProblems(table) {
      const present = (conn.prepare(`SELECT name FROM pragma_table_info(?)`).all(table.name) as { name: string }[]).map(
        (c) => c.name,
      );
      if (present.length === 0) return [`table ${table.name} is missing`];
      const wanted = new Set(table.columns.map((c) => c.name));
      return [
        ...table.columns.filter((c) => !present.includes(c.name)).map((c) => `${table.name}.${c.name} is missing`),
        ...present
          .filter((c) => !wanted.has(c))
          .map((c) => `${table.name}.${c} is not in prisma/models.prisma (its data would be lost)`),
      ];
    },
    count(table) {
      return Number((conn.prepare(`SELECT count(*) AS n FROM ${quote(table.name)}`).get() as { n: number }).n);
    },
    sequence(table) {
      const hasSequences = names().some((t) => t.name === "sqlite_sequence");
      if (!hasSequences) return null;
      const row = conn.prepare(`SELECT seq FROM sqlite_sequence WHERE name = ?`).get(table.name) as
        { seq: number } | undefined;
      return row ? Number(row.seq) : null;
    },
    rows(table) {
      const cols = table.columns.map((c) => quote(c.name)).join(", ");
      const order = table.primaryKey.map(quote).join(", ");
      const statement = conn
        .prepare(`SELECT ${cols} FROM ${quote(table.name)} ORDER BY ${order}`)
        .raw(true)
        .safeIntegers(true);
      return statement.iterate() as IterableIterator<unknown[]>;
    },
    close() {
      if (conn.inTransaction) conn.exec("COMMIT");
      conn.close();
    },
  };
}
