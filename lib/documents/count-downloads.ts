/**
 * Download counts, added up per group commit (lib/db/group-commit.ts). Downloads that
 * arrive while a batch is being written join one pending round; the round is one write
 * of the next batch: one `UPDATE ... SET download_count = download_count + n ... RETURNING`
 * per 500 documents, whatever the number of downloads. Each download is answered after
 * that batch committed, so a download answered 200 is counted, also if the process is
 * killed right after (test/api/crash-safety.test.ts), and counted once: a round that
 * fails is rolled back whole, and one that lost a deadlock runs again whole. Given the
 * client's address, a counted download is also one for the unique counts
 * (lib/documents/unique-downloads.ts), which share their writes their own way. A hidden
 * document (lib/documents/visibility.ts) is not counted: it answers as if absent.
 */
import { processWide } from "@/lib/process/process-wide";
import { chunks } from "@/lib/db/chunks";
import type { Db } from "@/lib/db/client";
import { groupCommit } from "@/lib/db/commit";
import type { Sql } from "@/lib/db/sql";
import { uniqueDownloads } from "./unique-downloads";

export interface CountedDownload {
  name: string;
  revision: number;
  lastUpdated: Date;
}

interface Round {
  counts: Map<string, number>;
  result?: Promise<Map<string, CountedDownload>>;
}

const pending = processWide("beaconDownloadRounds", () => new WeakMap<Db, Round>());

interface Row {
  id: string;
  name: string;
  revision: number | bigint;
  last_updated: Date | string;
}

async function addDownloads(sql: Sql, counts: Map<string, number>): Promise<Map<string, CountedDownload>> {
  const out = new Map<string, CountedDownload>();
  // Sorted, so rounds of two instances name the same documents in the same order (a
  // deadlock between them, should PostgreSQL lock rows in another order, is run again).
  for (const ids of chunks([...counts.keys()].sort())) {
    const cases = ids.map(() => "WHEN ? THEN CAST(? AS INTEGER)").join(" ");
    const rows = await sql.all<Row>(
      `UPDATE "documents" SET "download_count" = "download_count" + CASE "id" ${cases} END
       WHERE "id" IN (${ids.map(() => "?").join(", ")}) AND "hidden_at" IS NULL RETURNING "id", "name", "revision", "last_updated"`,
      [...ids.flatMap((id) => [id, counts.get(id)!]), ...ids],
    );
    for (const r of rows)
      out.set(r.id, { name: r.name, revision: Number(r.revision), lastUpdated: new Date(r.last_updated) });
  }
  return out;
}

/**
 * Counts one download of `id` (by the client at `client`, the address the rate limits
 * see); its name and version, or null when no visible document has this id.
 */
export async function countDownload(db: Db, id: string, client?: string): Promise<CountedDownload | null> {
  let round = pending.get(db);
  if (!round) {
    const fresh: Round = { counts: new Map() };
    fresh.result = groupCommit(
      db,
      ({ sql }) => {
        // From here on, new downloads start the next round.
        if (pending.get(db) === fresh) pending.delete(db);
        return addDownloads(sql, fresh.counts);
      },
      { plainSql: true },
    );
    pending.set(db, (round = fresh));
  }
  round.counts.set(id, (round.counts.get(id) ?? 0) + 1);
  const counted = (await round.result!).get(id) ?? null;
  if (counted && client !== undefined) uniqueDownloads(db).record(id, client);
  return counted;
}
