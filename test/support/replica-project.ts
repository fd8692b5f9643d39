/**
 * The api-postgresql-replica project: the v1 tests against a server that reads from a hot
 * standby of its database (global-setup.ts). Two things make it test what it claims.
 *
 * Direct writes wait for the standby. A test may write straight to the database (testDb(),
 * api.ts) and then read through the server. The server serves an anonymous read from the
 * replica once the replica has replayed the server's own last write and any position the
 * client presents (lib/db/replicas.ts); a write made past the server, with no position
 * handed back, is the one case it cannot know about, as it could not for a write of
 * another program. So the test's client waits here, after the write, instead of the
 * server being made to read from the primary: the v1 tests then check the server exactly
 * as it runs with replicas.
 *
 * The replica must serve reads: every file checks the server's /metrics
 * (replica-reads.ts), so a run that read everything from the primary fails.
 */
import pg from "pg";
import type { PgAdapter } from "@/lib/db/client";

/** Far above any replay delay measured on the shared machine (worst 114 ms, docs/OPERATIONS.md). */
const REPLAY_TIMEOUT_MS = 15_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Statements that change nothing: no wait after them. */
const READ_ONLY = /^\s*(SELECT|SHOW)\b/i;

/** Resolves once the replica has replayed everything the primary had written when it was called. */
export function replayWaiter(primaryUrl: string, replicaUrl: string): () => Promise<void> {
  const pool = (url: string) => {
    const p = new pg.Pool({ connectionString: url, max: 1, application_name: "beacon-hub test replay wait" });
    p.on("error", () => {}); // a dropped idle connection is replaced on the next query
    return p;
  };
  const primary = pool(primaryUrl);
  const replica = pool(replicaUrl);
  return async () => {
    const { rows } = await primary.query<{ lsn: string }>("SELECT pg_current_wal_lsn()::text AS lsn");
    const lsn = rows[0]!.lsn;
    const deadline = Date.now() + REPLAY_TIMEOUT_MS;
    for (;;) {
      const { rows: replay } = await replica.query<{ caught: boolean; at: string | null }>(
        "SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS caught, pg_last_wal_replay_lsn()::text AS at",
        [lsn],
      );
      if (replay[0]?.caught) return;
      if (Date.now() > deadline)
        throw new Error(
          `the replica has not replayed the primary's ${lsn} after ${REPLAY_TIMEOUT_MS} ms (it is at ${replay[0]?.at})`,
        );
      await sleep(2);
    }
  };
}

/**
 * For createDb's onPgAdapter: every statement that may write, outside a transaction, and
 * every commit wait for `replayed` before they return. Only what goes through Prisma: lib
 * code handed the client whose batch runs on the pg driver directly (lib/db/pg-driver.ts:
 * a single engram, download counts) would not wait; no file of the project does that.
 */
export function waitForReplayAfterWrites(replayed: () => Promise<void>): (adapter: PgAdapter) => void {
  return (adapter) => {
    const after =
      <R>(run: (query: Parameters<PgAdapter["queryRaw"]>[0]) => Promise<R>) =>
      async (query: Parameters<PgAdapter["queryRaw"]>[0]): Promise<R> => {
        const result = await run(query);
        if (!READ_ONLY.test(query.sql)) await replayed();
        return result;
      };
    adapter.queryRaw = after(adapter.queryRaw.bind(adapter));
    adapter.executeRaw = after(adapter.executeRaw.bind(adapter));
    const startTransaction = adapter.startTransaction.bind(adapter);
    adapter.startTransaction = async (isolationLevel) => {
      const tx = await startTransaction(isolationLevel);
      const commit = tx.commit.bind(tx);
      tx.commit = async () => {
        await commit();
        await replayed();
      };
      return tx;
    };
  };
}

/** Requests whose reads the server routed to the primary and to the replica (its /metrics; NaN when absent). */
export async function routedReads(
  serverUrl: string,
  metricsToken: string,
): Promise<{ primary: number; replica: number }> {
  const res = await fetch(`${serverUrl}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  const text = await res.text();
  const count = (target: string) =>
    Number(new RegExp(`^beacon_db_reads_total\\{target="${target}"\\} (\\d+)`, "m").exec(text)?.[1] ?? NaN);
  return { primary: count("primary"), replica: count("replica") };
}
