/**
 * The write path of the service: `groupCommit(db, ({ tx, sql }) => ...)` runs a write in
 * the next group-committed transaction (lib/db/group-commit.ts) of this client and
 * resolves once that transaction has committed. `tx` is the Prisma transaction client;
 * `sql` runs plain SQL in the same transaction (lib/db/sql.ts). One queue per client.
 */
import { providerOf, sqliteConnectionOf, type Db, type Tx } from "@/lib/db/client";
import { GroupCommit, type GroupCommitStats, type WriteOptions } from "@/lib/db/group-commit";
import { postgresSql, sqliteSql, type Sql } from "@/lib/db/sql";

export interface WriteScope {
  tx: Tx;
  sql: Sql;
}

export type { WriteOptions };

// One queue per client and process (Next.js's copy of lib/ writes through the same one).
const queues = ((globalThis as unknown as { beaconWriteQueues?: WeakMap<Db, GroupCommit<WriteScope>> }).beaconWriteQueues ??= new WeakMap());

function queueOf(db: Db): GroupCommit<WriteScope> {
  let queue = queues.get(db);
  if (!queue) {
    const sqlite = providerOf(db) === "sqlite";
    queue = new GroupCommit<WriteScope>((body, timeoutMs) =>
      db.$transaction(
        async (tx) => {
          // Inside the transaction SQLite's one connection is the transaction's (Prisma has opened it by now).
          const connection = sqlite ? sqliteConnectionOf(db) : undefined;
          if (sqlite && !connection) throw new Error("SQLite connection not open inside a transaction");
          await body({ tx, sql: connection ? sqliteSql(connection) : postgresSql(tx) });
        },
        { maxWait: 10_000, timeout: timeoutMs },
      ),
      // Savepoints are statements on the connection for SQLite (µs), round trips on PostgreSQL.
      sqlite ? "always" : "on-failure",
    );
    queues.set(db, queue);
  }
  return queue;
}

export function groupCommit<T>(db: Db, work: (scope: WriteScope) => Promise<T>, options?: WriteOptions): Promise<T> {
  return queueOf(db).run(work, options);
}

/** Counters of this client's group commit (for metrics and tests). */
export function groupCommitStats(db: Db): GroupCommitStats {
  return queueOf(db).stats();
}
