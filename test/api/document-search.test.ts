// Document search on /documents (docs/PORTAL.md#search-and-map-filter): the engine's full-text index kept in step
// with publish, update, delete and user delete; words, accents, phrases, prefixes; the
// map filter; all of it with author, sort and paging; the page itself. Runs once per
// engine. Every test searches for words of its own, so tests never see each other's
// documents.
import { randomBytes, randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { listDocumentPage, type DocumentListQuery } from "@/lib/documents/document-listing";
import { api, registeredUser, testDb } from "../support/api";

const base = () => inject("serverUrl");
/** A word no other document has: letters and digits only, so one token on both engines. */
const uniqueWord = () => `kw${randomBytes(5).toString("hex")}`;

async function publish(
  who: Identity,
  doc: { Title: string; Description?: string; Map?: number; Identifier?: string },
): Promise<string> {
  const id = doc.Identifier ?? randomUUID();
  const res = await api(who).request("POST", "/v1/document.php", {
    body: { Version: 2, LootSources: [], ...doc, Identifier: id },
  });
  if (res.status !== 200) throw new Error(`publish failed: ${res.status} ${res.text()}`);
  return id;
}

async function search(q: Partial<DocumentListQuery>) {
  const page = await listDocumentPage(testDb(), { sort: "updated", page: 1, ...q }, "http://x");
  return { ...page, ids: page.documents.map((d) => d.document_id), names: page.documents.map((d) => d.name) };
}

describe("the search index follows every write", () => {
  it("after publish, update, delete and user delete", async () => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const [w1, w2, w3] = [uniqueWord(), uniqueWord(), uniqueWord()];
    const a = await publish(alice, { Title: `Boss ${w1}`, Description: `Drops for ${w3}` });
    const b = await publish(bob, { Title: `Other ${w3}` });
    expect((await search({ q: w1 })).ids).toEqual([a]);
    expect((await search({ q: w3 })).total).toBe(2);

    await publish(alice, { Identifier: a, Title: `Boss ${w2}`, Description: "nothing else" });
    expect((await search({ q: w1 })).total).toBe(0);
    expect((await search({ q: w2 })).ids).toEqual([a]);
    expect((await search({ q: w3 })).ids).toEqual([b]);

    expect((await api(alice).request("DELETE", `/v1/document.php/${a}`)).status).toBe(200);
    expect((await search({ q: w2 })).total).toBe(0);

    // a download counts in the row but leaves the index as it is
    expect((await api().request("GET", `/v1/document.php/${b}`)).status).toBe(200);
    expect((await search({ q: w3 })).ids).toEqual([b]);

    expect((await api(bob).request("DELETE", `/v1/user.php/${bob.userId}`)).status).toBe(200);
    expect((await search({ q: w3 })).total).toBe(0);
  });
});

describe("text search", () => {
  it("matches every word in any order and any case, with accents folded both ways", async () => {
    const who = await registeredUser();
    const w = uniqueWord();
    const creme = await publish(who, { Title: `Crème Brûlée ${w}`, Description: "Élite CRATES" });
    const cafe = await publish(who, { Title: `cafe creme ${w}` });
    expect((await search({ q: `${w} creme brulee` })).ids).toEqual([creme]);
    expect((await search({ q: `BRÛLÉE ${w.toUpperCase()}` })).ids).toEqual([creme]);
    expect((await search({ q: `elite crates ${w}` })).ids).toEqual([creme]);
    expect(new Set((await search({ q: `crème ${w}` })).ids)).toEqual(new Set([creme, cafe]));
    expect((await search({ q: `${w} café` })).ids).toEqual([cafe]);
    expect((await search({ q: `${w} brulee missing` })).total).toBe(0);
  });

  it("matches a quoted phrase only as adjacent words in order, and the last word as a prefix", async () => {
    const who = await registeredUser();
    const w = uniqueWord();
    const inOrder = await publish(who, { Title: `${w} boss loot`, Description: "Scorched Earth" });
    const reversed = await publish(who, { Title: `${w} loot boss` });
    expect((await search({ q: `${w} "boss loot"` })).ids).toEqual([inOrder]);
    expect((await search({ q: `${w} "loot boss"` })).ids).toEqual([reversed]);
    expect((await search({ q: `${w} boss loot` })).total).toBe(2);
    expect((await search({ q: `${w} scorch` })).ids).toEqual([inOrder]);
    expect((await search({ q: `scorch ${w}` })).total).toBe(0);
    expect((await search({ q: `${w.slice(0, -1)}` })).total).toBe(2);
  });

  it("treats query syntax of either engine as plain text, never as an error", async () => {
    const who = await registeredUser();
    const w = uniqueWord();
    const id = await publish(who, { Title: `${w} near and or not` });
    for (const q of [
      `${w} NEAR(and or)`,
      `${w} "and or`,
      `${w} & !or | not:*`,
      `${w} 'not' <-> (and)`,
      `${w} ^and -or + not*`,
    ]) {
      expect((await search({ q })).ids, q).toEqual([id]);
    }
    for (const q of ['"', "*", "NEAR(", "'", "\\", "!:*", "\u0301"]) {
      const res = await fetch(`${base()}/documents?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
  });
});

describe("map filter", () => {
  it("keeps documents whose Map bits include the map, alone or with words", async () => {
    const who = await registeredUser();
    const w = uniqueWord();
    const islandScorched = await publish(who, { Title: `${w} one`, Map: 1 | 2 });
    const ragnarok = await publish(who, { Title: `${w} two`, Map: 8 });
    const none = await publish(who, { Title: `${w} three` });
    expect((await search({ q: w, map: "Scorched" })).ids).toEqual([islandScorched]);
    expect((await search({ q: w, map: "Ragnarok" })).ids).toEqual([ragnarok]);
    expect((await search({ q: `${w} one`, map: "Ragnarok" })).total).toBe(0);
    expect((await search({ q: w, map: "Aberration" })).total).toBe(0);
    expect((await search({ q: w })).total).toBe(3);
    expect((await search({ map: "Ragnarok", author: who.userId })).ids).toEqual([ragnarok]);
    const rows = await testDb().document.findMany({
      where: { id: { in: [islandScorched, ragnarok, none] } },
      select: { id: true, maps: true },
    });
    expect(Object.fromEntries(rows.map((r) => [r.id, r.maps]))).toEqual({
      [islandScorched]: 3,
      [ragnarok]: 8,
      [none]: 0,
    });
  });

  it("includes older documents once the start-up backfill has read their content", async () => {
    const { backfillDocumentMaps } = await import("@/lib/documents/backfill-document-maps");
    const who = await registeredUser();
    const w = uniqueWord();
    const id = await publish(who, { Title: `${w} old`, Map: 4 });
    // As a row published before the maps column existed.
    await testDb().document.update({ where: { id }, data: { maps: null } });
    expect((await search({ q: w, map: "Center" })).total).toBe(0);
    expect(await backfillDocumentMaps(testDb())).toBeGreaterThanOrEqual(1);
    expect((await search({ q: w, map: "Center" })).ids).toEqual([id]);
  });
});

describe("search with author, sort and paging", () => {
  it("pages 20 at a time in the sort's order, ties by id, with the total of matches", async () => {
    const [alice, bob] = [await registeredUser(), await registeredUser()];
    const w = uniqueWord();
    const mine = [];
    for (let i = 0; i < 25; i++) mine.push(await publish(alice, { Title: `${w} number ${i}`, Map: i % 2 ? 1 : 2 }));
    const theirs = await publish(bob, { Title: `${w} theirs`, Map: 1 });
    // download counts with ties, so the id tie-break shows
    for (const [i, id] of mine.entries())
      await testDb().document.update({ where: { id }, data: { downloadCount: i % 5 } });

    const all = await search({ q: w });
    expect(all.total).toBe(26);
    expect(all.pages).toBe(2);
    expect(all.ids).toHaveLength(20);

    const byAuthor = await search({ q: w, author: alice.userId, sort: "downloads" });
    const page2 = await search({ q: w, author: alice.userId, sort: "downloads", page: 2 });
    expect(byAuthor.total).toBe(25);
    const expected = (
      await testDb().document.findMany({ where: { id: { in: mine } }, select: { id: true, downloadCount: true } })
    )
      .sort((x, y) => y.downloadCount - x.downloadCount || (x.id < y.id ? 1 : -1))
      .map((d) => d.id);
    expect([...byAuthor.ids, ...page2.ids]).toEqual(expected);
    expect(page2.ids).not.toContain(theirs);

    // The other plan (scan the sort index, keep matching rows), used when there are
    // many matches, gives the same pages.
    const { searchDocuments } = await import("@/lib/documents/search-documents");
    const { parseSearchText } = await import("@/lib/documents/search-text");
    for (const [sort, mapBit, userId, offset] of [
      ["downloads", undefined, alice.userId, 0],
      ["downloads", undefined, alice.userId, 20],
      ["updated", 1, undefined, 0],
      ["updated", undefined, undefined, 5],
    ] as const) {
      const options = {
        text: parseSearchText(`${w} number`),
        sort,
        mapBit,
        userId,
        count: 20,
        offset,
        baseUrl: "http://x",
      };
      const [sorted, scanned] = [
        await searchDocuments(testDb(), options),
        await searchDocuments(testDb(), { ...options, sortMatchesUpTo: 0 }),
      ];
      expect(scanned).toEqual(sorted);
      expect(sorted.documents.length).toBeGreaterThan(0);
    }

    const island = await search({ q: w, map: "Island", sort: "updated" });
    expect(island.total).toBe(13);
    const updated = await testDb().document.findMany({
      where: { id: { in: island.ids } },
      select: { id: true, lastUpdated: true },
    });
    const order = updated
      .sort((x, y) => y.lastUpdated.getTime() - x.lastUpdated.getTime() || (x.id < y.id ? 1 : -1))
      .map((d) => d.id);
    expect(island.ids).toEqual(order);
  });
});

describe("the /documents page", () => {
  it("shows the count and the results, keeps q, map, author and sort in its links, and notes an unknown map", async () => {
    const who = await registeredUser();
    const w = uniqueWord();
    for (let i = 0; i < 21; i++) await publish(who, { Title: `${w} Ég ${i}`, Map: 16 });
    const html = await (
      await fetch(`${base()}/documents?q=${w}+eg&map=aberration&sort=downloads&author=${who.userId}`)
    ).text();
    expect(html.replace(/<!-- -->/g, "")).toContain("21 documents match");
    expect(html).toContain(`&amp;map=Aberration&amp;sort=downloads&amp;author=${who.userId}&amp;page=2`);
    // Players read the map's real name; only the v1 API keeps the interface's "Abberation".
    expect(html).not.toContain("Abberation");
    expect(html).toContain(`value="${w} eg"`);
    expect((html.match(/data-document=/g) ?? []).length).toBe(20);

    const unknown = await (await fetch(`${base()}/documents?q=${w}&map=Narnia`)).text();
    expect(unknown).toContain("There is no map called");
    expect(unknown.replace(/<!-- -->/g, "")).toContain("21 documents match");
  });
});
