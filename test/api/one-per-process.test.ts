// State once per process (docs/ARCHITECTURE.md, "Process-wide state"): server.ts and
// Next.js's bundle each carry a copy of lib/, yet a running server holds one database
// client, one data-version reader and one rate limiter. Counted from outside, on a
// running server after requests that reach lib/ through both copies (a v1 GET through
// server.ts, pages rendered by Next.js): PostgreSQL's pg_stat_activity rows of its
// database by application name, SQLite's open handles on its file in /proc/<pid>/fd.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { sqlitePath } from "@/lib/config";
import { WRITES_APPLICATION } from "@/lib/db/pg-driver";
import { createTestDatabase, PG_ADMIN_URL, type TestDatabase } from "../support/databases";
import { startServer, type TestServer } from "../support/test-server";

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase(inject("engine"), "one_per_process");
  server = await startServer({ DATABASE_URL: database.url, STEAM_API_URL: inject("steamUrl") });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await database?.drop();
});

/** One after another: what a pool holds afterwards is what one visitor needed. */
async function trafficThroughBothCopies(): Promise<void> {
  for (const path of [
    "/v1/engram.php",
    "/",
    "/documents",
    "/spawn/",
    "/v1/document.php",
    "/documents?sort=downloads",
  ]) {
    for (const method of ["GET", "HEAD"]) {
      const res = await fetch(`${server.url}${path}`, { method });
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      await res.arrayBuffer();
    }
  }
}

describe("one of each per process", () => {
  it("holds one database client and one data-version reader", async () => {
    await trafficThroughBothCopies();
    if (inject("engine") === "postgresql") {
      const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
      await admin.connect();
      try {
        const name = new URL(database.url).pathname.slice(1);
        const { rows } = await admin.query<{ application_name: string; n: number }>(
          "SELECT application_name, count(*)::int AS n FROM pg_stat_activity WHERE datname = $1 GROUP BY 1",
          [name],
        );
        const count = Object.fromEntries(rows.map((r) => [r.application_name, r.n]));
        // One pool of each: Prisma's (at most 10), the data versions' (at most 2; a page
        // reads its versions concurrently, so it may well use both) and, once something was
        // written in a plain-SQL batch (the start's housekeeping may be), the writes' (at
        // most 2, lib/db/pg-driver.ts). A second copy of any pool would open its own
        // connections beside them.
        const { [WRITES_APPLICATION]: writes = 0, ...others } = count;
        expect(Object.keys(others).sort(), JSON.stringify(count)).toEqual(["beacon-hub", "beacon-hub data versions"]);
        expect(count["beacon-hub"], JSON.stringify(count)).toBeLessThanOrEqual(10);
        expect(count["beacon-hub data versions"], JSON.stringify(count)).toBeLessThanOrEqual(2);
        expect(writes, JSON.stringify(count)).toBeLessThanOrEqual(2);
      } finally {
        await admin.end();
      }
    } else {
      const file = sqlitePath(database.url);
      const pid = server.process.pid!;
      const handles = readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`) !== file) return [];
          const flags = parseInt(/flags:\s*(\d+)/.exec(readFileSync(`/proc/${pid}/fdinfo/${fd}`, "utf8"))![1]!, 8);
          return [(flags & 3) === 0 ? "read-only" : "read-write"];
        } catch {
          return []; // closed meanwhile
        }
      });
      // Prisma's writing connection, and read-only: the data-version reader (one, not one
      // per copy of lib/) plus Prisma's second connection for reads during a transaction,
      // which opens only when a read meets an open transaction.
      const readOnly = handles.filter((h) => h === "read-only").length;
      expect(
        handles.filter((h) => h === "read-write"),
        JSON.stringify(handles),
      ).toHaveLength(1);
      expect(readOnly, JSON.stringify(handles)).toBeGreaterThanOrEqual(1);
      expect(readOnly, JSON.stringify(handles)).toBeLessThanOrEqual(2);
    }
  });
});
