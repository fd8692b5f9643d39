/**
 * usage: npx tsx scripts/measure-revision-storage.ts [--revisions N] [--engine sqlite|postgresql]
 *
 * What keeping every revision costs in the database: a 1 MiB loot document in the desktop
 * client's shape (tab-indented; the Default Loot template's sources, grown with items of
 * the base catalogue) is published, then changed N times (100 by default), each change
 * one entry's weight and quantity at a random place, through the real publish path
 * (lib/documents/publish-documents.ts, which keeps revisions as content-defined chunks,
 * lib/documents/revisions). On each engine it prints the bytes of document_revisions and
 * document_chunks with their indexes and TOAST (PostgreSQL: pg_total_relation_size;
 * SQLite: the pages dbstat counts), the current content's table for comparison, how much
 * the whole database grew, and checks the first and last revisions read back byte for
 * byte. Needs PostgreSQL on 127.0.0.1:5432 (trust) for that engine. docs/BENCHMARKS.md,
 * "Document revisions", quotes its figures.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { readDocumentInputs } from "@/lib/documents/document-input";
import { publishDocuments } from "@/lib/documents/publish-documents";
import { listRevisions, readRevision } from "@/lib/documents/revisions/revision-store";
import { createTestDatabase, type Engine } from "@/test/support/databases";

const args = process.argv.slice(2);
if (args.includes("--help")) {
  console.log(
    readFileSync(new URL(import.meta.url), "utf8")
      .split("*/")[0]!
      .replace(/^\/\*\*|^ \* ?/gm, ""),
  );
  process.exit(0);
}
const option = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const CHANGES = Number(option("--revisions") ?? 100);
const ENGINES: Engine[] = option("--engine") ? [option("--engine") as Engine] : ["sqlite", "postgresql"];
if (!Number.isInteger(CHANGES) || CHANGES < 1) throw new Error("--revisions takes a whole number from 1");
const TARGET_BYTES = 1024 * 1024;
const ROOT = join(import.meta.dirname, "..");

/** A small deterministic generator, so every run measures the same document and edits. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface Entry {
  EntryWeight: number;
  MaxQuantity: number;
  [key: string]: unknown;
}
interface LootDocument {
  Identifier: string;
  LootSources: { ItemSets: { ItemEntries: Entry[] }[]; [key: string]: unknown }[];
  [key: string]: unknown;
}

/** The Default Loot template grown to TARGET_BYTES with more sources of real catalogue items. */
function largeLootDocument(id: string): LootDocument {
  const template = JSON.parse(
    readFileSync(join(ROOT, "lib/loot/templates/default-loot.beacon"), "utf8"),
  ) as LootDocument;
  const paths = readFileSync(join(ROOT, "prisma/seed/base-game-engrams.csv"), "utf8")
    .split("\n")
    .slice(1)
    .map((line) => line.split(",")[0]!)
    .filter((p) => p.startsWith("/Game/"));
  const random = prng(20261125);
  const doc: LootDocument = { ...template, Identifier: id, Title: "Measured revisions", LootSources: [] };
  for (let n = 0; JSON.stringify(doc, null, "\t").length < TARGET_BYTES; n++) {
    const source = structuredClone(template.LootSources[n % template.LootSources.length]!);
    for (const set of source.ItemSets)
      for (const entry of set.ItemEntries) {
        const path = paths[Math.floor(random() * paths.length)]!;
        const name = path.split(".").pop()!;
        entry.Items = [{ Class: `${name}_C`, Path: path, Weight: 1 }];
        entry.EntryWeight = 1 + Math.floor(random() * 20);
        entry.MaxQuantity = 1 + Math.floor(random() * 10);
      }
    source.SupplyCrateClassString = `SupplyCrate_Measured_${n}_C`;
    doc.LootSources.push(source);
  }
  return doc;
}

const text = (doc: LootDocument) => JSON.stringify(doc, null, "\t");

async function tableBytes(engine: Engine, db: Db): Promise<Record<string, number>> {
  const tables = ["document_revisions", "document_chunks", "document_contents"];
  if (engine === "postgresql") {
    const out: Record<string, number> = {};
    for (const t of tables) {
      const rows = await db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT pg_total_relation_size('${t}')::bigint AS n`);
      out[t] = Number(rows[0]!.n);
    }
    const size = await db.$queryRawUnsafe<{ n: bigint }[]>("SELECT pg_database_size(current_database())::bigint AS n");
    out.database = Number(size[0]!.n);
    return out;
  }
  // A table's pages and those of its primary key's index (sqlite_autoindex_<table>_N).
  const rows = await db.$queryRawUnsafe<{ name: string; bytes: number | bigint }[]>(
    "SELECT name, SUM(pgsize) AS bytes FROM dbstat GROUP BY name",
  );
  const out: Record<string, number> = {};
  for (const t of tables)
    out[t] = rows
      .filter((r) => r.name === t || r.name.startsWith(`sqlite_autoindex_${t}_`))
      .reduce((sum, r) => sum + Number(r.bytes), 0);
  out.database = rows.reduce((sum, r) => sum + Number(r.bytes), 0);
  return out;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(2)} MB`;

async function measure(engine: Engine): Promise<void> {
  const database = await createTestDatabase(engine, "measure_revisions");
  const db = createDb(database.url);
  try {
    await migrate(database.url, { log: () => undefined });
    const userId = randomUUID();
    await db.user.create({ data: { id: userId, publicKey: "not used" } });
    const id = randomUUID();
    const doc = largeLootDocument(id);
    const publish = async (body: string) => {
      const bytes = Buffer.from(body);
      await publishDocuments(db, {
        userId,
        documents: readDocumentInputs(JSON.parse(body), body, bytes),
        keepRevisions: 0,
      });
    };
    // The baseline compacted as the end state will be, so the two compare.
    if (engine === "postgresql") await db.$executeRawUnsafe("VACUUM FULL");
    const empty = await tableBytes(engine, db);
    const first = text(doc);
    await publish(first);
    const afterFirst = await tableBytes(engine, db);
    const entries = doc.LootSources.flatMap((s) => s.ItemSets.flatMap((set) => set.ItemEntries));
    const random = prng(7);
    const times: number[] = [];
    let last = first;
    for (let i = 1; i <= CHANGES; i++) {
      // One entry, anywhere in the document: its weight and its quantity.
      const entry = entries[Math.floor(random() * entries.length)]!;
      entry.EntryWeight += 1 + Math.floor(random() * 5);
      entry.MaxQuantity += 1;
      last = text(doc);
      const started = performance.now();
      await publish(last);
      times.push(performance.now() - started);
      if (i % 20 === 0 || i === CHANGES) console.log(`  ${engine}: ${i}/${CHANGES} changes published`);
    }
    const after = await tableBytes(engine, db);
    // PostgreSQL keeps the rows every update replaced until (auto)vacuum: the figures
    // before and after VACUUM FULL (live rows only) are both told.
    let compacted: Record<string, number> | undefined;
    if (engine === "postgresql") {
      await db.$executeRawUnsafe("VACUUM FULL");
      compacted = await tableBytes(engine, db);
    }
    const revisions = await listRevisions(db, id);
    const oldest = Math.min(...revisions.map((r) => r.revision));
    const newest = Math.max(...revisions.map((r) => r.revision));
    const [readFirst, readLast] = [await readRevision(db, id, oldest), await readRevision(db, id, newest)];
    if (!readFirst || !Buffer.from(readFirst.bytes).equals(Buffer.from(first)))
      throw new Error("the first revision does not read back byte for byte");
    if (!readLast || !Buffer.from(readLast.bytes).equals(Buffer.from(last)))
      throw new Error("the last revision does not read back byte for byte");
    const chunkCount = await db.documentChunk.count({ where: { documentId: id } });
    const kept = after.document_revisions! + after.document_chunks!;
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      [
        `${engine}: a ${mb(Buffer.byteLength(first))} document (${entries.length} entries), published then changed ${CHANGES} times: ${revisions.length} revisions, ${chunkCount} distinct chunks`,
        `  revisions + chunks: ${mb(kept)} (document_revisions ${mb(after.document_revisions!)}, document_chunks ${mb(after.document_chunks!)}), of which the first revision: ${mb(afterFirst.document_revisions! + afterFirst.document_chunks! - empty.document_revisions! - empty.document_chunks!)}`,
        `  each later revision: ${((kept - afterFirst.document_revisions! - afterFirst.document_chunks!) / CHANGES / 1e3).toFixed(1)} kB on average`,
        `  the current content (document_contents, for comparison): ${mb(after.document_contents!)}`,
        `  the whole database grew ${mb(after.database! - empty.database!)} from empty tables`,
        ...(compacted
          ? [
              `  after VACUUM FULL: revisions + chunks ${mb(compacted.document_revisions! + compacted.document_chunks!)}, current content ${mb(compacted.document_contents!)}, the whole database ${mb(compacted.database! - empty.database!)} over empty tables`,
            ]
          : []),
        `  publish of one change: median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, slowest ${sorted[sorted.length - 1]!.toFixed(0)} ms`,
        `  under 5 MB: ${kept < 5e6 ? "yes" : "NO"}`,
      ].join("\n"),
    );
  } finally {
    await db.$disconnect();
    await database.drop();
  }
}

for (const engine of ENGINES) await measure(engine);
