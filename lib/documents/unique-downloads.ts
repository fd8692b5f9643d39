/**
 * Unique downloads: beside download_count, which counts every download (the interface's
 * rule), a count a bot or a refresh loop cannot inflate: one per client network (its /24
 * or /56, lib/net/address-prefix.ts) per document per 10 minutes. A network counts again
 * once the download that last counted is 10 minutes old (a sliding window, so a burst
 * across a clock boundary still counts once).
 *
 * Shared across instances the way rate limits are (lib/rate-limit/limiter.ts), without a
 * database write per download: each instance remembers the networks it has seen per
 * document, and about once a second sends the new ones in one group-committed write. The
 * database decides: document_download_networks holds each (document, network) with the
 * time it last counted, and one upsert per batch counts exactly the rows whose time is 10
 * minutes old or that are new (its RETURNING lists them); an instance that saw a network
 * another one counted learns that network's time and stays quiet until it runs out. The
 * same write adds the counts to documents.unique_downloads and .unique_downloads_7d and
 * to the hour's row of document_download_hours; expireUniqueDownloads, every 10 minutes
 * on each instance, takes the hours that are 7 days old out of unique_downloads_7d
 * (DELETE ... RETURNING claims them, so two instances expiring at once subtract each hour
 * once) and forgets the networks whose window ran out: a network is kept 20 minutes at most.
 *
 * What this costs in exactness: downloads seen in the last second before a process is
 * killed are not counted as unique (download_count, written before each download is
 * answered, has them all); with the database unreachable, new networks wait in memory and
 * are sent when it answers.
 */
import { processWide } from "@/lib/process/process-wide";
import { chunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import type { Sql } from "@/lib/db/sql";
import { logger } from "@/lib/logging/logger";
import { addressPrefix } from "@/lib/net/address-prefix";

/** A network counts once per document in this long. */
export const UNIQUE_WINDOW_MS = 10 * 60_000;
/** "Trending": unique downloads in this many hours, the current one included. */
export const TRENDING_HOURS = 7 * 24;
const HOUR_MS = 3_600_000;
/** Networks remembered per instance; past this, downloads of new ones are sent without remembering (the database still decides). */
const MAX_REMEMBERED = 200_000;

interface Hit {
  documentId: string;
  network: string;
  /** when it was downloaded, ms since the Unix epoch */
  at: number;
}

export interface UniqueDownloadOptions {
  flushMs?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}

export interface FlushResult {
  /** unique downloads this flush counted, by document */
  counted: Map<string, number>;
}

const keyOf = (documentId: string, network: string) => `${documentId} ${network}`;

/** The hour a time falls in, hours since the Unix epoch. */
const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);

/**
 * Counts the hits not counted in the window before them; returns each counted hit's
 * document, and for every hit its network's current counted_at.
 */
async function countHits(sql: Sql, hits: Hit[]): Promise<{ counted: Hit[]; countedAt: Map<string, number> }> {
  const counted: Hit[] = [];
  const countedAt = new Map<string, number>();
  // Sorted, so two instances lock the same rows in the same order.
  const sorted = [...hits].sort((a, b) => (keyOf(a.documentId, a.network) < keyOf(b.documentId, b.network) ? -1 : 1));
  for (const part of chunks(sorted)) {
    // A document deleted since its download is left out (its rows went with it).
    const rows = await sql.all<{ document_id: string; network: string; counted_at: number | bigint | string }>(
      `INSERT INTO "document_download_networks" ("document_id", "network", "counted_at")
       SELECT v.column1, v.column2, v.column3 FROM (VALUES ${part.map(() => "(?, ?, CAST(? AS BIGINT))").join(", ")}) AS v
       WHERE v.column1 IN (SELECT "id" FROM "documents")
       ON CONFLICT ("document_id", "network") DO UPDATE SET "counted_at" = excluded."counted_at"
       WHERE "document_download_networks"."counted_at" <= excluded."counted_at" - ${UNIQUE_WINDOW_MS}
       RETURNING "document_id", "network", "counted_at"`,
      part.flatMap((h) => [h.documentId, h.network, h.at]),
    );
    const byKey = new Map(part.map((h) => [keyOf(h.documentId, h.network), h]));
    for (const r of rows) {
      const key = keyOf(r.document_id, r.network);
      counted.push(byKey.get(key)!);
      countedAt.set(key, Number(r.counted_at));
    }
    // The others were counted by a download less than the window ago (here or on another
    // instance): when, so this instance waits exactly until that runs out.
    const others = part.filter((h) => !countedAt.has(keyOf(h.documentId, h.network)));
    if (others.length === 0) continue;
    const known = await sql.all<{ document_id: string; network: string; counted_at: number | bigint | string }>(
      `SELECT "document_id", "network", "counted_at" FROM "document_download_networks"
       WHERE ("document_id", "network") IN (VALUES ${others.map(() => "(?, ?)").join(", ")})`,
      others.flatMap((h) => [h.documentId, h.network]),
    );
    for (const r of known) countedAt.set(keyOf(r.document_id, r.network), Number(r.counted_at));
  }
  return { counted, countedAt };
}

/** Adds counted hits to the documents' totals and their hours. */
async function addCounts(sql: Sql, counted: Hit[]): Promise<Map<string, number>> {
  const perDocument = new Map<string, number>();
  const perHour = new Map<string, { documentId: string; hour: number; count: number }>();
  for (const h of counted) {
    perDocument.set(h.documentId, (perDocument.get(h.documentId) ?? 0) + 1);
    const hour = hourOf(h.at);
    const key = `${h.documentId} ${hour}`;
    const entry = perHour.get(key) ?? { documentId: h.documentId, hour, count: 0 };
    entry.count++;
    perHour.set(key, entry);
  }
  const hours = [...perHour.values()].sort((a, b) =>
    a.documentId === b.documentId ? a.hour - b.hour : a.documentId < b.documentId ? -1 : 1,
  );
  for (const part of chunks(hours)) {
    await sql.run(
      `INSERT INTO "document_download_hours" ("document_id", "hour", "count")
       VALUES ${part.map(() => "(?, CAST(? AS INTEGER), CAST(? AS INTEGER))").join(", ")}
       ON CONFLICT ("document_id", "hour") DO UPDATE SET "count" = "document_download_hours"."count" + excluded."count"`,
      part.flatMap((h) => [h.documentId, h.hour, h.count]),
    );
  }
  await adjustDocuments(sql, perDocument, 1);
  return perDocument;
}

/** unique_downloads (when `sign` is 1) and unique_downloads_7d move by each document's count times `sign`. */
async function adjustDocuments(sql: Sql, counts: Map<string, number>, sign: 1 | -1): Promise<void> {
  for (const ids of chunks([...counts.keys()].sort())) {
    const cases = `CASE "id" ${ids.map(() => "WHEN ? THEN CAST(? AS INTEGER)").join(" ")} END`;
    const caseParams = ids.flatMap((id) => [id, sign * counts.get(id)!]);
    const total = sign === 1 ? `"unique_downloads" = "unique_downloads" + ${cases}, ` : "";
    await sql.run(
      `UPDATE "documents" SET ${total}"unique_downloads_7d" = "unique_downloads_7d" + ${cases}
       WHERE "id" IN (${ids.map(() => "?").join(", ")})`,
      [...(sign === 1 ? caseParams : []), ...caseParams, ...ids],
    );
  }
}

/**
 * Takes the hours that left the trending window out of unique_downloads_7d, and forgets
 * the networks whose window ran out. Returns how many hour rows it expired.
 */
export async function expireUniqueDownloads(db: Db, now = Date.now()): Promise<number> {
  return groupCommit(
    db,
    async ({ sql }) => {
      const expired = await sql.all<{ document_id: string; count: number | bigint }>(
        `DELETE FROM "document_download_hours" WHERE "hour" <= ? RETURNING "document_id", "count"`,
        [hourOf(now) - TRENDING_HOURS],
      );
      const perDocument = new Map<string, number>();
      for (const r of expired) perDocument.set(r.document_id, (perDocument.get(r.document_id) ?? 0) + Number(r.count));
      await adjustDocuments(sql, perDocument, -1);
      await sql.run(`DELETE FROM "document_download_networks" WHERE "counted_at" <= CAST(? AS BIGINT)`, [
        now - UNIQUE_WINDOW_MS,
      ]);
      return expired.length;
    },
    { plainSql: true },
  );
}

export class UniqueDownloadCounter {
  /** until when each (document, network) is known to be counted, ms */
  private readonly seen = new Map<string, number>();
  private pending = new Map<string, Hit>();
  private timer: NodeJS.Timeout | null = null;
  /** the last flush asked for, while it runs */
  private flushing: Promise<FlushResult> | null = null;
  private readonly now: () => number;

  constructor(
    private readonly db: Db,
    private readonly options: UniqueDownloadOptions = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** A download of `documentId` by `address` (the client's, as the rate limits see it). */
  record(documentId: string, address: string): void {
    const network = addressPrefix(address);
    const key = keyOf(documentId, network);
    const now = this.now();
    if ((this.seen.get(key) ?? 0) > now || this.pending.has(key)) return;
    this.pending.set(key, { documentId, network, at: now });
    // Until the database says otherwise: counted now (downloads while the flush runs stay here).
    if (this.seen.size < MAX_REMEMBERED) this.seen.set(key, now + UNIQUE_WINDOW_MS);
    this.schedule();
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.flushMs ?? 1000);
    this.timer.unref();
  }

  /**
   * Sends the networks seen so far (after a flush already under way); resolves once
   * their counts are committed, or were put back for the next flush on an error.
   */
  flush(): Promise<FlushResult> {
    const run = (this.flushing ?? Promise.resolve()).then(() => this.doFlush());
    this.flushing = run;
    const settle = () => {
      if (this.flushing === run) this.flushing = null;
    };
    void run.then(settle, settle);
    return run;
  }

  private async doFlush(): Promise<FlushResult> {
    const now = this.now();
    for (const [key, until] of this.seen) if (until <= now) this.seen.delete(key);
    const hits = [...this.pending.values()];
    this.pending = new Map();
    if (hits.length === 0) return { counted: new Map() };
    try {
      const { counted, countedAt } = await groupCommit(
        this.db,
        async ({ sql }) => {
          const result = await countHits(sql, hits);
          await addCounts(sql, result.counted);
          return result;
        },
        { rows: hits.length, plainSql: true },
      );
      for (const [key, at] of countedAt) {
        if (this.seen.size < MAX_REMEMBERED || this.seen.has(key)) this.seen.set(key, at + UNIQUE_WINDOW_MS);
      }
      const perDocument = new Map<string, number>();
      for (const h of counted) perDocument.set(h.documentId, (perDocument.get(h.documentId) ?? 0) + 1);
      return { counted: perDocument };
    } catch (err) {
      // Sent again with the next flush.
      for (const h of hits) this.pending.set(keyOf(h.documentId, h.network), h);
      this.options.onError?.(err);
      this.schedule();
      return { counted: new Map() };
    }
  }

  /** Sends what is pending (at shutdown). */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.flush();
  }
}

// One counter per database client and process: server.ts and Next.js's bundle each carry
// a copy of this module, and two counters would each send the same networks.
const counters = processWide("beaconUniqueDownloads", () => new WeakMap<Db, UniqueDownloadCounter>());

export function uniqueDownloads(db: Db): UniqueDownloadCounter {
  let counter = counters.get(db);
  if (!counter) {
    counter = new UniqueDownloadCounter(db, {
      onError: (err) =>
        logger().warn({ error: (err as Error).message }, "unique download counts not written this time"),
    });
    counters.set(db, counter);
  }
  return counter;
}

/**
 * Expires at start and then every UNIQUE_WINDOW_MS, downloads or not: last week's hours
 * leave the trending count within minutes of their time, and networks are not kept
 * longer than they count. Returns a stop function.
 */
export function startUniqueDownloadExpiry(db: Db, onError: (err: unknown) => void): () => void {
  const run = () => void expireUniqueDownloads(db).catch(onError);
  run();
  const timer = setInterval(run, UNIQUE_WINDOW_MS);
  timer.unref();
  return () => clearInterval(timer);
}
