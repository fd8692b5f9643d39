// Document revisions over real HTTP, on each engine: every publish keeps a revision
// (number, time, size, sha256, summary), each listed and downloaded exactly through the
// API's extension (?revisions, ?revision=N), restored by its author only (POST
// ?restore=N: a new revision with the old bytes); many revisions of a large document
// share their chunks; deleting a document deletes its revisions and chunks;
// DOCUMENT_REVISIONS_KEEP drops the oldest and the chunks only they used; documents from
// before revisions get their current content as the first kept revision.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { readDocumentInputs } from "@/lib/documents/document-input";
import { publishDocuments } from "@/lib/documents/publish-documents";
import { FIRST_KEPT_SUMMARY, keepCurrentRevisions } from "@/lib/documents/revisions/keep-current-revisions";
import { splitHashes } from "@/lib/documents/revisions/chunking";
import { listRevisions, readRevision } from "@/lib/documents/revisions/revision-store";
import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import type { RevisionJson } from "@/lib/documents/revisions/revision-json";
import { diffRevisions, MAX_DIFF_LINES, type RevisionDiffJson } from "@/lib/documents/revisions/revision-diff";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";

const LAST_UPDATED_FORM = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\+0000$/;

async function publish(who: Identity, text: string): Promise<void> {
  const res = await api(who).request("POST", "/v1/document.php", { body: text, contentType: "application/json" });
  expect(res.status, res.text()).toBe(200);
}

const revisionsOf = async (id: string) => {
  const res = await api().request("GET", `/v1/document.php/${id}?revisions`);
  expect(res.status, res.text()).toBe(200);
  return res.json<RevisionJson[]>();
};
const downloads = async (id: string) =>
  (await api().request("GET", `/v1/document.php/${id}?simple`)).json<{ download_count: number }>().download_count;

/** A loot-like document of about `entries` x 200 bytes, tab-indented as the desktop client writes. */
function largeDocument(id: string, entries: number, weightOf: (i: number) => number = () => 1): string {
  return JSON.stringify(
    {
      Identifier: id,
      Title: "Large",
      Version: 2,
      LootSources: [
        {
          SupplyCrateClassString: "SupplyCrate_Level03_C",
          ItemSets: [
            {
              Label: "Everything",
              ItemEntries: Array.from({ length: entries }, (_, i) => ({
                EntryWeight: weightOf(i),
                // Few distinct items (each is a row of the item index), many entries.
                Items: [{ Class: `PrimalItem_Thing${i % 7}_C`, Path: `/Game/Mods/Things/PrimalItem_Thing${i % 7}` }],
                MinQuantity: i,
              })),
            },
          ],
        },
      ],
    },
    null,
    "\t",
  );
}

async function storedChunks(id: string) {
  const rows = await testDb().documentChunk.findMany({ where: { documentId: id }, select: { body: true } });
  return { count: rows.length, bytes: rows.reduce((n, r) => n + r.body.length, 0) };
}

describe("document revisions (API extension)", () => {
  it("keeps every revision: listed newest first, each downloaded byte for byte and counted; v1 replies unchanged", async () => {
    const who = await registeredUser();
    const id = randomUUID();
    const texts = [1, 2, 3].map((n) => `{ "Identifier": "${id}", "Title": "Kept ${n}", "Version": ${n} }`);
    for (const text of texts) await publish(who, text);

    const list = await revisionsOf(id);
    expect(list.map((r) => r.revision)).toEqual([3, 2, 1]);
    for (const [i, r] of [...list].reverse().entries()) {
      expect(r.size).toBe(Buffer.byteLength(texts[i]!));
      expect(r.created).toMatch(LAST_UPDATED_FORM);
      expect(r.resource_url).toMatch(new RegExp(`/v1/document\\.php/${id}\\?revision=${i + 1}$`));
      expect(r.restored_from).toBeNull();
      expect(r.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(list[2]!.summary).toBe("First published");
    expect(list[0]!.summary).not.toBe("");

    const before = await downloads(id);
    const old = await api().request("GET", `/v1/document.php/${id}?revision=1`);
    expect(old.status).toBe(200);
    expect(old.text()).toBe(texts[0]);
    expect(old.headers["content-type"]).toBe("application/octet-stream");
    expect(old.headers["content-disposition"]).toBe(
      `attachment; filename="Kept 3 (revision 1).beacon"; filename*=UTF-8''Kept%203%20%28revision%201%29.beacon`,
    );
    expect(await downloads(id)).toBe(before + 1);
    // The interface's replies: the newest content, and metadata with its eight keys only.
    expect((await api().request("GET", `/v1/document.php/${id}`)).text()).toBe(texts[2]);
    const meta = (await api().request("GET", `/v1/document.php/${id}?simple`)).json<Record<string, unknown>>();
    expect(Object.keys(meta)).toEqual([
      "document_id",
      "user_id",
      "name",
      "description",
      "revision",
      "download_count",
      "last_updated",
      "resource_url",
    ]);
    expect(meta.revision).toBe(3);
  });

  it("refuses what it cannot answer: unknown ids and revisions are 404, bad numbers and several ids 400", async () => {
    const who = await registeredUser();
    const id = randomUUID();
    await publish(who, JSON.stringify({ Identifier: id, Title: "One" }));
    const before = await downloads(id);
    expectJsonError(await api().request("GET", `/v1/document.php/${randomUUID()}?revisions`), 404);
    expectJsonError(await api().request("GET", `/v1/document.php/${id}?revision=2`), 404);
    expect(await downloads(id)).toBe(before);
    for (const bad of ["0", "-1", "x", "", "1.5"])
      expectJsonError(await api().request("GET", `/v1/document.php/${id}?revision=${bad}`), 400);
    expectJsonError(await api().request("GET", `/v1/document.php/${id},${randomUUID()}?revisions`), 400);
    expectJsonError(await api().request("GET", `/v1/document.php/${id}?revision=1&revision=1`), 400);
  });

  it("restores a revision as the newest, with the old bytes; only its author may", async () => {
    const [author, stranger] = [await registeredUser(), await registeredUser()];
    const id = randomUUID();
    const first = `{\n\t"Identifier": "${id.toUpperCase()}",\n\t"Title": "Original",\n\t"Description": "as published"\n}`;
    await publish(author, first);
    await publish(author, JSON.stringify({ Identifier: id, Title: "Changed", Description: "later" }));

    expectJsonError(await api().request("POST", `/v1/document.php/${id}?restore=1`), 401);
    expectJsonError(await api(stranger).request("POST", `/v1/document.php/${id}?restore=1`), 403);
    expectJsonError(await api(author).request("POST", `/v1/document.php/${id}?restore=7`), 404);
    expectJsonError(await api(author).request("POST", `/v1/document.php/${randomUUID()}?restore=1`), 404);
    expectJsonError(await api(author).request("POST", `/v1/document.php/${id}?restore=first`), 400);
    expect((await revisionsOf(id)).length).toBe(2);

    const res = await api(author).request("POST", `/v1/document.php/${id}?restore=1`);
    expect(res.status, res.text()).toBe(200);
    expect(res.json()).toEqual({ document_id: id, revision: 3, restored_from: 1 });
    expect((await api().request("GET", `/v1/document.php/${id}`)).body.equals(Buffer.from(first))).toBe(true);
    const meta = (await api().request("GET", `/v1/document.php/${id}?simple`)).json<Record<string, unknown>>();
    expect(meta).toMatchObject({ name: "Original", description: "as published", revision: 3 });
    const list = await revisionsOf(id);
    expect(list.map((r) => [r.revision, r.restored_from, r.summary])).toEqual([
      [3, 1, "Restored revision 1"],
      [2, null, expect.any(String)],
      [1, null, "First published"],
    ]);
    expect(list[0]!.sha256).toBe(list[2]!.sha256);
  });

  it("tells what changed between two revisions in loot terms (?diff), the summaries saying the same", async () => {
    const who = await registeredUser();
    const id = randomUUID();
    const text = readFileSync("lib/loot/templates/default-loot.beacon", "utf8").replace(
      "6B5E3917-039C-4F35-99A6-58BE28BB9760",
      id,
    );
    await publish(who, text);
    const doc = JSON.parse(text) as { LootSources: { ItemSets: { ItemEntries: { EntryWeight: number }[] }[] }[] };
    doc.LootSources[0]!.ItemSets[0]!.ItemEntries[0]!.EntryWeight = 3;
    await publish(who, JSON.stringify(doc, null, "\t"));
    doc.LootSources.splice(2, 1);
    await publish(who, JSON.stringify(doc, null, "\t"));
    const weight =
      "Island White (Level 3) › Campsite › PrimalItemStructure_Campfire_C: chance 16.7% (weight 1) → 37.5% (weight 3)";
    const removed = "Removed loot source “Island Blue (Level 25)” (SupplyCrate_Level25_C, 1 item set, 3 entries)";

    const diff = async (query: string) => {
      const res = await api().request("GET", `/v1/document.php/${id}?diff${query}`);
      expect(res.status, res.text()).toBe(200);
      return res.json<RevisionDiffJson>();
    };
    const all = await diff("&from=1&to=3");
    expect([all.from.revision, all.to.revision, all.format, all.identical]).toEqual([1, 3, "loot", false]);
    expect(all.changes.map((c) => c.text)).toEqual([removed, weight]);
    expect(all.json).toEqual([]);
    expect(all.game_ini.map((g) => [g.crate, g.kind])).toEqual([
      ["SupplyCrate_Level03_C", "changed"],
      ["SupplyCrate_Level25_C", "removed"],
    ]);
    // Defaults: the newest against the one before it; from alone goes to the newest.
    expect((await diff("")).changes.map((c) => c.text)).toEqual([removed]);
    expect((await diff("&from=2")).changes.map((c) => c.text)).toEqual([removed]);
    expect((await diff("&from=3&to=1")).changes.map((c) => c.kind)).toEqual(["entry-changed", "source-added"]);
    expect((await diff("&from=2&to=2")).identical).toBe(true);
    expect((await revisionsOf(id)).map((r) => r.summary)).toEqual([removed, weight, "First published"]);
    // An entry that gains an item: one change, found by its items and position, on the API and the page.
    const entry = doc.LootSources[0]!.ItemSets[0]!.ItemEntries[0]! as unknown as {
      Items: object[];
      EntryWeight: number;
    };
    entry.Items.push({
      Class: "PrimalItem_WeaponTekRifle_C",
      Path: "/Game/PrimalEarth/CoreBlueprints/Weapons/PrimalItem_WeaponTekRifle.PrimalItem_WeaponTekRifle",
      Weight: 1,
    });
    entry.EntryWeight = 1;
    await publish(who, JSON.stringify(doc, null, "\t"));
    const gained =
      "Island White (Level 3) › Campsite › entry 1 (PrimalItemStructure_Campfire_C or PrimalItem_WeaponTekRifle_C): added PrimalItem_WeaponTekRifle_C; weight 3 → 1 (37.5% → 16.7% of its set)";
    expect((await diff("&from=3&to=4")).changes.map((c) => c.text)).toEqual([gained]);
    const page = await fetch(`${inject("serverUrl")}/documents/${id}?from=3&to=4`);
    expect(page.status).toBe(200);
    expect((await page.text()).replaceAll("<!-- -->", "")).toContain(
      "added PrimalItem_WeaponTekRifle_C; weight 3 → 1 (37.5% → 16.7% of its set)",
    );
    expectJsonError(await api().request("GET", `/v1/document.php/${id}?diff&from=9`), 404);
    expectJsonError(await api().request("GET", `/v1/document.php/${id}?diff&to=0`), 400);
    expectJsonError(await api().request("GET", `/v1/document.php/${randomUUID()}?diff`), 404);
  });

  it("lists at most 1,000 lines of a diff, saying how many more; a repeated diff is the one kept", async () => {
    const who = await registeredUser();
    const id = randomUUID();
    // 1,500 entries, each of a new weight in the second revision: 1,500 changes.
    await publish(who, largeDocument(id, 1500));
    await publish(
      who,
      largeDocument(id, 1500, (i) => 2 + i),
    );
    const res = await api().request("GET", `/v1/document.php/${id}?diff&from=1&to=2`);
    expect(res.status, res.text().slice(0, 500)).toBe(200);
    const diff = res.json<RevisionDiffJson>();
    expect(diff.changes).toHaveLength(MAX_DIFF_LINES);
    const listed = /Only the first 1,000 lines of each list are shown: changes has ([\d,]+)/.exec(diff.note ?? "");
    expect(Number(listed?.[1]?.replace(",", ""))).toBeGreaterThan(MAX_DIFF_LINES);
    // In this process (the server's own cache is the same code): the second ask is the first answer.
    const request = { documentId: id, from: 1, to: 2, baseUrl: inject("serverUrl") };
    const first = await diffRevisions(testDb(), request);
    expect(await diffRevisions(testDb(), request)).toBe(first);
    expect(first.changes).toEqual(diff.changes);
  });

  it("stores each distinct chunk once: an edit of one entry of a large document adds a few KB", async () => {
    const who = await registeredUser();
    const id = randomUUID();
    const first = largeDocument(id, 1500);
    expect(first.length).toBeGreaterThan(250_000);
    await publish(who, first);
    const one = await storedChunks(id);
    expect(one.bytes).toBeLessThan(first.length / 3);
    for (let n = 2; n <= 6; n++)
      await publish(
        who,
        largeDocument(id, 1500, (i) => (i === n * 200 ? n : 1)),
      );
    const six = await storedChunks(id);
    // Five edits: each adds the chunk around it (or two, when it moved a boundary).
    expect(six.count - one.count).toBeGreaterThanOrEqual(5);
    expect(six.count - one.count).toBeLessThanOrEqual(10);
    expect(six.bytes - one.bytes).toBeLessThan(5 * 8 * 1024);
    const third = await api().request("GET", `/v1/document.php/${id}?revision=3`);
    expect(third.text()).toBe(largeDocument(id, 1500, (i) => (i === 600 ? 3 : 1)));
  });

  // Every update used to be kept (300 updates of a 100 KB document: 28 MiB). The
  // test server runs with the default DOCUMENT_REVISIONS_KEEP.
  it("keeps the newest 50 revisions by default: more updates do not grow the storage", async () => {
    const who = await registeredUser();
    const id = randomUUID();
    // every entry's weight changes each time, so no revision shares a chunk with another
    const version = (n: number) => largeDocument(id, 120, (i) => n * 1000 + i);
    for (let n = 1; n <= 50; n++) await publish(who, version(n));
    const at50 = await storedChunks(id);
    for (let n = 51; n <= 56; n++) await publish(who, version(n));
    const list = await revisionsOf(id);
    expect(list.length).toBe(50);
    expect([list[0]!.revision, list.at(-1)!.revision]).toEqual([56, 7]);
    expectJsonError(await api().request("GET", `/v1/document.php/${id}?revision=6`), 404);
    expect((await api().request("GET", `/v1/document.php/${id}?revision=7`)).text()).toBe(version(7));
    const at56 = await storedChunks(id);
    expect(at56.bytes).toBeLessThan(at50.bytes * 1.1);
  }, 120_000);

  it("deleting a document deletes its revisions and chunks", async () => {
    const who = await registeredUser();
    const id = randomUUID();
    await publish(who, JSON.stringify({ Identifier: id, Title: "Gone soon" }));
    await publish(who, JSON.stringify({ Identifier: id, Title: "Gone soon", Version: 2 }));
    expect(await testDb().documentRevision.count({ where: { documentId: id } })).toBe(2);
    expect((await api(who).request("DELETE", `/v1/document.php/${id}`)).status).toBe(200);
    expect(await testDb().documentRevision.count({ where: { documentId: id } })).toBe(0);
    expect(await testDb().documentChunk.count({ where: { documentId: id } })).toBe(0);
    expectJsonError(await api().request("GET", `/v1/document.php/${id}?revisions`), 404);
  });
});

// Start-up work and DOCUMENT_REVISIONS_KEEP in-process, on a database of their own: the
// start-up job goes over every document, and other files' documents are not its to prune.
describe("revisions kept and bounded (in-process, own database)", () => {
  let database: TestDatabase;
  let db: Db;
  const userId = randomUUID();
  beforeAll(async () => {
    database = await createTestDatabase(inject("engine"), "revisions");
    await migrate(database.url, { log: () => undefined });
    db = createDb(database.url);
    await db.user.create({ data: { id: userId, publicKey: "not used" } });
  });
  afterAll(async () => {
    await db?.$disconnect();
    await database?.drop();
  });

  const publishKeeping = (text: string, keep: number) =>
    publishDocuments(db, {
      userId,
      documents: readDocumentInputs(JSON.parse(text), text, Buffer.from(text)),
      keepRevisions: keep,
    });
  const numbers = async (id: string) => (await listRevisions(db, id)).map((r) => r.revision);

  it("keeps only the newest DOCUMENT_REVISIONS_KEEP revisions and the chunks they use", async () => {
    const id = randomUUID();
    const texts = [1, 2, 3, 4].map((n) => largeDocument(id, 300, (i) => (i < 100 * n ? 2 : 1)));
    for (const text of texts) await publishKeeping(text, 0);
    expect(await numbers(id)).toEqual([4, 3, 2, 1]);
    const fifth = largeDocument(id, 300, () => 5);
    await publishKeeping(fifth, 2);
    expect(await numbers(id)).toEqual([5, 4]);
    // The chunks only revisions 1-3 used are gone; the kept revisions read back whole.
    const used = async () =>
      new Set(
        (await db.documentRevision.findMany({ where: { documentId: id }, select: { chunks: true } })).flatMap((r) =>
          splitHashes(r.chunks).map((h) => h.toString("hex")),
        ),
      );
    const held = async () =>
      new Set(
        (await db.documentChunk.findMany({ where: { documentId: id }, select: { hash: true } })).map((r) =>
          Buffer.from(r.hash).toString("hex"),
        ),
      );
    expect(await held()).toEqual(await used());
    expect((await readRevision(db, id, 4))!.bytes.toString()).toBe(texts[3]);
    expect((await readRevision(db, id, 5))!.bytes.toString()).toBe(fifth);
    expect(await readRevision(db, id, 3)).toBeNull();
    // Lowering the bound takes effect at start, without an update.
    expect((await keepCurrentRevisions(db, 1)).pruned).toBe(1);
    expect(await numbers(id)).toEqual([5]);
    expect(await held()).toEqual(await used());
    expect((await readRevision(db, id, 5))!.bytes.toString()).toBe(fifth);
  });

  it("gives a document from before revisions its current content as its first kept revision", async () => {
    const id = randomUUID();
    const text = `{"Identifier":"${id}","Title":"Older"}`;
    await publishKeeping(text, 0);
    await publishKeeping(text, 0);
    // As a database migrated from before revisions has it: the document, no revision.
    await db.documentRevision.deleteMany({ where: { documentId: id } });
    await db.documentChunk.deleteMany({ where: { documentId: id } });
    expect(await keepCurrentRevisions(db, 0)).toEqual({ kept: 1, pruned: 0 });
    const list = await listRevisions(db, id);
    expect(list.map((r) => [r.revision, r.summary])).toEqual([[2, FIRST_KEPT_SUMMARY]]);
    expect((await readRevision(db, id, 2))!.bytes.toString()).toBe(text);
    // Run again (another instance, the next start): nothing more.
    expect(await keepCurrentRevisions(db, 0)).toEqual({ kept: 0, pruned: 0 });
    expect(await listRevisions(db, id)).toHaveLength(1);
  });
});
