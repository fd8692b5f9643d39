/**
 * SQLite through one connection, isolated the way a database server isolates sessions.
 *
 * Prisma's better-sqlite3 adapter keeps one connection. Its transactions take turns, but
 * a statement from outside any transaction runs on that connection whenever it comes,
 * also while an interactive transaction is open between two of its awaits: a read sees
 * that transaction's uncommitted rows, and a write joins it, is answered as done, and is
 * undone if the transaction rolls back (seen here: a user created during another
 * request's transaction was gone after that one failed). Group commit
 * (lib/db/group-commit.ts) keeps a write transaction open most of the time under write
 * load, so this wrapper closes the hole:
 *
 * - while a transaction is open, statements from outside it that only read go to a
 *   second, read-only connection (WAL: they see the last commit, never work in progress);
 * - statements that write wait their turn, in arrival order with transactions (one FIFO
 *   gate in front of the adapter's own mutex), so neither starves the other;
 * - transactions begin IMMEDIATE (the adapter's BEGIN is deferred): they take the write
 *   lock before their first read, waiting for another process that holds it, instead of
 *   reading a snapshot that another process's commit makes stale, after which every
 *   write fails at once with SQLITE_BUSY_SNAPSHOT (seen with a second server on the
 *   file: a whole group-committed batch answered 503).
 *
 * It also hands out the raw connection for statements run inside a transaction the
 * caller holds (lib/db/sql.ts): microseconds each instead of Prisma's ~130 µs a call.
 */
import type Database from "better-sqlite3";
import type { PrismaBetterSqlite3 } from "@prisma/adapter-better-sqlite3";

type Adapter = Awaited<ReturnType<PrismaBetterSqlite3["connect"]>>;
type Query = Parameters<Adapter["queryRaw"]>[0];

/** Where a client's raw connection is found once Prisma has opened it. */
export interface SqliteHandle {
  connection?: Database.Database;
}

/** A first-come first-served lock; `held` tells whether anyone has it. */
class Gate {
  private tail: Promise<void> = Promise.resolve();
  private holders = 0;

  get held(): boolean {
    return this.holders > 0;
  }

  async acquire(): Promise<() => void> {
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((r) => (release = r));
    this.holders++;
    await previous;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.holders--;
      release();
    };
  }
}

function rawConnection(adapter: Adapter): Database.Database {
  const client = (adapter as unknown as { client?: Database.Database }).client;
  if (typeof client?.prepare !== "function")
    throw new Error(
      "the better-sqlite3 adapter no longer exposes its connection (lib/db/sqlite-isolation.ts needs updating)",
    );
  return client;
}

/** Readonly-ness of a statement, asked of SQLite itself once per SQL text. */
function readOnlyCheck(connection: Database.Database): (sql: string) => boolean {
  const known = new Map<string, boolean>();
  return (sql) => {
    let readonly = known.get(sql);
    if (readonly === undefined) {
      readonly = connection.prepare(sql).readonly;
      if (known.size >= 1000) known.clear();
      known.set(sql, readonly);
    }
    return readonly;
  };
}

export function isolateSqlite(
  factory: PrismaBetterSqlite3,
  readerFactory: PrismaBetterSqlite3,
  handle: SqliteHandle,
): PrismaBetterSqlite3 {
  const connect = factory.connect.bind(factory);
  factory.connect = async () => {
    const adapter = await connect();
    // Opened on first use: by then the file exists with its WAL files, as a read-only
    // connection to a WAL database needs.
    let reader: Promise<Adapter> | undefined;
    const read = () => (reader ??= readerFactory.connect());
    const connection = rawConnection(adapter);
    handle.connection = connection;
    const gate = new Gate();
    const readonly = readOnlyCheck(connection);

    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      const release = await gate.acquire();
      try {
        const tx = await startTransaction(isolationLevel);
        try {
          connection.exec("ROLLBACK; BEGIN IMMEDIATE");
        } catch (err) {
          await tx.rollback(); // releases the adapter's mutex; nothing was begun
          throw err;
        }
        const commit = tx.commit.bind(tx);
        const rollback = tx.rollback.bind(tx);
        tx.commit = () => commit().finally(release);
        tx.rollback = () => rollback().finally(release);
        return tx;
      } catch (err) {
        release();
        throw err;
      }
    };

    const outside =
      <R>(run: (q: Query) => Promise<R>, elsewhere: (q: Query) => Promise<R>) =>
      async (query: Query): Promise<R> => {
        if (!gate.held) return run(query);
        if (readonly(query.sql)) return elsewhere(query);
        const release = await gate.acquire();
        try {
          return await run(query);
        } finally {
          release();
        }
      };
    adapter.queryRaw = outside(adapter.queryRaw.bind(adapter), async (q) => (await read()).queryRaw(q));
    adapter.executeRaw = outside(adapter.executeRaw.bind(adapter), async (q) => (await read()).executeRaw(q));
    const executeScript = adapter.executeScript.bind(adapter);
    adapter.executeScript = async (script) => {
      const release = await gate.acquire();
      try {
        await executeScript(script);
      } finally {
        release();
      }
    };
    const dispose = adapter.dispose.bind(adapter);
    adapter.dispose = async () => {
      handle.connection = undefined;
      await Promise.all([dispose(), reader?.then((r) => r.dispose())]);
    };
    return adapter;
  };
  return factory;
}
