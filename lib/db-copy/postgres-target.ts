/**
 * The PostgreSQL side of a copy: what the target already holds, multi-row INSERTs
 * inside the caller's transaction, sequences set past the copied keys, and rows read
 * back in primary-key order (text keys in the "C" collation, which orders like SQLite's
 * BINARY) through a cursor, so a large table never sits in memory whole. Timestamps
 * are read as text: pg would otherwise turn `timestamp` into a Date in the machine's
 * time zone.
 */
import pg from "pg";
import { canonicalTimestamp, ValueError } from "@/lib/db-copy/canonical-row";
import type { ModelTable, ScalarType } from "@/lib/db/model-tables";

const TIMESTAMP_OIDS = new Set([1114, 1184]);
const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export function connectTarget(url: string): pg.Client {
  return new pg.Client({
    connectionString: url,
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        TIMESTAMP_OIDS.has(oid)
          ? (v: string) => v
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
}

/** Base tables of the target's current schema. */
export async function targetTables(client: pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  return rows.map((r) => r.name);
}

export async function countRows(client: pg.Client, table: string): Promise<number> {
  const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quote(table)}`);
  return Number(rows[0]!.n);
}

/** Problems with a model table in the target: missing columns, or extra ones that are not generated (derived) columns. */
export async function targetColumnProblems(client: pg.Client, table: ModelTable): Promise<string[]> {
  const { rows } = await client.query<{ name: string; generated: string }>(
    `SELECT column_name AS name, is_generated AS generated FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
    [table.name],
  );
  if (rows.length === 0) return [`table ${table.name} is missing in the target`];
  const wanted = new Set(table.columns.map((c) => c.name));
  return [
    ...table.columns
      .filter((c) => !rows.some((r) => r.name === c.name))
      .map((c) => `${table.name}.${c.name} is missing in the target`),
    ...rows
      .filter((r) => !wanted.has(r.name) && r.generated !== "ALWAYS")
      .map((r) => `${table.name}.${r.name} in the target is neither in prisma/models.prisma nor generated`),
  ];
}

/** A source value as the parameter PostgreSQL should get for a column of this type. */
export function targetValue(type: ScalarType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case "String":
      if (typeof value === "string" && value.includes("\u0000"))
        throw new ValueError("it contains a NUL character, which PostgreSQL's text cannot hold");
      return value;
    case "Int":
      return Number(value);
    case "BigInt":
      return String(value);
    case "Float":
      return Number(value);
    case "Boolean":
      if (value === 1n || value === 1 || value === true) return true;
      if (value === 0n || value === 0 || value === false) return false;
      throw new ValueError(`${JSON.stringify(String(value))} is not a boolean`);
    case "DateTime":
      // UTC digits as timestamp(3) stores them; further digits are kept for PostgreSQL to round, and the checksum to notice.
      return canonicalTimestamp(value).replace("T", " ").replace(/Z$/, "");
    case "Bytes":
      return value;
  }
}

/** Inserts rows (already converted with targetValue) in one statement. */
export async function insertRows(client: pg.Client, table: ModelTable, rows: unknown[][]): Promise<void> {
  if (rows.length === 0) return;
  const width = table.columns.length;
  const tuples = rows.map((_, r) => `(${table.columns.map((__, c) => `$${r * width + c + 1}`).join(", ")})`);
  await client.query(
    `INSERT INTO ${quote(table.name)} (${table.columns.map((c) => quote(c.name)).join(", ")}) VALUES ${tuples.join(", ")}`,
    rows.flat(),
  );
}

/** Reads a table in primary-key order, `size` rows at a time; inside a transaction (cursors live in one). */
export async function* readRows(client: pg.Client, table: ModelTable, size = 1000): AsyncGenerator<unknown[][]> {
  const byName = new Map(table.columns.map((c) => [c.name, c]));
  const order = table.primaryKey
    .map((k) => (byName.get(k)?.type === "String" ? `${quote(k)} COLLATE "C"` : quote(k)))
    .join(", ");
  const cursor = `copy_${table.name.replace(/\W/g, "_")}`;
  await client.query(
    `DECLARE ${quote(cursor)} NO SCROLL CURSOR FOR SELECT ${table.columns.map((c) => quote(c.name)).join(", ")} FROM ${quote(table.name)} ORDER BY ${order}`,
  );
  try {
    for (;;) {
      const { rows } = await client.query({ text: `FETCH ${size} FROM ${quote(cursor)}`, rowMode: "array" });
      if (rows.length === 0) return;
      yield rows as unknown[][];
    }
  } finally {
    await client.query(`CLOSE ${quote(cursor)}`);
  }
}

/**
 * Moves the sequence behind an autoincrement column past the highest key copied and the
 * highest SQLite ever handed out (ids of deleted rows are not given out again). Returns
 * the value the next insert gets, or null when the column has no sequence.
 */
export async function resetSequence(
  client: pg.Client,
  table: string,
  column: string,
  sqliteHighest: number | null,
): Promise<number | null> {
  const { rows } = await client.query<{ seq: string | null }>(`SELECT pg_get_serial_sequence($1, $2) AS seq`, [
    quote(table),
    column,
  ]);
  const seq = rows[0]?.seq;
  if (!seq) return null;
  const max = await client.query<{ max: string | null }>(
    `SELECT max(${quote(column)})::text AS max FROM ${quote(table)}`,
  );
  const highest = Math.max(Number(max.rows[0]?.max ?? 0), sqliteHighest ?? 0);
  if (highest > 0) await client.query(`SELECT setval($1::regclass, $2, true)`, [seq, highest]);
  else await client.query(`SELECT setval($1::regclass, 1, false)`, [seq]);
  return highest + 1;
}
