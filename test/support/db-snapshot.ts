/**
 * What a database holds, as row counts and a sha256 per table over its rows in primary
 * key order, read with the plain driver (no ORM, no cache). Two equal snapshots mean no
 * row was added, removed or changed in between.
 */
import { createHash } from "node:crypto";
import Database from "better-sqlite3";
import pg from "pg";
import { sqlitePath } from "@/lib/config";

/** Every table of the schema, with the columns that order its rows. */
export const TABLES: Record<string, string> = {
  users: "id",
  mod_registrations: "id",
  engrams: "uid",
  documents: "id",
  document_contents: "document_id",
  mod_pulls: "mod_id",
  data_versions: "name",
};

export type Snapshot = Record<string, { rows: number; sha256: string }>;

function digest(rows: unknown[]): string {
  const json = JSON.stringify(rows, (_key, value: unknown) => {
    if (typeof value === "bigint") return value.toString();
    if (value instanceof Date) return value.toISOString();
    if (value && typeof value === "object" && (value as { type?: string }).type === "Buffer") {
      return Buffer.from((value as { data: number[] }).data).toString("base64");
    }
    return value;
  });
  return createHash("sha256").update(json).digest("hex");
}

export async function snapshot(databaseUrl: string, tables: Record<string, string> = TABLES): Promise<Snapshot> {
  const out: Snapshot = {};
  if (databaseUrl.startsWith("file:")) {
    const conn = new Database(sqlitePath(databaseUrl), { readonly: true, timeout: 10_000 });
    try {
      for (const [table, order] of Object.entries(tables)) {
        const rows = conn.prepare(`SELECT * FROM "${table}" ORDER BY "${order}"`).all();
        out[table] = { rows: rows.length, sha256: digest(rows) };
      }
    } finally {
      conn.close();
    }
    return out;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const [table, order] of Object.entries(tables)) {
      const { rows } = await client.query(`SELECT * FROM "${table}" ORDER BY "${order}"`);
      out[table] = { rows: rows.length, sha256: digest(rows) };
    }
  } finally {
    await client.end();
  }
  return out;
}
