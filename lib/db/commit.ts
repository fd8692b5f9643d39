/**
 * The write path of the service: `groupCommit(db, ({ tx, sql }) => ...)` runs a write in
 * the next group-committed transaction (lib/db/group-commit.ts) of this client and
 * resolves once that transaction has committed. `tx` is the Prisma transaction client;
 * `sql` runs plain SQL in the same transaction (lib/db/sql.ts). One queue per client.
 *
 * Lock order on PostgreSQL: every transaction takes the catalogue's data_versions rows in
 * the order engrams, creatures, mods (their triggers see to it for one request:
 * prisma/postgresql/migrations/20261124200000_creatures), or two writers can deadlock. A
 * batch of several requests would take them in its requests' order (a creature, then an
 * engram), so it takes all three first, in that order. A deadlock that still happens
 * (with other rows) is retried by the queue, and a 503 once its attempts are spent.
 *
 * On PostgreSQL a batch of writes that use only `sql` (`plainSql`) runs on the pg driver
 * directly (lib/db/pg-driver.ts), the lock statement sent with its BEGIN; any other batch
 * runs in Prisma's interactive transaction, its `sql` through Prisma.
 */
import { processWide } from "@/lib/process/process-wide";
import { databaseUrlOf, providerOf, sqliteConnectionOf, type Db, type Tx } from "@/lib/db/client";
import { GroupCommit, type GroupCommitStats, type WriteOptions } from "@/lib/db/group-commit";
import { driverTransactions } from "@/lib/db/pg-driver";
import { replicaSet, wroteOn } from "@/lib/db/replicas";
import { postgresSql, sqliteSql, type Sql } from "@/lib/db/sql";

export interface WriteScope {
  tx: Tx;
  sql: Sql;
}

export type { WriteOptions };

/** Rows are locked in the ORDER BY's order (PostgreSQL locks after sorting). */
const LOCK_CATALOGUE_VERSIONS = `SELECT "name" FROM "data_versions" WHERE "name" IN ('engrams', 'creatures', 'mods') ORDER BY CASE "name" WHEN 'engrams' THEN 0 WHEN 'creatures' THEN 1 ELSE 2 END FOR UPDATE`;

// One queue per client and process (Next.js's copy of lib/ writes through the same one).
const queues = processWide("beaconWriteQueues", () => new WeakMap<Db, GroupCommit<WriteScope>>());

function queueOf(db: Db): GroupCommit<WriteScope> {
  let queue = queues.get(db);
  if (!queue) {
    const sqlite = providerOf(db) === "sqlite";
    const driver = sqlite ? undefined : driverTransactions(databaseUrlOf(db));
    queue = new GroupCommit<WriteScope>(
      (body, timeoutMs, jobs, plain) =>
        plain && driver
          ? driver.run((sql) => body({ sql } as WriteScope), timeoutMs, jobs > 1 ? LOCK_CATALOGUE_VERSIONS : undefined)
          : db.$transaction(
              async (tx) => {
                // Inside the transaction SQLite's one connection is the transaction's (Prisma has opened it by now).
                const connection = sqlite ? sqliteConnectionOf(db) : undefined;
                if (sqlite && !connection) throw new Error("SQLite connection not open inside a transaction");
                const sql = connection ? sqliteSql(connection) : postgresSql(tx);
                // SQLite has one writer at a time: no lock order to keep.
                if (!sqlite && jobs > 1) await sql.all(LOCK_CATALOGUE_VERSIONS);
                await body({ tx, sql });
              },
              { maxWait: 10_000, timeout: timeoutMs },
            ),
      // Savepoints are statements on the connection for SQLite (µs), round trips on PostgreSQL.
      sqlite ? "always" : "on-failure",
      // SQLite's `sql` is already the connection itself: its batches all stay in Prisma's transaction.
      sqlite ? [] : ["tx"],
    );
    queues.set(db, queue);
  }
  return queue;
}

export function groupCommit<T>(db: Db, work: (scope: WriteScope) => Promise<T>, options?: WriteOptions): Promise<T> {
  const committed = queueOf(db).run(work, options);
  // With read replicas, this instance's next reads must see the write (lib/db/replicas.ts).
  if (!replicaSet()) return committed;
  return committed.then(async (value) => {
    await wroteOn(db);
    return value;
  });
}

/** Counters of this client's group commit (for metrics and tests). */
export function groupCommitStats(db: Db): GroupCommitStats {
  return queueOf(db).stats();
}
