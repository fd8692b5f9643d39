/**
 * The growth measurements of issue 8, run by `npm run bench -- --growth`:
 * - the document listing query (lib/documents listDocuments, uncached: the HTTP path
 *   would only measure the listing cache) at 1,000 and at 100,000 documents, p50 over
 *   many pages and both sort keys: an index-served listing barely grows;
 * - the memory the engram catalogue takes in the server with 50,000 engrams: the
 *   server's RSS before and after the first catalogue request.
 */
import { createDb, type Db } from "@/lib/db/client";
import { listDocuments } from "@/lib/documents/list-documents";
import { migrate } from "@/lib/db/migrate";
import { createTestDatabase, type Engine } from "../../test/support/databases";
import { startServer } from "../../test/support/test-server";
import { seed } from "./seed";
import { rssMb } from "../lib/process-memory";

const log = (line: string) => process.stderr.write(`[bench growth] ${line}\n`);

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

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
    await listDocuments(db, { sort, direction: i % 4 < 2 ? "desc" : "asc", count: 50, offset, baseUrl: "http://bench" });
    if (i >= 20) times.push(performance.now() - t); // the first rounds warm caches and plans
  }
  return median(times);
}

export async function runGrowth(engine: Engine, options: { small: number; large: number; engrams: number }) {
  const database = await createTestDatabase(engine, "growth");
  try {
    await migrate(database.url);
    const db = createDb(database.url);
    log(`seeding ${options.small} documents`);
    await seed(db, { users: 100, mods: 50, engrams: 0, documents: options.small, documentBytes: 300 }, () => {});
    const small = await listingP50(db);
    log(`listing p50 at ${options.small}: ${small.toFixed(2)} ms; seeding up to ${options.large}`);
    const more = options.large - options.small;
    await seed(db, { users: 100, mods: 0, engrams: 0, documents: more, documentBytes: 300 }, (line) => line.startsWith("documents") && Number(line.split(" ")[1]!.split("/")[0]) % 10_000 === 0 && log(line));
    const large = await listingP50(db);
    log(`listing p50 at ${options.large}: ${large.toFixed(2)} ms`);
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
        return {
          listing: { documentsSmall: options.small, p50SmallMs: small, documentsLarge: options.large, p50LargeMs: large, ratio: large / small },
          catalogue: { engrams: options.engrams, jsonBytes: bytes, rssBeforeMb: before, rssAfterMb: after, catalogueMb: after - before },
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
