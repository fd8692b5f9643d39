/**
 * Fresh databases for a test run: a SQLite file in a temporary folder, or a new database
 * on the local PostgreSQL server (127.0.0.1:5432, trust auth), dropped afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export type Engine = "sqlite" | "postgresql";

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(engine: Engine, label = "run"): Promise<TestDatabase> {
  const suffix = `${label}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
    .replace(/[^a-z0-9_]/gi, "_")
    .toLowerCase();
  if (engine === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "beacon-test-"));
    return { url: `file:${join(dir, "beacon.db")}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `beacon_test_${suffix}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}
