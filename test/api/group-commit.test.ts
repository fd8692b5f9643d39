// Group commit on the real engines (docs/CONTRACT.md#durability), in-process on a fresh database: the
// service's own write functions called concurrently, as concurrent requests call them.
// N concurrent writes commit in fewer than N transactions, counted by the queue and, on
// PostgreSQL, by the database itself (a trigger records txid_current(), the top-level
// transaction, on every engram row written); one bad write in a batch fails alone with
// its own status; downloads counted exactly; and on SQLite, statements from outside a
// transaction neither see nor join the open batch (lib/db/sqlite-isolation.ts); on
// PostgreSQL a batch keeps the catalogue's lock order (lib/db/commit.ts).
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { createDb, type Db } from "@/lib/db/client";
import { groupCommit, groupCommitStats } from "@/lib/db/commit";
import { migrate } from "@/lib/db/migrate";
import { downloadDocument } from "@/lib/documents/download-document";
import { classOf, uidOf } from "@/lib/engrams/derive";
import type { EngramRecord } from "@/lib/engrams/engram-input";
import { postEngrams } from "@/lib/engrams/post-engrams";
import { createTestDatabase, type TestDatabase } from "../support/databases";

const engine = inject("engine");
let database: TestDatabase;
let db: Db;
const owner = randomUUID();
const rival = randomUUID();
const MOD = "700000001";
const RIVAL_MOD = "700000002";

const engram = (name: string, modId = MOD): EngramRecord => {
  const path = `/Game/Mods/GroupCommit/${name}.${name}`;
  return {
    uid: uidOf(path),
    path,
    className: classOf(path),
    classKey: classOf(path).toLowerCase(),
    label: name,
    environments: 1,
    canBlueprint: true,
    modId,
  };
};

beforeAll(async () => {
  database = await createTestDatabase(engine, "group_commit");
  await migrate(database.url);
  db = createDb(database.url);
  await db.user.createMany({
    data: [
      { id: owner, publicKey: "k" },
      { id: rival, publicKey: "k" },
    ],
  });
  await db.modRegistration.createMany({
    data: [
      { userId: owner, workshopId: MOD, name: "Mine", confirmationCode: "c", confirmed: true, confirmedModId: MOD },
      {
        userId: rival,
        workshopId: RIVAL_MOD,
        name: "Theirs",
        confirmationCode: "c",
        confirmed: true,
        confirmedModId: RIVAL_MOD,
      },
    ],
  });
  if (engine === "postgresql") {
    await db.$executeRawUnsafe(`CREATE TABLE "test_engram_writes" ("xid" BIGINT NOT NULL)`);
    await db.$executeRawUnsafe(
      `CREATE FUNCTION "test_record_xid"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN INSERT INTO "test_engram_writes" VALUES (txid_current()); RETURN NULL; END $$`,
    );
    await db.$executeRawUnsafe(
      `CREATE TRIGGER "test_engram_xid" AFTER INSERT OR UPDATE ON "engrams" FOR EACH ROW EXECUTE FUNCTION "test_record_xid"()`,
    );
  }
});

afterAll(async () => {
  await db?.$disconnect();
  await database?.drop();
});

describe(`group commit on ${engine}`, () => {
  it("40 concurrent engram writes commit in fewer transactions; the one whose path belongs to another mod fails alone with 409", async () => {
    await postEngrams(db, { userId: rival, engrams: [engram("Taken", RIVAL_MOD)] });
    const before = groupCommitStats(db);
    const writes = Array.from({ length: 40 }, (_, i) =>
      i === 17 ? [engram("Taken")] : [engram(`Item${i}`), engram(`Item${i}b`)],
    );
    const results = await Promise.allSettled(writes.map((engrams) => postEngrams(db, { userId: owner, engrams })));
    const stats = groupCommitStats(db);
    const transactions = stats.batches - before.batches;
    console.log(`${engine}: 40 concurrent writes, ${transactions} transaction(s), ${JSON.stringify(stats)}`);

    const failed = results.flatMap((r, i) => (r.status === "rejected" ? [{ i, error: r.reason as unknown }] : []));
    expect(failed.map((f) => f.i)).toEqual([17]);
    expect(failed[0]!.error).toBeInstanceOf(ApiError);
    expect((failed[0]!.error as ApiError).status).toBe(409);
    expect(transactions).toBeGreaterThan(0);
    expect(transactions).toBeLessThan(40);
    const rows = await db.engram.findMany({ where: { modId: MOD }, select: { label: true } });
    expect(rows.length).toBe(78);
    expect((await db.engram.findUnique({ where: { uid: engram("Taken").uid } }))?.modId).toBe(RIVAL_MOD);

    if (engine === "postgresql") {
      // The database's own view: how many top-level transactions wrote those 78 rows.
      const [row] = await db.$queryRawUnsafe<{ n: bigint }[]>(
        `SELECT COUNT(DISTINCT "xid") AS n FROM "test_engram_writes"`,
      );
      const n = Number(row?.n);
      console.log(`postgresql: engram rows written by ${n} distinct transactions (1 of them the rival's seed)`);
      expect(n - 1).toBeLessThanOrEqual(transactions);
      expect(n - 1).toBeLessThan(40);
    }
  });

  it("a write whose transaction step throws leaves the rest of its batch committed, and nothing of its own", async () => {
    const ids = Array.from({ length: 12 }, () => randomUUID());
    const results = await Promise.allSettled(
      ids.map((id, i) =>
        groupCommit(db, async ({ tx }) => {
          await tx.user.create({ data: { id, publicKey: "k" } });
          if (i === 5) await tx.user.create({ data: { id: owner, publicKey: "duplicate" } });
        }),
      ),
    );
    expect(results.map((r) => r.status[0]).join("")).toBe("fffffrffffff");
    const present = await db.user.findMany({ where: { id: { in: ids } }, select: { id: true } });
    expect(new Set(present.map((u) => u.id))).toEqual(new Set(ids.filter((_, i) => i !== 5)));
  });

  it("300 concurrent downloads of 3 documents are each counted once, in a few transactions", async () => {
    const docs = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of docs) {
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
    }
    const before = groupCommitStats(db).batches;
    const downloads = await Promise.all(Array.from({ length: 300 }, (_, i) => downloadDocument(db, docs[i % 3]!)));
    const transactions = groupCommitStats(db).batches - before;
    console.log(`${engine}: 300 downloads in ${transactions} transaction(s)`);
    expect(downloads.every((d) => d.name.startsWith("Doc "))).toBe(true);
    const counts = await db.document.findMany({ where: { id: { in: docs } }, select: { downloadCount: true } });
    expect(counts.map((c) => c.downloadCount)).toEqual([100, 100, 100]);
    expect(transactions).toBeLessThan(30);
    await expect(downloadDocument(db, randomUUID())).rejects.toMatchObject({ status: 404 });
  });

  it.runIf(engine === "sqlite")(
    "outside a transaction, reads never see an open batch's rows and writes wait for it, so they are not undone with it",
    async () => {
      const inside = randomUUID();
      const outside = randomUUID();
      // Gates instead of sleeps: the batch holds its transaction open, with its row written,
      // until the test has read and written from outside; a slow write only makes it wait.
      let written!: () => void;
      const rowWritten = new Promise<void>((r) => (written = r));
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let seenInside: unknown = "not read";
      const failingWrite = groupCommit(db, async ({ tx }) => {
        await tx.user.create({ data: { id: inside, publicKey: "uncommitted" } });
        seenInside = await tx.user.findUnique({ where: { id: inside } });
        written();
        await released;
        throw new Error("fails after writing");
      });
      await rowWritten;
      const seenOutside = await db.user.findUnique({ where: { id: inside } });
      let outsideDone = false;
      const outsideWrite = db.user
        .create({ data: { id: outside, publicKey: "acknowledged" } })
        .then(() => (outsideDone = true));
      // Many turns of the event loop: a write that joined the open transaction (the hole
      // lib/db/sqlite-isolation.ts closes) would be answered by now; one that waits is not.
      for (let turn = 0; turn < 50; turn++) await new Promise((r) => setImmediate(r));
      const doneWhileOpen = outsideDone;
      release();
      await expect(failingWrite).rejects.toThrow("fails after writing");
      await outsideWrite;
      expect(seenInside).toMatchObject({ publicKey: "uncommitted" });
      expect(seenOutside).toBeNull();
      expect(doneWhileOpen, "a write from outside was answered while the batch was open").toBe(false);
      expect(await db.user.findUnique({ where: { id: outside } })).toMatchObject({ publicKey: "acknowledged" });
      expect(await db.user.findUnique({ where: { id: inside } })).toBeNull();
    },
  );

  it.runIf(engine === "postgresql")(
    "a batch of several writes takes the catalogue's version rows in order (engrams, creatures, mods): no deadlock with a writer holding engrams' row",
    async () => {
      const other = new pg.Client({ connectionString: database.url });
      await other.connect();
      try {
        await other.query("BEGIN");
        await other.query("SET LOCAL lock_timeout = '20s'");
        // What an engram write holds until it commits.
        await other.query(`UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'engrams'`);
        const before = groupCommitStats(db);
        const c = engram("LockOrderCreature");
        const e = engram("LockOrderEngram");
        // One batch, a creature first: in its requests' order it would hold creatures' row and wait for engrams'.
        const batch = Promise.all([
          groupCommit(db, ({ tx }) =>
            tx.creature.create({
              data: {
                uid: c.uid,
                path: c.path,
                className: c.className,
                classKey: c.classKey,
                label: c.label,
                environments: 1,
                modId: MOD,
              },
            }),
          ),
          groupCommit(db, ({ tx }) => tx.engram.create({ data: { ...e, canBlueprint: true } })),
        ]);
        // Until the batch waits for the row this session holds (no sleep: a slow start only waits longer).
        const waitDeadline = Date.now() + 20_000;
        while (
          Number(
            (
              await other.query<{ n: string }>(
                `SELECT COUNT(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()`,
              )
            ).rows[0]!.n,
          ) === 0
        ) {
          expect(Date.now(), "the batch never waited for the engrams row").toBeLessThan(waitDeadline);
          await new Promise((r) => setTimeout(r, 10));
        }
        // The other writer goes on in the same order; a deadlock would abort one side after deadlock_timeout (1 s).
        await other.query(`UPDATE "data_versions" SET "version" = "version" + 1 WHERE "name" = 'creatures'`);
        await other.query("COMMIT");
        await batch;
        const after = groupCommitStats(db);
        expect({
          batches: after.batches - before.batches,
          rerun: after.rerunBatches - before.rerunBatches,
          retried: after.retried - before.retried,
        }).toEqual({ batches: 1, rerun: 0, retried: 0 });
        expect(await db.creature.count({ where: { uid: c.uid } })).toBe(1);
      } finally {
        await other.end();
      }
    },
  );
});
