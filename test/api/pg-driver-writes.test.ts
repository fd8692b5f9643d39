// Group-commit batches of plain-SQL writes on the pg driver (lib/db/pg-driver.ts), on a
// real PostgreSQL: a write that loses a real deadlock is run again by the queue from the
// driver's own error; a COMMIT that fails answers every write of its batch with its error
// and keeps none of them; a batch over its time is rolled back and the next one runs; and
// values come back as Prisma's raw queries give them. PostgreSQL only: SQLite's batches
// all run in Prisma's transaction.
import { randomUUID } from "node:crypto";
import { Socket } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { groupCommit, groupCommitStats } from "@/lib/db/commit";
import { isConcurrencyFailure } from "@/lib/db/errors";
import { migrate } from "@/lib/db/migrate";
import { DriverTransactionTimeout, WRITES_APPLICATION } from "@/lib/db/pg-driver";
import { createTestDatabase, type TestDatabase } from "../support/databases";

describe.runIf(inject("engine") === "postgresql")("plain-SQL batches on the pg driver", () => {
  let database: TestDatabase;
  let db: Db;
  let other: pg.Client;
  const owner = randomUUID();

  async function newDocument(): Promise<string> {
    const id = randomUUID();
    await db.document.create({
      data: {
        id,
        userId: owner,
        name: `Doc ${id.slice(0, 4)}`,
        description: "",
        lastUpdated: new Date(),
        content: { create: { encoding: "identity", body: Buffer.from("{}"), sha256: "x" } },
      },
    });
    return id;
  }

  const downloads = async (id: string) =>
    (await db.document.findUniqueOrThrow({ where: { id }, select: { downloadCount: true } })).downloadCount;

  const bump = `UPDATE "documents" SET "download_count" = "download_count" + 1 WHERE "id" = ?`;

  beforeAll(async () => {
    database = await createTestDatabase("postgresql", "pg_driver");
    await migrate(database.url);
    db = createDb(database.url);
    await db.user.create({ data: { id: owner, publicKey: "k" } });
    other = new pg.Client({ connectionString: database.url });
    await other.connect();
  });

  afterAll(async () => {
    await other?.end();
    await db?.$disconnect();
    await database?.drop();
  });

  it("a write that loses a deadlock (the driver's 40P01) is rolled back by PostgreSQL, run again by the queue, and commits", async () => {
    const [a, b] = [await newDocument(), await newDocument()];
    const before = groupCommitStats(db);
    await other.query("BEGIN");
    // This session waits longer than the batch's before looking for a deadlock: the batch's backend finds it and gives way.
    await other.query("SET LOCAL deadlock_timeout = '20s'");
    await other.query(`UPDATE "documents" SET "download_count" = "download_count" WHERE "id" = $1`, [a]);
    let attempts = 0;
    const errors: unknown[] = [];
    const write = groupCommit(
      db,
      async ({ sql }) => {
        attempts++;
        // The cycle may close on either statement (the rows, or the documents' version row their trigger bumps).
        try {
          await sql.run(bump, [b]);
          await sql.run(bump, [a]);
        } catch (err) {
          errors.push(err);
          throw err;
        }
      },
      { plainSql: true },
    );
    // Until the batch waits for the row this session holds (no sleep: a slow start only waits longer).
    const deadline = Date.now() + 20_000;
    // Inside a transaction PostgreSQL answers from one snapshot of the activity: cleared before each look.
    while (
      (await other.query("SELECT pg_stat_clear_snapshot()")) &&
      Number(
        (
          await other.query<{ n: string }>(
            `SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1 AND wait_event_type = 'Lock'`,
            [WRITES_APPLICATION],
          )
        ).rows[0]!.n,
      ) === 0
    ) {
      expect(Date.now(), "the batch never waited for the row").toBeLessThan(deadline);
      await new Promise((r) => setTimeout(r, 10));
    }
    // Closes the cycle: the batch holds b and waits for a, this session holds a and now waits for b.
    await other.query(`UPDATE "documents" SET "download_count" = "download_count" WHERE "id" = $1`, [b]);
    await other.query("COMMIT");
    await write;
    console.log(
      `deadlock: ${attempts} attempts, errors ${errors.map((e) => (e as { code?: string }).code).join(", ")}`,
    );
    expect(attempts).toBeGreaterThanOrEqual(2);
    expect(errors).toHaveLength(attempts - 1);
    expect(errors.map((e) => (e as { code?: string }).code)).toContain("40P01");
    expect(errors.every(isConcurrencyFailure)).toBe(true);
    const after = groupCommitStats(db);
    // Run without savepoints first, the batch was rolled back and run again (with them) at once; a
    // write that fails again there is queued again.
    expect(after.plainBatches - before.plainBatches).toBe(attempts);
    expect(after.rerunBatches - before.rerunBatches + (after.retried - before.retried)).toBe(attempts - 1);
    expect(after.failedJobs - before.failedJobs).toBe(0);
    // Counted once: the lost attempt left nothing behind.
    expect([await downloads(a), await downloads(b)]).toEqual([1, 1]);
  });

  it("a COMMIT that fails answers every write of its batch with its error and keeps none of them", async () => {
    await other.query(`CREATE TABLE "test_parents" ("id" INTEGER PRIMARY KEY)`);
    // Checked at COMMIT: every statement succeeds, the COMMIT does not.
    await other.query(
      `CREATE TABLE "test_children" ("id" INTEGER PRIMARY KEY, "parent" INTEGER REFERENCES "test_parents" DEFERRABLE INITIALLY DEFERRED)`,
    );
    await other.query(`INSERT INTO "test_parents" VALUES (1)`);
    const doc = await newDocument();
    const before = groupCommitStats(db);
    const child = (id: number, parent: number) =>
      groupCommit(
        db,
        async ({ sql }) => {
          await sql.run(bump, [doc]);
          return sql.run(`INSERT INTO "test_children" VALUES (CAST(? AS INTEGER), CAST(? AS INTEGER))`, [id, parent]);
        },
        { plainSql: true },
      );
    // Queued in one turn of the event loop: one batch.
    const results = await Promise.allSettled([child(1, 1), child(2, 1), child(3, 99), child(4, 1), child(5, 1)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected", "rejected", "rejected", "rejected"]);
    expect(results.map((r) => ((r as PromiseRejectedResult).reason as { code?: string }).code)).toEqual(
      Array(5).fill("23503"),
    );
    const after = groupCommitStats(db);
    expect({
      batches: after.batches - before.batches,
      plain: after.plainBatches - before.plainBatches,
      failedBatches: after.failedBatches - before.failedBatches,
      failedJobs: after.failedJobs - before.failedJobs,
    }).toEqual({ batches: 1, plain: 1, failedBatches: 1, failedJobs: 5 });
    expect((await other.query(`SELECT COUNT(*)::int AS n FROM "test_children"`)).rows[0].n).toBe(0);
    expect(await downloads(doc)).toBe(0);
    // The connection is still good for the next batch.
    await expect(child(6, 1)).resolves.toBe(1);
    expect(await downloads(doc)).toBe(1);
  });

  it("a batch that runs past its time is rolled back, and the next batch runs", async () => {
    const doc = await newDocument();
    const started = Date.now();
    const slow = groupCommit(
      db,
      async ({ sql }) => {
        await sql.run(bump, [doc]);
        await sql.all(`SELECT pg_sleep(CAST(? AS DOUBLE PRECISION))`, [120]);
      },
      { plainSql: true, timeoutMs: 300 },
    );
    await expect(slow).rejects.toBeInstanceOf(DriverTransactionTimeout);
    await expect(groupCommit(db, ({ sql }) => sql.run(bump, [doc]), { plainSql: true })).resolves.toBe(1);
    expect(await downloads(doc)).toBe(1);
    // The session was ended, not left sleeping with the row locked until its statement returned.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("sends a batch's statements pipelined: one write to the socket for ten writes, each answered with its own row count", async () => {
    const docs = await Promise.all(Array.from({ length: 10 }, () => newDocument()));
    const missing = randomUUID();
    // Every write the process makes to a socket while the batch runs, by remote port (the database's among them).
    const port = Number(new URL(database.url).port || 5432);
    const writes: number[] = [];
    const proto = Socket.prototype as unknown as Record<"_write" | "_writev", (...args: unknown[]) => unknown>;
    const originals = { _write: proto._write, _writev: proto._writev };
    for (const name of ["_write", "_writev"] as const)
      proto[name] = function (this: Socket, ...args: unknown[]) {
        if (this.remotePort === port) writes.push(name === "_writev" ? (args[0] as unknown[]).length : 1);
        return originals[name].apply(this, args);
      };
    const before = groupCommitStats(db);
    let counts: number[];
    try {
      // Queued in one turn of the event loop: one batch; the eleventh updates no row.
      counts = await Promise.all(
        [...docs, missing].map((id) => groupCommit(db, ({ sql }) => sql.run(bump, [id]), { plainSql: true })),
      );
    } finally {
      Object.assign(proto, originals);
    }
    const after = groupCommitStats(db);
    expect({ batches: after.batches - before.batches, plain: after.plainBatches - before.plainBatches }).toEqual({
      batches: 1,
      plain: 1,
    });
    expect(counts).toEqual([...Array(10).fill(1), 0]);
    // BEGIN with the lock statement, the eleven UPDATEs together, COMMIT: three writes, not thirteen.
    expect(writes).toHaveLength(3);
    expect(await Promise.all(docs.map(downloads))).toEqual(Array(10).fill(1));
  });

  it("gives back values as Prisma's raw queries do: timestamps as their UTC time, int8 as bigint", async () => {
    const sent = new Date("2026-01-02T03:04:05.678Z");
    const text = `SELECT CAST(? AS TIMESTAMP(3)) AS "t", CAST('2026-05-06 07:08:09.123' AS TIMESTAMP(3)) AS "u", CAST(? AS BIGINT) AS "n", CAST(? AS INTEGER) AS "i", CAST(? AS BOOLEAN) AS "b"`;
    const params = [sent, 9007199254740993n, 7, true];
    const plain = await groupCommit(db, ({ sql }) => sql.all(text, params), { plainSql: true });
    // The same statement through Prisma's transaction (a write that uses tx runs in one).
    const full = await groupCommit(db, async ({ tx, sql }) => (await tx.user.count(), sql.all(text, params)));
    expect(plain).toEqual(full);
    expect(plain).toEqual([{ t: sent, u: new Date("2026-05-06T07:08:09.123Z"), n: 9007199254740993n, i: 7, b: true }]);
  });
});
