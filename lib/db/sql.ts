/**
 * Plain SQL inside a transaction the caller holds, for the few hot statements where
 * Prisma's cost per call (~130 µs for `SELECT 1` on this machine, against a few µs on the
 * driver) is most of the work: savepoints of group commit, the download counter, the
 * single-engram update. On SQLite it runs straight on the connection, which is the
 * transaction's since there is only one (lib/db/sqlite-isolation.ts); on PostgreSQL
 * through the transaction's client. Placeholders are `?` (PostgreSQL gets `$1`, `$2`...);
 * write casts as `CAST(? AS INTEGER)`, which both engines read.
 */
import type Database from "better-sqlite3";
import type { Tx } from "@/lib/db/client";

export interface Sql {
  /** runs a statement; the number of rows it changed */
  run(text: string, params?: unknown[]): Promise<number>;
  /** runs a statement that returns rows (SELECT or RETURNING) */
  all<R>(text: string, params?: unknown[]): Promise<R[]>;
}

/** A JS value as better-sqlite3 binds it, stored the way Prisma's adapter stores it. */
function sqliteValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  return value;
}

/** Prepared statements by SQL text, per connection: preparing costs more than running these. */
const prepared = new WeakMap<Database.Database, Map<string, Database.Statement>>();

function statement(connection: Database.Database, text: string): Database.Statement {
  let kept = prepared.get(connection);
  if (!kept) prepared.set(connection, (kept = new Map()));
  let stmt = kept.get(text);
  if (!stmt) {
    stmt = connection.prepare(text);
    if (stmt.reader) stmt.safeIntegers(false);
    // Texts vary only with the length of IN lists: a handful in practice.
    if (kept.size >= 200) kept.clear();
    kept.set(text, stmt);
  }
  return stmt;
}

export function sqliteSql(connection: Database.Database): Sql {
  return {
    async run(text, params = []) {
      return statement(connection, text).run(params.map(sqliteValue)).changes;
    },
    async all<R>(text: string, params: unknown[] = []) {
      return statement(connection, text).all(params.map(sqliteValue)) as R[];
    },
  };
}

function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

export function postgresSql(tx: Tx): Sql {
  return {
    run: (text, params = []) => tx.$executeRawUnsafe(numbered(text), ...params),
    all: <R>(text: string, params: unknown[] = []) => tx.$queryRawUnsafe<R[]>(numbered(text), ...params),
  };
}
