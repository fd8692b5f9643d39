// The Atom feeds on each engine, against a real server: a mod's catalogue changes, an
// author's documents and the site-wide documents feed, each read with a real XML parser
// and checked against Atom 1.0's rules (test/support/atom.ts); ETag and 304; 404 for
// what does not exist; the pages that show the same things name their feed with
// <link rel="alternate">. Names with markup, quotes and emoji come out as the same text.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { createDb } from "@/lib/db/client";
import { parseAtom, type AtomFeedRead } from "../support/atom";
import { newProjectId } from "../support/curseforge";
import { client, confirmModOn, dedicatedServer, registerUser, type Dedicated } from "../support/hostile";

let server: Dedicated;
let url: string;

beforeAll(async () => {
  server = await dedicatedServer("feeds");
  url = server.server.url;
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers });

/** The feed once `done` holds (events are made from the writes within a second). */
async function feedWhen(path: string, done: (feed: AtomFeedRead) => boolean): Promise<AtomFeedRead> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    const feed = parseAtom(await res.text());
    if (done(feed)) return feed;
    if (Date.now() > deadline) throw new Error(`${path}: not as expected after 20 s: ${JSON.stringify(feed)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function publish(who: Identity, id: string, title: string) {
  const res = await client(url, who).request("POST", "/v1/document.php", {
    body: { Identifier: id, Title: title, LootSources: [], Version: 2 },
  });
  expect(res.status, res.text()).toBe(200);
}

/** Every <link> tag of a page, as attribute maps. */
async function linkTags(path: string): Promise<Record<string, string>[]> {
  const res = await get(path);
  expect(res.status, path).toBe(200);
  const html = await res.text();
  return [...html.matchAll(/<link\b([^>]*)>/g)].map(
    (m) => Object.fromEntries([...m[1]!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])) as never,
  );
}

const feedLinks = async (path: string) =>
  (await linkTags(path)).filter((l) => l.rel === "alternate" && l.type === "application/atom+xml").map((l) => l.href);

const NASTY = `Loot <b>&amp;</b> "drops" & 'more' 🦖`;

describe("Atom feeds", () => {
  it("a mod's feed lists its catalogue changes with the items' labels, newest first; ETag and 304", async () => {
    const owner = await registerUser(url);
    const mod = await confirmModOn(url, owner);
    let pushed = 0;
    const push = (labels: string[]) =>
      client(url, owner).request("POST", "/v1/engram.php", {
        body: labels.map((label) => ({
          path: `/Game/Mods/Feed${mod}/Item${++pushed}.Item${pushed}`,
          label,
          mod_id: mod,
          environments: ["Island"],
          can_blueprint: true,
        })),
      });
    expect((await push([NASTY, "Plain Wall"])).status).toBe(200);
    const path = `/feeds/mods/${mod}.atom`;
    const feed = await feedWhen(path, (f) => f.entries.some((e) => e.categories.includes("catalogue.changed")));
    expect(feed.id).toBe(`${url}${path}`);
    expect(feed.title).toBe(`Test Mod ${mod}: catalogue changes`);
    expect(feed.links).toContainEqual({ rel: "self", href: `${url}${path}`, type: "application/atom+xml" });
    expect(feed.links).toContainEqual({ rel: "alternate", href: `${url}/spawn/?mod_id=${mod}`, type: "text/html" });
    const change = feed.entries.find((e) => e.categories.includes("catalogue.changed"))!;
    expect(change.title).toBe(`Test Mod ${mod}: 2 added`);
    expect(change.categories).toEqual(["catalogue.changed", "ase"]);
    expect(change.content!.split("\n").sort()).toEqual([`added: ${NASTY} (engram)`, "added: Plain Wall (engram)"]);
    expect(change.links).toEqual([{ rel: "alternate", href: `${url}/spawn/?mod_id=${mod}`, type: "text/html" }]);
    expect(change.authors).toEqual([`user ${owner.userId.slice(0, 8)}`]);
    expect(feed.entries.map((e) => e.categories[0])).toContain("mod.confirmed");
    expect(feed.updated).toBe(feed.entries[0]!.updated);

    // ETag: the same feed is a 304 with no body; a new change makes a new one.
    const first = await get(path);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const again = await get(path, { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("etag")).toBe(etag);
    expect((await push(Array.from({ length: 60 }, (_, i) => `Bulk ${i}`))).status).toBe(200);
    const bulk = await feedWhen(path, (f) => f.entries.length >= 3);
    expect(bulk.entries[0]!.title).toBe(`Test Mod ${mod}: 60 added`);
    expect(bulk.entries[0]!.content!.split("\n")).toHaveLength(51);
    expect(bulk.entries[0]!.content!.split("\n").at(-1)).toBe("and 10 more");
    expect(Date.parse(bulk.entries[0]!.updated)).toBeGreaterThanOrEqual(Date.parse(bulk.entries[1]!.updated));
    const changed = await get(path, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("an ASA mod's feed says ASA: its title, entries and their game category, and links ASA's spawn page", async () => {
    const owner = await registerUser(url);
    // A confirmed CurseForge registration, as test/api/asa-mods.test.ts makes one through the stand-in CurseForge.
    const mod = String(newProjectId());
    const database = createDb(server.database.url);
    try {
      await database.modRegistration.create({
        data: {
          userId: owner.userId,
          workshopId: mod,
          name: `Ascended Feed ${mod}`,
          confirmationCode: randomUUID(),
          confirmed: true,
          confirmedModId: mod,
          confirmedAt: new Date(),
          game: "asa",
        },
      });
    } finally {
      await database.$disconnect();
    }
    const pushed = await client(url, owner).request("POST", "/v1/engram.php", {
      body: [
        { path: `/Game/Mods/AsaFeed${mod}/Pick.Pick`, label: "Ascended Pick", mod_id: mod, environments: ["Island"] },
      ],
    });
    expect(pushed.status, pushed.text()).toBe(200);
    const path = `/feeds/mods/${mod}.atom`;
    const feed = await feedWhen(path, (f) => f.entries.some((e) => e.categories.includes("catalogue.changed")));
    const page = `${url}/spawn/?game=asa&mod_id=${mod}`;
    expect(feed.title).toBe(`Ascended Feed ${mod} (ARK: Survival Ascended): catalogue changes`);
    expect(feed.links).toContainEqual({ rel: "alternate", href: page, type: "text/html" });
    const change = feed.entries.find((e) => e.categories.includes("catalogue.changed"))!;
    expect(change.title).toBe(`Ascended Feed ${mod} (ASA): 1 added`);
    expect(change.categories).toEqual(["catalogue.changed", "asa"]);
    expect(change.links).toEqual([{ rel: "alternate", href: page, type: "text/html" }]);
    const confirmed = feed.entries.find((e) => e.categories.includes("mod.confirmed"))!;
    expect(confirmed.title).toBe(`Ascended Feed ${mod} (ASA) joined the catalogue`);
    expect(confirmed.summary).toContain(`(CurseForge project ${mod})`);
    // ASA's spawn page of the mod names the feed, as an ASE mod's page does.
    expect(await feedLinks(`/spawn/?game=asa&mod_id=${mod}`)).toEqual([`${url}${path}`]);
  });

  it("an author's feed and the site-wide feed list documents published and updated; deleted ones go", async () => {
    const author = await registerUser(url);
    const other = await registerUser(url);
    const [kept, updated, deleted, foreign] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await publish(author, kept, NASTY);
    await publish(author, updated, "First title");
    await publish(author, updated, "Second title");
    await publish(author, deleted, "Soon gone");
    await publish(other, foreign, "Someone else's");
    const gone = await client(url, author).request("DELETE", `/v1/document.php/${deleted}`);
    expect(gone.status).toBe(200);

    const path = `/feeds/authors/${author.userId}.atom`;
    const feed = await feedWhen(path, (f) => f.entries.length === 3);
    expect(feed.title).toBe(`Documents by user ${author.userId.slice(0, 8)}`);
    expect(feed.links).toContainEqual({
      rel: "alternate",
      href: `${url}/documents?author=${author.userId}`,
      type: "text/html",
    });
    expect(feed.entries.map((e) => [e.categories[0], e.title, e.links[0]!.href])).toEqual([
      ["document.updated", "Second title (revision 2)", `${url}/documents/${updated}`],
      ["document.published", "First title", `${url}/documents/${updated}`],
      ["document.published", NASTY, `${url}/documents/${kept}`],
    ]);
    expect(feed.entries[2]!.summary).toBe(`user ${author.userId.slice(0, 8)} published ${NASTY}.`);

    const site = await feedWhen("/feeds/documents.atom", (f) =>
      f.entries.some((e) => e.links[0]!.href === `${url}/documents/${foreign}`),
    );
    const hrefs = site.entries.map((e) => e.links[0]!.href);
    for (const id of [kept, updated, foreign]) expect(hrefs).toContain(`${url}/documents/${id}`);
    expect(hrefs).not.toContain(`${url}/documents/${deleted}`);
    expect(site.entries.length).toBeLessThanOrEqual(50);
    const etag = (await get("/feeds/documents.atom")).headers.get("etag")!;
    expect((await get("/feeds/documents.atom", { "if-none-match": etag })).status).toBe(304);
  });

  it("a feed of what does not exist is a 404", async () => {
    const owner = await registerUser(url);
    const unconfirmed = "123456789";
    await client(url, owner).request("POST", "/v1/mod.php", { body: { mod_id: unconfirmed } });
    for (const path of [
      "/feeds/mods/99999999999.atom",
      `/feeds/mods/${unconfirmed}.atom`,
      "/feeds/mods/abc.atom",
      "/feeds/mods/0123.atom",
      `/feeds/authors/${randomUUID()}.atom`,
      `/feeds/authors/${owner.userId.toUpperCase()}.atom`,
      `/feeds/authors/${owner.userId}.xml`,
      "/feeds/authors/not-a-user.atom",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(404);
      await res.body?.cancel();
    }
    expect((await get(`/feeds/authors/${owner.userId}.atom`)).status).toBe(200);
  });

  it("the pages name their feeds with <link rel=alternate>", async () => {
    const author = await registerUser(url);
    const mod = await confirmModOn(url, author);
    const doc = randomUUID();
    await publish(author, doc, "A document with a feed");
    expect(await feedLinks(`/spawn/?mod_id=${mod}`)).toEqual([`${url}/feeds/mods/${mod}.atom`]);
    expect(await feedLinks("/documents")).toEqual([`${url}/feeds/documents.atom`]);
    expect(await feedLinks(`/documents?author=${author.userId}`)).toEqual([
      `${url}/feeds/authors/${author.userId}.atom`,
    ]);
    expect(await feedLinks(`/documents/${doc}`)).toEqual([`${url}/feeds/authors/${author.userId}.atom`]);
    // Each named feed is there.
    for (const href of [
      `${url}/feeds/mods/${mod}.atom`,
      `${url}/feeds/documents.atom`,
      `${url}/feeds/authors/${author.userId}.atom`,
    ]) {
      const res = await fetch(href);
      expect(res.status, href).toBe(200);
      parseAtom(await res.text());
    }
  });
});
