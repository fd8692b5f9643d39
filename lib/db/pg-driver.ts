/**
 * Group-commit batches on PostgreSQL straight on the pg driver (lib/db/commit.ts), for
 * the writes that use only plain SQL (`sql`, lib/db/sql.ts): the download counts, the
 * unique downloads, the single-engram republish. Through Prisma's interactive
 * transaction each statement, BEGIN and COMMIT included, went through its query
 * pipeline on the same pg driver (~130 µs of CPU a call on this machine): 542 µs of
 * server CPU per single-engram POST against 133 on SQLite.
 *
 * Here a batch is BEGIN (with the catalogue's lock statement in the same round trip when
 * it holds several writes), its writes' statements, and COMMIT, on a connection of a
 * small pool of its own. The connection is in node-postgres's pipeline mode: the queue
 * starts a batch's writes side by side (lib/db/group-commit.ts), and their statements,
 * sent in the same turn of the event loop, leave in one write to the socket; PostgreSQL
 * answers them in order, so a batch of single-engram republishes costs one round trip
 * and one wake-up of its backend instead of one per write (each a loopback TCP send,
 * the largest part of the request's CPU). Nothing else changes: the same statements in
 * one transaction (so the same triggers, fired per statement), PostgreSQL's
 * default isolation (read committed, as Prisma's transactions), synchronous_commit as
 * the server has it (on by default: COMMIT returns once the WAL is flushed), and the
 * driver's errors keep their SQLSTATE in `code`, which lib/db/errors.ts reads (40P01 and
 * 40001 are retried by the queue, 23505 is a unique violation, 57P01 or a dropped
 * connection is "unavailable").
 *
 * Values come back as Prisma's raw queries give them: int8 as bigint, `timestamp`
 * columns (UTC by the service's convention) as the Date of that UTC time; a Date sent
 * is its UTC time, as Prisma sends it, whatever the process's time zone.
 */
import { createHash } from "node:crypto";
import type { Socket } from "node:net";
import pg from "pg";
import type { Sql } from "@/lib/db/sql";

/** How this pool's connections are named in pg_stat_activity (the service's own: lib/db/client.ts). */
export const WRITES_APPLICATION = "beacon-hub writes";

const TIMESTAMP = 1114;
const INT8 = 20;

const parseTimestamp = (text: string) => new Date(`${text.replace(" ", "T")}Z`);

const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") => {
    if (format !== "binary" && oid === TIMESTAMP) return parseTimestamp;
    if (format !== "binary" && oid === INT8) return (text: string) => BigInt(text);
    return pg.types.getTypeParser(oid, format ?? "text");
  }) as typeof pg.types.getTypeParser,
};

function param(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "bigint") return value.toString();
  return value;
}

function numbered(text: string): string {
  let n = 0;
  return text.replace(/\?/g, () => `$${++n}`);
}

/**
 * Prepared statements by name: PostgreSQL parses and plans a named statement once per
 * connection. Texts vary only with the lengths of IN and VALUES lists; the first
 * NAMED_TEXTS texts get names, any later one runs unnamed, so neither side's memory
 * grows without bound.
 */
const NAMED_TEXTS = 200;
const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_TEXTS) {
    name = `bh_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    names.set(text, name);
  }
  return name;
}

/**
 * Holds the connection's writes until the current turn of the event loop (and the
 * promise callbacks it queued) has run: the statements the batch's writes send in that
 * time leave together, in one write to the socket (node-postgres corks and uncorks
 * around each statement; the outer cork keeps them buffered).
 */
function corkingTurns(client: pg.PoolClient): () => void {
  const stream = (client as unknown as { connection: { stream: Socket } }).connection.stream;
  let corked = false;
  return () => {
    if (corked) return;
    corked = true;
    stream.cork();
    process.nextTick(() => {
      corked = false;
      stream.uncork();
    });
  };
}

function clientSql(client: pg.PoolClient): Sql {
  const cork = corkingTurns(client);
  const query = async (text: string, params: unknown[]) => {
    const sqlText = numbered(text);
    cork();
    // Savepoints and other statements without parameters go as they are (simple protocol).
    if (params.length === 0) return client.query(sqlText);
    return client.query({ name: nameOf(sqlText), text: sqlText, values: params.map(param) });
  };
  return {
    run: async (text, params = []) => (await query(text, params)).rowCount ?? 0,
    all: async <R>(text: string, params: unknown[] = []) => (await query(text, params)).rows as R[],
  };
}

/** Thrown when a batch runs longer than its writes allow; the connection is closed, so PostgreSQL rolls it back. */
export class DriverTransactionTimeout extends Error {
  constructor(ms: number) {
    super(`Transaction rolled back: it ran longer than ${ms} ms`);
  }
}

export interface DriverTransactions {
  /**
   * Runs `body` in one transaction on a connection of the pool: `begin` is sent with
   * BEGIN in one round trip (statements without parameters), then the body's
   * statements, then COMMIT. Any failure rolls back; a failing COMMIT is the batch's error.
   */
  run(body: (sql: Sql) => Promise<void>, timeoutMs: number, begin?: string): Promise<void>;
  stats(): { total: number; idle: number; waiting: number };
  end(): Promise<void>;
}

export function driverTransactions(url: string): DriverTransactions {
  const pool = new pg.Pool({
    connectionString: url,
    // Batches of one queue run one at a time: one connection is busy, the other replaces a broken one.
    max: 2,
    // Statements are sent without waiting for the answer to the one before (see above).
    pipeline: true,
    connectionTimeoutMillis: 10_000,
    allowExitOnIdle: true,
    application_name: WRITES_APPLICATION,
    types,
  });
  pool.on("error", () => {}); // an idle connection that drops is replaced on the next batch
  return {
    async run(body, timeoutMs, begin) {
      const client = await pool.connect();
      // A connection that fails while checked out reports it here as well as to its query.
      const ignore = () => {};
      client.on("error", ignore);
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        // Ends the session: PostgreSQL would notice a closed socket only after the statement
        // in flight, holding its row locks until then; terminated, it rolls back at once.
        const pid = (client as unknown as { processID: number }).processID;
        const killer = new pg.Client({ connectionString: url, application_name: WRITES_APPLICATION });
        killer.on("error", () => {});
        void killer
          .connect()
          .then(() => killer.query("SELECT pg_terminate_backend($1)", [pid]))
          .catch(() => {})
          .finally(() => void killer.end().catch(() => {}));
      }, timeoutMs);
      let reusable = true;
      try {
        try {
          await client.query(begin ? `BEGIN; ${begin}` : "BEGIN");
          await body(clientSql(client));
        } catch (err) {
          reusable = await client.query("ROLLBACK").then(
            () => true,
            () => false,
          );
          throw err;
        }
        try {
          await client.query("COMMIT");
        } catch (err) {
          // A COMMIT that PostgreSQL refused has ended the transaction; one that got no answer, the connection.
          reusable = !isConnectionLost(err);
          throw err;
        }
      } catch (err) {
        if (timedOut) throw new DriverTransactionTimeout(timeoutMs);
        throw err;
      } finally {
        clearTimeout(timer);
        client.removeListener("error", ignore);
        client.release(reusable && !timedOut ? undefined : true);
      }
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    end: () => pool.end(),
  };
}

/** Errors after which the connection cannot be reused (no SQLSTATE: the socket or the protocol failed). */
function isConnectionLost(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code !== "string" || !/^[0-9A-Z]{5}$/.test(code) || code.startsWith("08") || code.startsWith("57P");
}
