/**
 * Group commit: concurrent writes share one transaction, so one commit (one fsync on
 * SQLite with synchronous = FULL, one WAL flush on PostgreSQL) acknowledges many.
 *
 * A write is a function of the transaction (`work`). While a batch is being written and
 * committed, new writes queue; when it is done, the next batch takes every queued write
 * (at most MAX_JOBS, or MAX_ROWS rows; a larger write commits alone). Every caller is
 * answered only after the batch's COMMIT returned: a 200 still means the write is on
 * disk. If the COMMIT fails, the writes that had succeeded fail with its error (none of
 * them is kept). A write that lost a deadlock or a serialisation check (PostgreSQL,
 * another instance writing the same rows) is queued again, up to 3 times.
 *
 * Inside the batch each write runs in its own savepoint: one that throws is rolled back
 * to it alone, keeps its own error (its 403, 409...) and the others go on. Savepoints
 * cost a round trip each on PostgreSQL (three per write made a batch of single-engram
 * writes slower than no batching: 490 req/s), so there ("on-failure") a batch first runs
 * without them; if any write throws, the whole batch is rolled back and run again with
 * savepoints, where each write gets its own outcome. On SQLite they cost microseconds
 * and are always used.
 *
 * A write that uses only `sql` says so (`plainSql`): where the database offers it
 * (PostgreSQL, lib/db/commit.ts), a batch of such writes alone runs on the driver
 * directly, without Prisma's transaction, whose members (`fullOnly`, the Prisma client
 * `tx`) it then lacks. A write that touches one there all the same (a rare path: the
 * single-engram republish that finds no row to update) moves: the batch is rolled back
 * and run again at once, that write in a full transaction from then on. A batch holding
 * any other write runs in a full transaction, `sql` included. A plain batch
 * run without savepoints starts its writes side by side, so their statements go to the
 * database pipelined (`sideBySide`); a plain transaction must take statements sent
 * before the earlier ones were answered.
 *
 * A write must not call groupCommit itself (the inner write would wait for the batch
 * that waits for it). Every statement of a write stays inside its batch's transaction,
 * so triggers see each request's rows in one transaction (and several
 * requests' rows in the same one: a trigger must not take one transaction for one request).
 */
import { isConcurrencyFailure } from "@/lib/db/errors";
import type { Sql } from "@/lib/db/sql";

/** PostgreSQL slows every session down once a transaction has over 64 subtransactions. */
export const MAX_JOBS = 64;
/** Rows a batch takes before it stops taking more writes (the first write always goes). */
export const MAX_ROWS = 1000;
/**
 * Tries a write that lost a serialization failure or a deadlock gets. Two instances on one
 * PostgreSQL confirming the same mod at once lost three in a row under CI's load; five,
 * with a growing random wait between them, settle it.
 */
export const MAX_ATTEMPTS = 5;

export interface WriteOptions {
  /** rows the write touches, roughly (a batch of 500 engrams: 500) */
  rows?: number;
  /** the longest this write may take inside its transaction */
  timeoutMs?: number;
  /** the write uses only `sql` (it may run in a batch on the driver, without Prisma's transaction) */
  plainSql?: boolean;
}

export interface GroupCommitStats {
  /** transactions committed or attempted */
  batches: number;
  /** writes run, each attempt counted */
  jobs: number;
  /** writes answered with an error (their own, or their batch's) */
  failedJobs: number;
  /** batches whose transaction failed as a whole (COMMIT, connection, timeout) */
  failedBatches: number;
  /** writes queued again after a deadlock or serialisation failure */
  retried: number;
  /** batches run without savepoints that failed and were run again with them */
  rerunBatches: number;
  /** batches of plain-SQL writes alone, run without Prisma's transaction */
  plainBatches: number;
  /** plain-SQL writes that touched the full transaction's members and were run again in one */
  movedToFull: number;
  largestBatch: number;
  /** writes waiting now */
  queued: number;
}

/** "always": a savepoint around every write; "on-failure": only when a batch is run again after a failure. */
export type SavepointPolicy = "always" | "on-failure";

/**
 * What the queue needs of the database: a transaction whose scope can run SQL (`jobs`:
 * the writes it holds). With `plain`, a transaction whose scope need only have `sql`.
 */
export type RunTransaction<S extends { sql: Sql }> = (
  body: (scope: S) => Promise<void>,
  timeoutMs: number,
  jobs: number,
  plain: boolean,
) => Promise<void>;

interface Job<S> {
  work: (scope: S) => Promise<unknown>;
  rows: number;
  timeoutMs: number;
  attempts: number;
  /** in a batch that failed without savepoints: run with them next time */
  careful: boolean;
  /** may run in a plain-SQL batch */
  plain: boolean;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Thrown out of a batch run without savepoints, to roll it back and run it again with them. */
class RunAgain extends Error {}

/** What a plain-SQL batch's scope throws for a member it lacks (the write then moves to a full transaction). */
export class NeedsFullTransaction extends Error {
  constructor(member: string) {
    super(`\`${member}\` is not available in a plain-SQL batch`);
  }
}

export class GroupCommit<S extends { sql: Sql }> {
  private queue: Job<S>[] = [];
  private busy = false;
  private readonly counts = {
    batches: 0,
    jobs: 0,
    failedJobs: 0,
    failedBatches: 0,
    retried: 0,
    rerunBatches: 0,
    plainBatches: 0,
    movedToFull: 0,
    largestBatch: 0,
  };

  constructor(
    private readonly transaction: RunTransaction<S>,
    private readonly savepoints: SavepointPolicy = "always",
    /** members of the scope a plain-SQL batch lacks; none: every batch is a full transaction */
    private readonly fullOnly: readonly string[] = [],
  ) {}

  run<T>(work: (scope: S) => Promise<T>, options: WriteOptions = {}): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const job = {
        work,
        rows: options.rows ?? 1,
        timeoutMs: options.timeoutMs ?? 30_000,
        attempts: 0,
        careful: false,
        plain: options.plainSql === true && this.fullOnly.length > 0,
      };
      this.queue.push({ ...job, resolve: resolve as (v: unknown) => void, reject });
      this.schedule();
    });
  }

  stats(): GroupCommitStats {
    return { ...this.counts, queued: this.queue.length };
  }

  private schedule(): void {
    if (this.busy) return;
    this.busy = true;
    // One turn of the event loop first, so requests read in the same turn join the batch.
    setImmediate(() => void this.flush());
  }

  private take(): Job<S>[] {
    let rows = 0;
    let n = 0;
    while (n < this.queue.length && n < MAX_JOBS) {
      const next = this.queue[n]!;
      if (n > 0 && rows + next.rows > MAX_ROWS) break;
      rows += next.rows;
      n++;
    }
    return this.queue.splice(0, n);
  }

  private async flush(): Promise<void> {
    const batch = this.take();
    const careful = this.savepoints === "always" || batch.some((job) => job.careful);
    const plain = batch.every((job) => job.plain);
    const outcomes = new Map<Job<S>, Outcome>();
    // The writes of a plain-SQL batch that touched what the batch lacks.
    const moved = new Set<Job<S>>();
    this.counts.batches++;
    if (plain) this.counts.plainBatches++;
    this.counts.largestBatch = Math.max(this.counts.largestBatch, batch.length);
    try {
      await this.transaction(
        async (scope) => {
          if (plain && !careful) return this.sideBySide(batch, scope, outcomes, moved);
          for (const job of batch) {
            this.counts.jobs++;
            const jobScope = plain ? this.lacking(scope, () => moved.add(job)) : scope;
            if (careful) await scope.sql.run("SAVEPOINT group_commit_write");
            try {
              outcomes.set(job, { ok: true, value: await job.work(jobScope) });
            } catch (error) {
              if (moved.size > 0 || !careful) throw new RunAgain();
              outcomes.set(job, { ok: false, error });
              // If this fails too, the transaction is unusable: the whole batch fails below.
              await scope.sql.run("ROLLBACK TO SAVEPOINT group_commit_write");
            }
            // Also when the write caught what the scope threw: it did not run as written.
            if (moved.size > 0) throw new RunAgain();
            if (careful) await scope.sql.run("RELEASE SAVEPOINT group_commit_write");
          }
        },
        batch.reduce((ms, job) => ms + job.timeoutMs, 0),
        batch.length,
        plain,
      );
    } catch (error) {
      if (error instanceof RunAgain && moved.size > 0) {
        // Nothing of it was kept: the same writes again, first in line, those in a full transaction.
        this.counts.movedToFull += moved.size;
        for (const job of moved) job.plain = false;
        this.queue.unshift(...batch);
        return this.next();
      }
      if (error instanceof RunAgain) {
        // Nothing of it was kept: the same writes, first in line, each in its savepoint.
        this.counts.rerunBatches++;
        for (const job of batch) job.careful = true;
        this.queue.unshift(...batch);
        return this.next();
      }
      this.counts.failedBatches++;
      for (const job of batch) if (outcomes.get(job)?.ok !== false) outcomes.set(job, { ok: false, error });
    }
    for (const job of batch) this.settle(job, outcomes.get(job)!);
    this.next();
  }

  /**
   * The writes of a plain-SQL batch run without savepoints, each started as soon as the
   * one before has sent its first statement, not once it has been answered: the driver
   * pipelines them (lib/db/pg-driver.ts), so a batch of single-engram republishes is one
   * write to the socket and one wake-up of PostgreSQL, not a round trip each. It is still
   * one transaction whose statements run in the order they were sent; a write's later
   * statements (sent once its earlier ones were answered) may come after another write's.
   * Any write that fails or moves rolls the whole batch back (RunAgain), as on the serial
   * path, and the rerun is serial.
   */
  private async sideBySide(
    batch: Job<S>[],
    scope: S,
    outcomes: Map<Job<S>, Outcome>,
    moved: Set<Job<S>>,
  ): Promise<void> {
    const settled = await Promise.allSettled(
      batch.map(async (job) => {
        this.counts.jobs++;
        return job.work(this.lacking(scope, () => moved.add(job)));
      }),
    );
    if (moved.size > 0 || settled.some((result) => result.status === "rejected")) throw new RunAgain();
    settled.forEach((result, i) =>
      outcomes.set(batch[i]!, { ok: true, value: (result as PromiseFulfilledResult<unknown>).value }),
    );
  }

  /** `scope` whose full-transaction members throw (and report that they were touched). */
  private lacking(scope: S, touched: () => void): S {
    const guarded = Object.create(scope) as S;
    for (const member of this.fullOnly)
      Object.defineProperty(guarded, member, {
        get() {
          touched();
          throw new NeedsFullTransaction(member);
        },
      });
    return guarded;
  }

  private next(): void {
    this.busy = false;
    if (this.queue.length > 0) this.schedule();
  }

  private settle(job: Job<S>, outcome: Outcome): void {
    if (outcome.ok) return job.resolve(outcome.value);
    if (isConcurrencyFailure(outcome.error) && ++job.attempts < MAX_ATTEMPTS) {
      this.counts.retried++;
      // Retried at once, the writes that collided (often on another instance) collide again:
      // wait a random 0-10, 0-20, 0-40... ms so one of them goes first.
      setTimeout(
        () => {
          this.queue.push(job);
          this.schedule();
        },
        Math.random() * 5 * 2 ** job.attempts,
      );
      return;
    }
    this.counts.failedJobs++;
    job.reject(outcome.error);
  }
}
