// Unique downloads (lib/documents/unique-downloads.ts), on each engine. Over real HTTP
// from several loopback addresses: download_count counts every download as before, unique
// downloads one per client network, and a v1 client sees neither the new fields nor the
// new sort unless it asks (`stats`, `sort=trending`). In-process on a database of their
// own, with a clock the test moves: the 10-minute sliding window, two counters (two
// instances' worth) deciding together through the database, the 7-day window expiring,
// IPv6 networks, and a document deleted before its downloads were sent.
import http from "node:http";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import {
  expireUniqueDownloads,
  TRENDING_HOURS,
  UNIQUE_WINDOW_MS,
  UniqueDownloadCounter,
} from "@/lib/documents/unique-downloads";
import { api, expectJsonError, registeredUser } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/databases";

const INTERFACE_KEYS = [
  "document_id",
  "user_id",
  "name",
  "description",
  "revision",
  "download_count",
  "last_updated",
  "resource_url",
];
const STATS_KEYS = [...INTERFACE_KEYS, "unique_downloads", "unique_downloads_7d"];

/** A GET from a chosen loopback address: the server sees three clients on three /24s. */
function getFrom(localAddress: string, target: string): Promise<{ status: number; body: Buffer }> {
  const { hostname, port } = new URL(inject("serverUrl"));
  return new Promise((resolve, reject) => {
    const req = http.request({ host: hostname, port, path: target, localAddress, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}

interface Stats {
  download_count: number;
  unique_downloads: number;
  unique_downloads_7d: number;
}
const statsOf = async (id: string) => {
  const res = await api().request("GET", `/v1/document.php/${id}?simple&stats`);
  expect(res.status, res.text()).toBe(200);
  return res.json<Stats>();
};

/** Waits for the instance's next flush (about a second) to bring unique_downloads to `unique`, then checks it stays. */
async function settledStats(id: string, unique: number): Promise<Stats> {
  const deadline = Date.now() + 10_000;
  while ((await statsOf(id)).unique_downloads < unique && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 1500));
  return statsOf(id);
}

describe("unique downloads over HTTP", () => {
  let owner: Identity;
  beforeAll(async () => {
    owner = await registeredUser();
  });
  const publish = async (id: string, title: string) => {
    const res = await api(owner).request("POST", "/v1/document.php", { body: { Identifier: id, Title: title } });
    expect(res.status, res.text()).toBe(200);
  };

  it("counts every download in download_count and one per client network in unique_downloads", async () => {
    const id = randomUUID();
    await publish(id, "Counted");
    await publish(id, "Counted again");
    // Three networks (127.0.0.0/24, 127.0.1.0/24, 127.0.2.0/24); 127.0.0.9 is the first one's.
    const clients = ["127.0.0.1", "127.0.1.1", "127.0.2.1", "127.0.0.9"];
    const targets = [`/v1/document.php/${id}`, `/v1/document.php/${id}?revision=1`];
    let sent = 0;
    await Promise.all(
      clients.map(async (client) => {
        for (let i = 0; i < 10; i++) {
          const res = await getFrom(client, targets[i % 2]!);
          expect(res.status).toBe(200);
          sent++;
        }
      }),
    );
    // Not downloads: metadata, revisions, a diff, HEAD.
    for (const target of [`?simple`, `?stats`, `?revisions`, `?diff`])
      expect((await getFrom("127.0.3.1", `/v1/document.php/${id}${target}`)).status).toBe(200);
    const stats = await settledStats(id, 3);
    expect(stats).toMatchObject({ download_count: sent, unique_downloads: 3, unique_downloads_7d: 3 });
  });

  it("shows the counts only to a client that asks (stats), after the interface's keys", async () => {
    const [id, other] = [randomUUID(), randomUUID()];
    await publish(id, "Asked for");
    await publish(other, "Other");
    expect((await getFrom("127.0.5.1", `/v1/document.php/${id}`)).status).toBe(200);
    await settledStats(id, 1);

    const plain = await api().request("GET", `/v1/document.php/${id}?simple`);
    expect(Object.keys(plain.json<object>())).toEqual(INTERFACE_KEYS);
    const several = await api().request("GET", `/v1/document.php/${id},${other}`);
    for (const d of several.json<object[]>()) expect(Object.keys(d)).toEqual(INTERFACE_KEYS);
    const listing = await api().request("GET", `/v1/document.php?user_id=${owner.userId}`);
    for (const d of listing.json<object[]>()) expect(Object.keys(d)).toEqual(INTERFACE_KEYS);
    // The download itself is unchanged: the content, as published.
    expect(JSON.parse((await api().request("GET", `/v1/document.php/${id}`)).text())).toEqual({
      Identifier: id,
      Title: "Asked for",
    });

    const asked = await api().request("GET", `/v1/document.php/${id}?simple&stats`);
    expect(Object.keys(asked.json<object>())).toEqual(STATS_KEYS);
    expect(asked.json()).toMatchObject({ document_id: id, unique_downloads: 1, unique_downloads_7d: 1 });
    // ?stats alone on one id is the metadata, not a download.
    const alone = await api().request("GET", `/v1/document.php/${id}?stats`);
    expect(alone.headers["content-type"]).toMatch(/^application\/json/);
    expect(Object.keys(alone.json<object>())).toEqual(STATS_KEYS);
    const severalStats = await api().request("GET", `/v1/document.php/${id},${other}?stats`);
    expect(
      severalStats.json<{ document_id: string; unique_downloads: number }[]>().map((d) => d.unique_downloads),
    ).toEqual([1, 0]);
    const listed = await api().request("GET", `/v1/document.php?user_id=${owner.userId}&stats`);
    for (const d of listed.json<object[]>()) expect(Object.keys(d)).toEqual(STATS_KEYS);
  });

  it("sorts the listing by unique downloads in the last 7 days with sort=trending; other sort values are still 400", async () => {
    const author = await registeredUser();
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const [i, id] of ids.entries()) {
      const res = await api(author).request("POST", "/v1/document.php", { body: { Identifier: id, Title: `T${i}` } });
      expect(res.status).toBe(200);
    }
    // ids[1]: three networks; ids[2]: one network, many downloads; ids[0]: none.
    for (const client of ["127.0.6.1", "127.0.7.1", "127.0.8.1"])
      expect((await getFrom(client, `/v1/document.php/${ids[1]}`)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await getFrom("127.0.6.1", `/v1/document.php/${ids[2]}`)).status).toBe(200);
    await settledStats(ids[1]!, 3);
    await settledStats(ids[2]!, 1);
    const order = async (query: string) =>
      (await api().request("GET", `/v1/document.php?user_id=${author.userId}${query}`))
        .json<{ document_id: string }[]>()
        .map((d) => d.document_id);
    expect(await order("&sort=trending")).toEqual([ids[1], ids[2], ids[0]]);
    expect(await order("&sort=trending&direction=asc")).toEqual([ids[0], ids[2], ids[1]]);
    // The interface's own sorts are as they were: downloads count every one.
    expect(await order("&sort=download_count")).toEqual([ids[2], ids[1], ids[0]]);
    const trending = await api().request("GET", `/v1/document.php?user_id=${author.userId}&sort=trending`);
    for (const d of trending.json<object[]>()) expect(Object.keys(d)).toEqual(INTERFACE_KEYS);
    expectJsonError(await api().request("GET", "/v1/document.php?sort=popular"), 400);
    expectJsonError(await api().request("GET", "/v1/document.php?sort=trending&sort=trending"), 400);
  });
});

describe("unique downloads in-process (own database, a clock the test moves)", () => {
  let database: TestDatabase;
  let db: Db;
  /** a second client on the same database: another instance's connection */
  let other: Db;
  const userId = randomUUID();
  beforeAll(async () => {
    database = await createTestDatabase(inject("engine"), "unique");
    await migrate(database.url, { log: () => undefined });
    db = createDb(database.url);
    other = createDb(database.url);
    await db.user.create({ data: { id: userId, publicKey: "not used" } });
  });
  afterAll(async () => {
    await db?.$disconnect();
    await other?.$disconnect();
    await database?.drop();
  });

  const newDocument = async () => {
    const id = randomUUID();
    await db.document.create({
      data: { id, userId, name: "Doc", description: "", lastUpdated: new Date() },
    });
    return id;
  };
  const counts = async (id: string) =>
    db.document.findUniqueOrThrow({ where: { id }, select: { uniqueDownloads: true, uniqueDownloads7d: true } });
  const counter = (on: Db, clock: { t: number }) =>
    new UniqueDownloadCounter(on, { now: () => clock.t, flushMs: 3_600_000 });
  const counted = async (c: UniqueDownloadCounter) => Object.fromEntries((await c.flush()).counted);

  it("counts a network once per document in any 10 minutes (sliding), IPv4 /24 and IPv6 /56", async () => {
    const [doc, second] = [await newDocument(), await newDocument()];
    const clock = { t: Date.UTC(2026, 10, 25, 12, 30) };
    const a = counter(db, clock);
    for (const address of [
      "203.0.113.7",
      "203.0.113.200",
      "::ffff:203.0.113.9",
      "2001:db8:aa:bb01::1",
      "2001:db8:aa:bbfe::9",
      "2001:db8:aa:cc00::1",
    ])
      a.record(doc, address);
    a.record(second, "203.0.113.7");
    expect(await counted(a)).toEqual({ [doc]: 3, [second]: 1 });
    expect(await counts(doc)).toEqual({ uniqueDownloads: 3, uniqueDownloads7d: 3 });

    // A second before the window ends: nothing new, here or on an instance that never saw it.
    clock.t += UNIQUE_WINDOW_MS - 1000;
    a.record(doc, "203.0.113.8");
    expect(await counted(a)).toEqual({});
    const b = counter(other, clock);
    b.record(doc, "203.0.113.1");
    expect(await counted(b)).toEqual({});
    // b learnt when the network counted: once that is 10 minutes old, both instances
    // send it at once, and the database counts it once.
    clock.t += 1000;
    a.record(doc, "203.0.113.5");
    b.record(doc, "203.0.113.6");
    const [fromA, fromB] = await Promise.all([counted(a), counted(b)]);
    expect((fromA[doc] ?? 0) + (fromB[doc] ?? 0)).toBe(1);
    expect(await counts(doc)).toEqual({ uniqueDownloads: 4, uniqueDownloads7d: 4 });
    // The window slides from that count: 9 minutes later still quiet, on both.
    clock.t += UNIQUE_WINDOW_MS - 60_000;
    a.record(doc, "203.0.113.5");
    b.record(doc, "203.0.113.5");
    expect([await counted(a), await counted(b)]).toEqual([{}, {}]);
  });

  it("two instances seeing the same three networks a thousand times count 3", async () => {
    const doc = await newDocument();
    const clock = { t: Date.UTC(2026, 10, 25, 13, 0) };
    const instances = [counter(db, clock), counter(other, clock)];
    const networks = ["198.51.100.1", "198.51.101.1", "2001:db8:1::1"];
    const flushes: Promise<unknown>[] = [];
    for (let i = 0; i < 1000; i++) {
      clock.t += 100;
      instances[i % 2]!.record(doc, networks[i % 3]!);
      // Flushes now and then, while the other instance is recording.
      if (i % 97 === 0) flushes.push(instances[(i + 1) % 2]!.flush());
    }
    await Promise.all([...flushes, ...instances.map((c) => c.flush())]);
    expect(await counts(doc)).toEqual({ uniqueDownloads: 3, uniqueDownloads7d: 3 });
  });

  it("takes unique downloads older than 7 days out of the trending count, keeping the total", async () => {
    const doc = await newDocument();
    const start = Date.UTC(2026, 10, 1, 10, 15);
    const clock = { t: start };
    const c = counter(db, clock);
    c.record(doc, "192.0.2.1");
    await c.flush();
    clock.t += 3 * 3_600_000;
    c.record(doc, "192.0.2.1");
    c.record(doc, "192.0.3.1");
    await c.flush();
    expect(await counts(doc)).toEqual({ uniqueDownloads: 3, uniqueDownloads7d: 3 });
    // The first hour is still in the window until TRENDING_HOURS hours after it.
    await expireUniqueDownloads(db, start + (TRENDING_HOURS - 1) * 3_600_000);
    expect(await counts(doc)).toEqual({ uniqueDownloads: 3, uniqueDownloads7d: 3 });
    // Two instances expiring at once take each hour out once.
    await Promise.all([
      expireUniqueDownloads(db, start + TRENDING_HOURS * 3_600_000),
      expireUniqueDownloads(other, start + TRENDING_HOURS * 3_600_000),
    ]);
    expect(await counts(doc)).toEqual({ uniqueDownloads: 3, uniqueDownloads7d: 2 });
    await expireUniqueDownloads(db, start + (TRENDING_HOURS + 3) * 3_600_000);
    expect(await counts(doc)).toEqual({ uniqueDownloads: 3, uniqueDownloads7d: 0 });
    expect(await db.documentDownloadHour.count({ where: { documentId: doc } })).toBe(0);
    // Networks whose window ran out are forgotten.
    expect(await db.documentDownloadNetwork.count({ where: { documentId: doc } })).toBe(0);
  });

  it("leaves out a document deleted before its downloads were sent, and counts the others", async () => {
    const [gone, kept] = [await newDocument(), await newDocument()];
    const clock = { t: Date.UTC(2026, 10, 25, 14, 0) };
    const c = counter(db, clock);
    c.record(gone, "203.0.113.1");
    c.record(kept, "203.0.113.1");
    await db.document.delete({ where: { id: gone } });
    expect(await counted(c)).toEqual({ [kept]: 1 });
    expect(await counts(kept)).toEqual({ uniqueDownloads: 1, uniqueDownloads7d: 1 });
  });
});
