/**
 * What a migrated database really contains (tables, columns, indexes, foreign keys),
 * read from the engine's catalog, in one shape for both engines.
 */
import Database from "better-sqlite3";
import pg from "pg";
import { sqlitePath } from "@/lib/config";

export interface Column {
  name: string;
  type: string;
  notNull: boolean;
}
export interface Index {
  columns: string[];
  unique: boolean;
}
export interface ForeignKey {
  columns: string[];
  refTable: string;
  refColumns: string[];
  onDelete: string;
}
export interface Table {
  columns: Column[];
  primaryKey: string[];
  indexes: Index[];
  foreignKeys: ForeignKey[];
}

export async function introspect(databaseUrl: string): Promise<Record<string, Table>> {
  return databaseUrl.startsWith("file:") ? introspectSqlite(sqlitePath(databaseUrl)) : introspectPostgres(databaseUrl);
}

function introspectSqlite(file: string): Record<string, Table> {
  const conn = new Database(file, { readonly: true });
  try {
    const tables = conn
      .prepare(
        `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '_prisma_migrations'`,
      )
      .all() as { name: string }[];
    const out: Record<string, Table> = {};
    for (const { name } of tables) {
      const cols = conn.prepare(`SELECT name, type, "notnull" AS nn, pk FROM pragma_table_info(?)`).all(name) as {
        name: string;
        type: string;
        nn: number;
        pk: number;
      }[];
      const indexList = conn.prepare(`SELECT name, "unique" AS u, origin FROM pragma_index_list(?)`).all(name) as {
        name: string;
        u: number;
        origin: string;
      }[];
      const fks = conn
        .prepare(
          `SELECT id, "table" AS ref, "from" AS col, "to" AS refcol, on_delete FROM pragma_foreign_key_list(?) ORDER BY id, seq`,
        )
        .all(name) as { id: number; ref: string; col: string; refcol: string; on_delete: string }[];
      const byFk = new Map<number, ForeignKey>();
      for (const f of fks) {
        const fk = byFk.get(f.id) ?? { columns: [], refTable: f.ref, refColumns: [], onDelete: f.on_delete };
        fk.columns.push(f.col);
        fk.refColumns.push(f.refcol);
        byFk.set(f.id, fk);
      }
      out[name] = {
        columns: cols.map((c) => ({ name: c.name, type: c.type.toUpperCase(), notNull: c.nn === 1 || c.pk > 0 })),
        primaryKey: cols
          .filter((c) => c.pk > 0)
          .sort((a, b) => a.pk - b.pk)
          .map((c) => c.name),
        indexes: indexList
          .filter((i) => i.origin !== "pk")
          .map((i) => ({
            unique: i.u === 1,
            columns: (
              conn.prepare(`SELECT name FROM pragma_index_info(?) ORDER BY seqno`).all(i.name) as { name: string }[]
            ).map((c) => c.name),
          })),
        foreignKeys: [...byFk.values()],
      };
    }
    return out;
  } finally {
    conn.close();
  }
}

async function introspectPostgres(url: string): Promise<Record<string, Table>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const cols = await client.query<{
      table_name: string;
      column_name: string;
      data_type: string;
      is_nullable: string;
      precision: number | null;
    }>(
      `SELECT table_name, column_name, data_type, is_nullable, datetime_precision AS precision FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY table_name, ordinal_position`,
    );
    const idx = await client.query<{ table: string; unique: boolean; primary: boolean; columns: string[] }>(
      `SELECT t.relname AS table, ix.indisunique AS unique, ix.indisprimary AS primary,
              array(SELECT a.attname FROM unnest(ix.indkey) WITH ORDINALITY k(attnum, n) JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns
       FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid JOIN pg_namespace ns ON ns.oid = t.relnamespace
       WHERE ns.nspname = 'public' AND t.relname <> '_prisma_migrations'`,
    );
    const fks = await client.query<{
      table: string;
      columns: string[];
      ref_table: string;
      ref_columns: string[];
      confdeltype: string;
    }>(
      `SELECT c.conrelid::regclass::text AS table, c.confrelid::regclass::text AS ref_table, c.confdeltype,
              array(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY k(attnum, n) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS columns,
              array(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY k(attnum, n) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum ORDER BY k.n)::text[] AS ref_columns
       FROM pg_constraint c JOIN pg_namespace ns ON ns.oid = c.connamespace WHERE c.contype = 'f' AND ns.nspname = 'public'`,
    );
    const onDelete: Record<string, string> = {
      c: "CASCADE",
      r: "RESTRICT",
      n: "SET NULL",
      a: "NO ACTION",
      d: "SET DEFAULT",
    };
    const out: Record<string, Table> = {};
    for (const c of cols.rows) {
      const t = (out[c.table_name] ??= { columns: [], primaryKey: [], indexes: [], foreignKeys: [] });
      const type = c.data_type === "timestamp without time zone" ? `timestamp(${c.precision})` : c.data_type;
      t.columns.push({ name: c.column_name, type: type.toUpperCase(), notNull: c.is_nullable === "NO" });
    }
    for (const i of idx.rows) {
      const t = out[i.table];
      if (!t) continue;
      if (i.primary) t.primaryKey = i.columns;
      else t.indexes.push({ unique: i.unique, columns: i.columns });
    }
    for (const f of fks.rows) {
      out[f.table]?.foreignKeys.push({
        columns: f.columns,
        refTable: f.ref_table,
        refColumns: f.ref_columns,
        onDelete: onDelete[f.confdeltype] ?? f.confdeltype,
      });
    }
    return out;
  } finally {
    await client.end();
  }
}
