// The group-commit queue (lib/db/group-commit.ts) over a stand-in transaction that logs
// its statements and commits when the test says so. The same queue on real SQLite and
// PostgreSQL: test/api/group-commit.test.ts.
import { describe, expect, it } from "vitest";
import { GroupCommit, MAX_ATTEMPTS, MAX_JOBS, type SavepointPolicy } from "@/lib/db/group-commit";
import type { Sql } from "@/lib/db/sql";

interface Scope {
  sql: Sql;
  log: string[];
}

/** A transaction stand-in: `log` gets BEGIN, each statement, COMMIT or ROLLBACK; COMMIT waits for `commits` to allow it. */
function fakeDatabase(options: { failCommit?: boolean } = {}) {
  const log: string[] = [];
  let opened = 0;
  let allowCommit: (() => void) | null = null;
  const gates: Promise<void>[] = [];
  const transaction = async (body: (scope: Scope) => Promise<void>) => {
    opened++;
    log.push("BEGIN");
    const sql: Sql = { run: async (text) => (log.push(text), 0), all: async () => [] };
    try {
      await body({ sql, log });
    } catch (err) {
      log.push("ROLLBACK");
      throw err;
    }
    await (gates.shift() ?? Promise.resolve());
    if (options.failCommit) {
      log.push("ROLLBACK");
      throw new Error("disk I/O error");
    }
    log.push("COMMIT");
  };
  return {
    log,
    transactions: () => opened,
    /** the next COMMIT waits until `release()` */
    holdNextCommit() {
      gates.push(new Promise<void>((r) => (allowCommit = r)));
      return () => allowCommit?.();
    },
    queue: (policy: SavepointPolicy = "always") => new GroupCommit<Scope>(transaction, policy),
  };
}

const tick = () => new Promise((r) => setImmediate(r));
const write =
  (name: string) =>
  async ({ log }: Scope) => (log.push(name), name);
const failing =
  (name: string, error: unknown) =>
  async ({ log }: Scope) => {
    log.push(name);
    throw error;
  };

describe("group commit", () => {
  it("writes that arrive together share one transaction and are answered only after its COMMIT", async () => {
    const db = fakeDatabase();
    const queue = db.queue();
    const release = db.holdNextCommit();
    const settled: string[] = [];
    const all = ["a", "b", "c"].map((n) => queue.run(write(n)).then((v) => settled.push(v)));
    await tick();
    await tick();
    expect(db.log.filter((l) => !l.includes("SAVEPOINT"))).toEqual(["BEGIN", "a", "b", "c"]);
    expect(settled).toEqual([]);
    release();
    await Promise.all(all);
    expect(settled).toEqual(["a", "b", "c"]);
    expect(db.transactions()).toBe(1);
    expect(queue.stats()).toMatchObject({ batches: 1, jobs: 3, largestBatch: 3, failedJobs: 0 });
  });

  it("writes queued while a batch commits go together into the next one", async () => {
    const db = fakeDatabase();
    const queue = db.queue();
    const release = db.holdNextCommit();
    const first = queue.run(write("first"));
    await tick();
    await tick();
    const later = Array.from({ length: 10 }, (_, i) => queue.run(write(`later${i}`)));
    expect(queue.stats().queued).toBe(10);
    release();
    await Promise.all([first, ...later]);
    expect(db.transactions()).toBe(2);
    expect(queue.stats()).toMatchObject({ batches: 2, jobs: 11, largestBatch: 10 });
  });

  it("a write that throws is rolled back to its savepoint alone and keeps its own error", async () => {
    const db = fakeDatabase();
    const queue = db.queue("always");
    const results = await Promise.allSettled([
      queue.run(write("a")),
      queue.run(failing("bad", new Error("409 conflict"))),
      queue.run(write("c")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error("409 conflict"));
    expect(db.log).toEqual([
      "BEGIN",
      "SAVEPOINT group_commit_write",
      "a",
      "RELEASE SAVEPOINT group_commit_write",
      "SAVEPOINT group_commit_write",
      "bad",
      "ROLLBACK TO SAVEPOINT group_commit_write",
      "RELEASE SAVEPOINT group_commit_write",
      "SAVEPOINT group_commit_write",
      "c",
      "RELEASE SAVEPOINT group_commit_write",
      "COMMIT",
    ]);
    expect(queue.stats()).toMatchObject({ batches: 1, failedJobs: 1 });
  });

  it("on-failure: a batch runs without savepoints, and is run again with them when a write throws", async () => {
    const db = fakeDatabase();
    const queue = db.queue("on-failure");
    const ok = await Promise.all([queue.run(write("a")), queue.run(write("b"))]);
    expect(ok).toEqual(["a", "b"]);
    expect(db.log).toEqual(["BEGIN", "a", "b", "COMMIT"]);
    db.log.length = 0;
    const results = await Promise.allSettled([
      queue.run(write("c")),
      queue.run(failing("bad", new Error("403"))),
      queue.run(write("d")),
    ]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(db.log).toEqual([
      "BEGIN",
      "c",
      "bad",
      "ROLLBACK",
      "BEGIN",
      "SAVEPOINT group_commit_write",
      "c",
      "RELEASE SAVEPOINT group_commit_write",
      "SAVEPOINT group_commit_write",
      "bad",
      "ROLLBACK TO SAVEPOINT group_commit_write",
      "RELEASE SAVEPOINT group_commit_write",
      "SAVEPOINT group_commit_write",
      "d",
      "RELEASE SAVEPOINT group_commit_write",
      "COMMIT",
    ]);
    expect(queue.stats()).toMatchObject({ rerunBatches: 1, failedJobs: 1 });
  });

  it("when the COMMIT fails, the writes that had succeeded fail with its error and the failed one keeps its own", async () => {
    const db = fakeDatabase({ failCommit: true });
    const queue = db.queue();
    const results = await Promise.allSettled([
      queue.run(write("a")),
      queue.run(failing("bad", new Error("own error"))),
    ]);
    expect(results.map((r) => (r as PromiseRejectedResult).reason?.message)).toEqual(["disk I/O error", "own error"]);
    expect(queue.stats()).toMatchObject({ failedBatches: 1, failedJobs: 2 });
  });

  it(`a write that lost a deadlock is queued again, up to ${MAX_ATTEMPTS} attempts`, async () => {
    const db = fakeDatabase();
    const queue = db.queue();
    const deadlock = Object.assign(new Error("deadlock detected"), { code: "40P01" });
    let runs = 0;
    const flaky = queue.run(async () => {
      if (++runs < 3) throw deadlock;
      return "third time";
    });
    await expect(flaky).resolves.toBe("third time");
    let hopeless = 0;
    await expect(
      queue.run(async () => {
        hopeless++;
        throw deadlock;
      }),
    ).rejects.toBe(deadlock);
    expect(hopeless).toBe(MAX_ATTEMPTS);
    expect(queue.stats()).toMatchObject({ retried: 2 + MAX_ATTEMPTS - 1, failedJobs: 1 });
  });

  it(`a batch takes at most ${MAX_JOBS} writes and 1,000 rows; a larger write commits alone`, async () => {
    const db = fakeDatabase();
    const queue = db.queue();
    await Promise.all(Array.from({ length: MAX_JOBS + 6 }, (_, i) => queue.run(write(`w${i}`))));
    expect(db.transactions()).toBe(2);
    expect(queue.stats().largestBatch).toBe(MAX_JOBS);
    await Promise.all([
      queue.run(write("big"), { rows: 5000 }),
      queue.run(write("small"), { rows: 1 }),
      queue.run(write("big2"), { rows: 1000 }),
    ]);
    // big alone; small and big2 together would be 1,001 rows: apart
    expect(db.transactions()).toBe(5);
  });
});

describe("group commit, at its edges", () => {
  /** A transaction stand-in that records each call's timeout and number of writes. */
  function recording(fail?: Error) {
    const calls: { timeoutMs: number; jobs: number }[] = [];
    const log: string[] = [];
    const transaction = async (body: (scope: Scope) => Promise<void>, timeoutMs: number, jobs: number) => {
      calls.push({ timeoutMs, jobs });
      if (fail) throw fail;
      const sql: Sql = { run: async (text) => (log.push(text), 0), all: async () => [] };
      await body({ sql, log });
    };
    return { calls, log, transaction };
  }

  it("gives a batch the sum of its writes' timeouts, 30 s for a write that names none", async () => {
    const db = recording();
    const queue = new GroupCommit<Scope>(db.transaction);
    await Promise.all([queue.run(write("a")), queue.run(write("b"), { timeoutMs: 5_000 })]);
    expect(db.calls).toEqual([{ timeoutMs: 35_000, jobs: 2 }]);
  });

  it("uses a savepoint around every write unless told otherwise", async () => {
    const db = recording();
    const queue = new GroupCommit<Scope>(db.transaction);
    await queue.run(write("a"));
    expect(db.log).toEqual(["SAVEPOINT group_commit_write", "a", "RELEASE SAVEPOINT group_commit_write"]);
  });

  it("takes writes up to exactly 1,000 rows into one batch", async () => {
    const db = recording();
    const queue = new GroupCommit<Scope>(db.transaction);
    await Promise.all([queue.run(write("a"), { rows: 600 }), queue.run(write("b"), { rows: 400 })]);
    await Promise.all([queue.run(write("c"), { rows: 600 }), queue.run(write("d"), { rows: 401 })]);
    expect(db.calls.map((c) => c.jobs)).toEqual([2, 1, 1]);
  });

  it("when the transaction fails before any write ran, every write fails with its error", async () => {
    const lost = new Error("connection lost");
    const db = recording(lost);
    const queue = new GroupCommit<Scope>(db.transaction);
    const results = await Promise.allSettled([queue.run(write("a")), queue.run(write("b"))]);
    expect(results).toEqual([
      { status: "rejected", reason: lost },
      { status: "rejected", reason: lost },
    ]);
    expect(queue.stats()).toMatchObject({ batches: 1, failedBatches: 1, failedJobs: 2, queued: 0 });
  });

  it("starts no transaction when nothing is waiting", async () => {
    const db = recording();
    const queue = new GroupCommit<Scope>(db.transaction);
    await queue.run(write("a"));
    for (let i = 0; i < 5; i++) await tick();
    expect([db.calls.length, queue.stats().batches]).toEqual([1, 1]);
  });

  it("on-failure: a batch rerun with savepoints takes the writes that queued meanwhile into the same careful run", async () => {
    const db = fakeDatabase();
    const queue = db.queue("on-failure");
    let later: Promise<unknown> | undefined;
    const bad = queue.run(async (scope) => {
      scope.log.push("bad");
      later ??= queue.run(write("later"));
      throw new Error("403");
    });
    await expect(bad).rejects.toThrow("403");
    await later;
    expect(db.log).toEqual([
      "BEGIN",
      "bad",
      "ROLLBACK",
      "BEGIN",
      "SAVEPOINT group_commit_write",
      "bad",
      "ROLLBACK TO SAVEPOINT group_commit_write",
      "RELEASE SAVEPOINT group_commit_write",
      "SAVEPOINT group_commit_write",
      "later",
      "RELEASE SAVEPOINT group_commit_write",
      "COMMIT",
    ]);
  });
});

describe("group commit, plain-SQL batches", () => {
  interface FullScope extends Scope {
    tx: string;
  }
  /** A stand-in that offers `tx` only in full transactions and records which kind each batch was. */
  function twoKinds() {
    const kinds: string[] = [];
    const log: string[] = [];
    const transaction = async (
      body: (scope: FullScope) => Promise<void>,
      _ms: number,
      _jobs: number,
      plain: boolean,
    ) => {
      kinds.push(plain ? "plain" : "full");
      const sql: Sql = { run: async (text) => (log.push(text), 0), all: async () => [] };
      try {
        await body((plain ? { sql, log } : { sql, log, tx: "prisma" }) as FullScope);
      } catch (err) {
        log.push("ROLLBACK");
        throw err;
      }
      log.push("COMMIT");
    };
    return { kinds, log, queue: () => new GroupCommit<FullScope>(transaction, "on-failure", ["tx"]) };
  }

  it("runs a batch plain only when every write in it uses only sql", async () => {
    const db = twoKinds();
    const queue = db.queue();
    await Promise.all([queue.run(write("a"), { plainSql: true }), queue.run(write("b"), { plainSql: true })]);
    await Promise.all([queue.run(write("c"), { plainSql: true }), queue.run(write("d"))]);
    expect(db.kinds).toEqual(["plain", "full"]);
    expect(queue.stats()).toMatchObject({ plainBatches: 1, movedToFull: 0 });
  });

  it("a plain write that touches tx moves: its batch is rolled back and run again in a full transaction", async () => {
    const db = twoKinds();
    const queue = db.queue();
    const results = await Promise.all([
      queue.run(write("a"), { plainSql: true }),
      queue.run(async ({ log, tx }) => (log.push("b"), tx), { plainSql: true }),
    ]);
    expect(results).toEqual(["a", "prisma"]);
    expect(db.kinds).toEqual(["plain", "full"]);
    expect(db.log).toEqual(["a", "ROLLBACK", "a", "b", "COMMIT"]);
    expect(queue.stats()).toMatchObject({ movedToFull: 1, rerunBatches: 0, failedJobs: 0 });
  });

  it("moves a write that caught what the plain scope threw, too: it did not run as written", async () => {
    const db = twoKinds();
    const queue = db.queue();
    const seen: string[] = [];
    const result = await queue.run(
      async (scope) => {
        try {
          seen.push(scope.tx);
        } catch {
          seen.push("no tx");
        }
        return seen.at(-1);
      },
      { plainSql: true },
    );
    expect(result).toBe("prisma");
    expect(seen).toEqual(["no tx", "prisma"]);
    expect(db.kinds).toEqual(["plain", "full"]);
  });

  it("starts a plain batch's writes side by side: each before the one ahead was answered", async () => {
    const db = twoKinds();
    const queue = db.queue();
    const order: string[] = [];
    // Each write's statement is answered only once every write of the batch has sent its own.
    let answer!: () => void;
    const answered = new Promise<void>((r) => (answer = r));
    const write = (name: string) => async () => {
      order.push(`${name} sent`);
      if (order.length === 3) answer();
      await answered;
      order.push(`${name} answered`);
      return name;
    };
    const results = await Promise.all(["a", "b", "c"].map((n) => queue.run(write(n), { plainSql: true })));
    expect(results).toEqual(["a", "b", "c"]);
    expect(order.slice(0, 3)).toEqual(["a sent", "b sent", "c sent"]);
    expect(db.kinds).toEqual(["plain"]);
  });

  it("a side-by-side write that fails rolls its batch back; run again one by one with savepoints, it fails alone", async () => {
    const db = twoKinds();
    const queue = db.queue();
    const results = await Promise.allSettled([
      queue.run(write("a"), { plainSql: true }),
      queue.run(
        async ({ sql }) => {
          await sql.run("b");
          throw new Error("b refused");
        },
        { plainSql: true },
      ),
      queue.run(write("c"), { plainSql: true }),
    ]);
    expect(results.map((r) => (r.status === "fulfilled" ? r.value : (r.reason as Error).message))).toEqual([
      "a",
      "b refused",
      "c",
    ]);
    expect(db.kinds).toEqual(["plain", "plain"]);
    expect(db.log).toEqual([
      "a",
      "b",
      "c",
      "ROLLBACK",
      "SAVEPOINT group_commit_write",
      "a",
      "RELEASE SAVEPOINT group_commit_write",
      "SAVEPOINT group_commit_write",
      "b",
      "ROLLBACK TO SAVEPOINT group_commit_write",
      "RELEASE SAVEPOINT group_commit_write",
      "SAVEPOINT group_commit_write",
      "c",
      "RELEASE SAVEPOINT group_commit_write",
      "COMMIT",
    ]);
    expect(queue.stats()).toMatchObject({ rerunBatches: 1, failedJobs: 1 });
  });

  it("moves every side-by-side write that touched tx, in one rerun", async () => {
    const db = twoKinds();
    const queue = db.queue();
    const touch =
      (name: string) =>
      async ({ log, tx }: FullScope) => (log.push(name), tx);
    const results = await Promise.all([
      queue.run(touch("a"), { plainSql: true }),
      queue.run(write("b"), { plainSql: true }),
      queue.run(touch("c"), { plainSql: true }),
    ]);
    expect(results).toEqual(["prisma", "b", "prisma"]);
    expect(db.kinds).toEqual(["plain", "full"]);
    expect(queue.stats()).toMatchObject({ movedToFull: 2, rerunBatches: 0 });
  });

  it("never runs plain where the scope has no members to lack (SQLite)", async () => {
    const db = twoKinds();
    const kinds: boolean[] = [];
    const queue = new GroupCommit<Scope>(async (body, _ms, _jobs, plain) => {
      kinds.push(plain);
      await body({ sql: { run: async () => 0, all: async () => [] }, log: db.log });
    });
    await queue.run(write("a"), { plainSql: true });
    expect(kinds).toEqual([false]);
  });
});
