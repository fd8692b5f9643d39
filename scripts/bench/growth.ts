/**
 * How the service grows with its data (documents, search, items), run by `npm run bench -- --growth`:
 * - the document listing query (lib/documents listDocuments, uncached: the HTTP path
 *   would only measure the listing cache) at 1,000 and at 100,000 documents, p50 over
 *   many pages and both sort keys: an index-served listing barely grows;
 * - document search (lib/documents/search-documents.ts: the first page and the count of
 *   matches) at the same two sizes, for a selective word (a document number: one
 *   document, a handful as a prefix) and for a common word ("bench", in every seeded
 *   name: the worst case, every row matches and is counted);
 * - the memory the engram catalogue takes in the server with 50,000 engrams: the
 *   server's RSS before, 0.5 s and 10 s after the first catalogue request, and the
 *   bytes the catalogue's cache counts (the server's memory report).
 */
import { createDb, type Db } from "@/lib/db/client";
import { listDocuments } from "@/lib/documents/list-documents";
import { searchDocuments } from "@/lib/documents/search-documents";
import { parseSearchText } from "@/lib/documents/search-text";
import { migrate } from "@/lib/db/migrate";
import { createTestDatabase, type Engine } from "../../test/support/databases";
import { startServer } from "../../test/support/test-server";
import { benchDropPath, seed } from "./seed";
import { uidOf } from "@/lib/engrams/derive";
import { rssMb } from "../lib/process-memory";
import { median } from "../lib/timing";
import { serverMemoryReport } from "./memory";

const log = (line: string) => process.stderr.write(`[bench growth] ${line}\n`);

/**
 * The same pages at every size (offsets 0-950, both sort keys, both directions), so the
 * comparison is about the table's size. OFFSET itself costs in proportion to the offset
 * (the API pages by offset), whatever the table's size.
 */
async function listingP50(db: Db, rounds = 400): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const sort = i % 2 === 0 ? "download_count" : "last_updated";
    const offset = ((i * 7919) % 20) * 50;
    const t = performance.now();
    await listDocuments(db, {
      sort,
      direction: i % 4 < 2 ? "desc" : "asc",
      count: 50,
      offset,
      baseUrl: "http://bench",
    });
    if (i >= 20) times.push(performance.now() - t); // the first rounds warm caches and plans
  }
  return median(times);
}

export interface SearchP50 {
  selectiveMs: number;
  commonMs: number;
  /** /documents?item=: an item a thousandth of the documents drop, and one all of them drop */
  itemSelectiveMs: number;
  itemCommonMs: number;
}

/** p50 of the /documents search (page 1 of 20 and the total), both sort keys. */
async function searchP50(db: Db, documents: number, rounds = 60): Promise<SearchP50> {
  const p50 = async (query: (i: number) => string, item?: (i: number) => string) => {
    const times: number[] = [];
    for (let i = 0; i < rounds; i++) {
      const t = performance.now();
      const found = await searchDocuments(db, {
        text: parseSearchText(query(i)),
        itemKey: item?.(i),
        sort: i % 2 ? "downloads" : "updated",
        count: 20,
        offset: 0,
        baseUrl: "http://bench",
      });
      if (found.total === 0) throw new Error(`bench search for ${query(i)} ${JSON.stringify(item?.(i))} found nothing`);
      if (i >= 5) times.push(performance.now() - t);
    }
    return median(times);
  };
  // Seeded names are "Bench Document <n>".
  return {
    selectiveMs: await p50((i) => `document ${(i * 7919) % documents}`),
    commonMs: await p50(() => "bench"),
    itemSelectiveMs: await p50(
      () => "",
      (i) => `u:${uidOf(benchDropPath((i * 7919) % Math.min(1000, documents)))}`,
    ),
    itemCommonMs: await p50(
      () => "",
      () => "c:primalitem_benchcommon_c",
    ),
  };
}

export async function runGrowth(engine: Engine, options: { small: number; large: number; engrams: number }) {
  const database = await createTestDatabase(engine, "growth");
  try {
    await migrate(database.url);
    const db = createDb(database.url);
    log(`seeding ${options.small} documents`);
    await seed(db, { users: 100, mods: 50, engrams: 0, documents: options.small, documentBytes: 300 }, () => {});
    const small = await listingP50(db);
    const searchSmall = await searchP50(db, options.small);
    log(
      `listing p50 at ${options.small}: ${small.toFixed(2)} ms; search p50 ${JSON.stringify(searchSmall)}; seeding up to ${options.large}`,
    );
    const more = options.large - options.small;
    await seed(
      db,
      { users: 100, mods: 0, engrams: 0, documents: more, documentBytes: 300 },
      (line) => line.startsWith("documents") && Number(line.split(" ")[1]!.split("/")[0]) % 10_000 === 0 && log(line),
    );
    const large = await listingP50(db);
    const searchLarge = await searchP50(db, options.large);
    log(`listing p50 at ${options.large}: ${large.toFixed(2)} ms; search p50 ${JSON.stringify(searchLarge)}`);
    await db.$disconnect();

    const catalogueDb = await createTestDatabase(engine, "growth_catalogue");
    try {
      await migrate(catalogueDb.url);
      const cdb = createDb(catalogueDb.url);
      log(`seeding ${options.engrams} engrams`);
      await seed(cdb, { users: 50, mods: 50, engrams: options.engrams, documents: 0 }, () => {});
      await cdb.$disconnect();
      const server = await startServer({ DATABASE_URL: catalogueDb.url });
      try {
        await fetch(`${server.url}/v1/user.php/00000000-0000-4000-8000-000000000000`); // warm the request path
        const before = Math.round(rssMb(server.process.pid!));
        const res = await fetch(`${server.url}/v1/engram.php`);
        const bytes = (await res.arrayBuffer()).byteLength;
        await new Promise((r) => setTimeout(r, 500));
        const after = Math.round(rssMb(server.process.pid!));
        // What the catalogue itself holds, as its cache counts it; RSS also has the build's garbage.
        const { report } = await serverMemoryReport(server);
        const catalogueCacheMb = Math.round(((report.caches["engram_catalogue"]?.bytes ?? 0) / 1048576) * 10) / 10;
        await new Promise((r) => setTimeout(r, 10_000));
        const settled = Math.round(rssMb(server.process.pid!));
        return {
          listing: {
            documentsSmall: options.small,
            p50SmallMs: small,
            documentsLarge: options.large,
            p50LargeMs: large,
            ratio: large / small,
          },
          search: {
            documentsSmall: options.small,
            small: searchSmall,
            documentsLarge: options.large,
            large: searchLarge,
          },
          catalogue: {
            engrams: options.engrams,
            jsonBytes: bytes,
            rssBeforeMb: before,
            rssAfterMb: after,
            catalogueMb: after - before,
            catalogueCacheMb,
            rssAfter10sMb: settled,
          },
        };
      } finally {
        await server.stop();
      }
    } finally {
      await catalogueDb.drop();
    }
  } finally {
    await database.drop();
  }
}
