/**
 * Measures how 5 MB documents fare stored as-is ("identity") or gzipped in the
 * document_contents BYTEA/BLOB column, on both engines, through the real Prisma client.
 * Run: npx tsx scripts/measure-document-storage.ts   (needs PostgreSQL on 127.0.0.1:5432)
 * The numbers behind lib/documents/content-storage.ts come from this script.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { statSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { createDb, type Db } from "@/lib/db/client";
import { sqlitePath } from "@/lib/config";
import { migrate } from "@/lib/db/migrate";
import { createTestDatabase, type Engine } from "@/test/support/databases";

const TARGET = 5 * 1024 * 1024;

/** A Beacon-like document: loot sources with item sets, entries and engram paths. */
function realisticDocument(): Buffer {
  const sources: unknown[] = [];
  let size = 0;
  for (let i = 0; size < TARGET; i++) {
    const source = {
      Label: `Supply Crate ${i}`,
      SupplyCrateClassString: `SupplyCrate_Level${i % 60}_Double_C`,
      MinItemSets: 1 + (i % 3),
      MaxItemSets: 3 + (i % 4),
      ItemSets: Array.from({ length: 4 }, (_, s) => ({
        Label: `Set ${s}`,
        Weight: 100 + ((i * 7 + s) % 400),
        ItemEntries: Array.from({ length: 5 }, (_, e) => ({
          EntryWeight: (i * 13 + s * 5 + e) % 1000,
          MinQuality: (e % 5) * 1.5,
          MaxQuality: (e % 5) * 3.25,
          ChanceToBeBlueprint: ((i + e) % 10) / 10,
          Items: [
            {
              Path: `/Game/PrimalEarth/CoreBlueprints/Items/Item${(i * 31 + s * 7 + e) % 900}.PrimalItem${(i * 31 + s * 7 + e) % 900}`,
              Weight: 1 + (e % 3),
            },
          ],
        })),
      })),
    };
    const text = JSON.stringify(source);
    size += text.length + 1;
    sources.push(source);
  }
  return Buffer.from(
    JSON.stringify({ Identifier: randomUUID(), Title: "Measure", Description: "", Version: 2, LootSources: sources }),
  );
}

function ms(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function storedBytes(engine: Engine, db: Db, url: string): Promise<number> {
  if (engine === "postgresql") {
    const rows = await db.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT pg_total_relation_size('document_contents')::bigint AS n`,
    );
    return Number(rows[0]!.n);
  }
  await db.$executeRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
  return statSync(sqlitePath(url)).size;
}

async function measure(engine: Engine, label: string, content: Buffer): Promise<void> {
  const database = await createTestDatabase(engine, "measure");
  try {
    await migrate(database.url, { log: () => undefined });
    const db = createDb(database.url);
    const userId = randomUUID();
    await db.user.create({ data: { id: userId, publicKey: "x" } });
    // One unmeasured write and read first, so connection set-up and JIT warm-up are not counted.
    const warm = randomUUID();
    await db.document.create({
      data: {
        id: warm,
        userId,
        name: "w",
        description: "",
        lastUpdated: new Date(),
        content: { create: { encoding: "identity", body: new Uint8Array(content), sha256: "0" } },
      },
    });
    await db.documentContent.findUniqueOrThrow({ where: { documentId: warm } });
    for (const encoding of ["identity", "gzip"] as const) {
      const before = await storedBytes(engine, db, database.url);
      const runs: { write: number; read: number; stored: number }[] = [];
      for (let run = 0; run < 3; run++) {
        const id = randomUUID();
        let t = process.hrtime.bigint();
        const body = encoding === "gzip" ? gzipSync(content) : content;
        await db.document.create({
          data: {
            id,
            userId,
            name: "m",
            description: "",
            lastUpdated: new Date(),
            content: { create: { encoding, body: new Uint8Array(body), sha256: "0" } },
          },
        });
        const write = ms(t);
        t = process.hrtime.bigint();
        const row = await db.documentContent.findUniqueOrThrow({ where: { documentId: id } });
        const bytes = encoding === "gzip" ? gunzipSync(row.body) : Buffer.from(row.body);
        const read = ms(t);
        if (!bytes.equals(content)) throw new Error("round trip changed the bytes");
        runs.push({ write, read, stored: body.length });
      }
      const grown = (await storedBytes(engine, db, database.url)) - before;
      const avg = (k: "write" | "read") => (runs.reduce((a, r) => a + r[k], 0) / runs.length).toFixed(0);
      console.log(
        `${engine.padEnd(10)} ${label.padEnd(14)} ${encoding.padEnd(8)} body ${(runs[0]!.stored / 1e6).toFixed(2)} MB, ` +
          `table grew ${(grown / 3 / 1e6).toFixed(2)} MB/doc, write ${avg("write")} ms, read ${avg("read")} ms`,
      );
    }
    await db.$disconnect();
  } finally {
    await database.drop();
  }
}

async function main(): Promise<void> {
  const realistic = realisticDocument();
  const random = Buffer.from(
    JSON.stringify({ Identifier: randomUUID(), Title: "r", Blob: randomBytes(TARGET * 0.75).toString("base64") }),
  );
  let t = process.hrtime.bigint();
  const gz = gzipSync(realistic);
  console.log(
    `realistic: ${(realistic.length / 1e6).toFixed(2)} MB -> gzip ${(gz.length / 1e6).toFixed(2)} MB in ${ms(t).toFixed(0)} ms`,
  );
  t = process.hrtime.bigint();
  gunzipSync(gz);
  console.log(`gunzip: ${ms(t).toFixed(0)} ms`);
  for (const engine of ["sqlite", "postgresql"] as const) {
    await measure(engine, "realistic", realistic);
    await measure(engine, "random-base64", random);
  }
}

void main();
