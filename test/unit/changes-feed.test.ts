// The changes feed read in-process on each engine (lib/changes/read-changes.ts,
// change-log.ts, changes-feed.ts; docs/CONTRACT.md#changes), each test on a fresh
// database: a full read's pages in section and key order and what follows it, a page
// after a cursor (each object once, as it is now, deletions as expired records with
// their label), paging with `limit`, changes_since, retention (pruned rows, the horizon,
// 410 for a cursor behind it), the cached full pages, and writes sharing a group commit.
// Writes go through the service's write path (groupCommit + saveEngrams); the triggers
// log them. The same feed over HTTP with concurrent writers: test/api/changes-exact.test.ts.
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { pruneLog, readHorizon, readLog } from "@/lib/changes/change-log";
import { changesFeedBody } from "@/lib/changes/changes-feed";
import type { ChangesPage } from "@/lib/changes/changes-page";
import { decodeCursor, encodeCursor, START, type Position } from "@/lib/changes/cursor";
import { readChanges, type ReadChangesOptions } from "@/lib/changes/read-changes";
import { createDb, type Db } from "@/lib/db/client";
import { groupCommit, groupCommitStats } from "@/lib/db/commit";
import { migrate } from "@/lib/db/migrate";
import { creatureInput, engramInput } from "@/lib/engrams/engram-input";
import { uidOf } from "@/lib/engrams/derive";
import { saveEngrams } from "@/lib/engrams/save-engrams";
import { createTestDatabase, type Engine, type TestDatabase } from "../support/databases";

// Vitest sets BASE_URL to Vite's "/"; engram replies carry URLs built from it.
process.env.BASE_URL = "https://beacon.test";

const DAY = 86_400_000;
const OWNER = "00000000-0000-4000-8000-0000000000aa";
const opened: { db: Db; database: TestDatabase; engine: Engine }[] = [];
const engineOf = (db: Db) => opened.find((o) => o.db === db)!.engine;

afterEach(async () => {
  for (const { db, database } of opened.splice(0)) {
    await db.$disconnect();
    await database.drop();
  }
});

/** A fresh migrated database with a user and confirmed mods (id -> name). */
async function fresh(engine: Engine, mods: Record<string, string> = { "100": "Alpha" }): Promise<Db> {
  const database = await createTestDatabase(engine, "changes_feed");
  await migrate(database.url);
  const db = createDb(database.url);
  opened.push({ db, database, engine });
  await db.user.create({ data: { id: OWNER, publicKey: "k" } });
  for (const [id, name] of Object.entries(mods)) await confirm(db, id, name);
  return db;
}

const confirm = (db: Db, id: string, name: string) =>
  db.modRegistration.create({
    data: { userId: OWNER, workshopId: id, name, confirmationCode: randomUUID(), confirmed: true, confirmedModId: id },
  });

const pathOf = (name: string, mod = "100") => `/Game/Mods/M${mod}/${name}.${name}`;
const uid = (name: string, mod = "100") => uidOf(pathOf(name, mod));

/** Adds or updates items of a mod through the service's write path. */
function save(db: Db, kind: "engrams" | "creatures", items: { name: string; label?: string }[], mod = "100") {
  const input = kind === "engrams" ? engramInput : creatureInput;
  const records = items.map((i) =>
    input.parse({ path: pathOf(i.name, mod), label: i.label ?? i.name, mod_id: mod, environments: ["Island"] }),
  );
  return groupCommit(db, ({ tx }) => saveEngrams(tx, records, undefined, kind));
}

const remove = (db: Db, kind: "engrams" | "creatures", name: string) =>
  groupCommit(db, async ({ tx }) => {
    if (kind === "engrams") await tx.engram.delete({ where: { uid: uid(name) } });
    else await tx.creature.delete({ where: { uid: uid(name) } });
  });

/**
 * Waits until the feed can serve every change written so far. On PostgreSQL a read serves
 * only rows below its snapshot's xmin, which any open transaction on the server (another
 * test run's) holds back for a while; SQLite serves every committed row at once.
 */
async function settle(db: Db): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const [row] = await db.$queryRawUnsafe<{ done: boolean | number }[]>(
      engineOf(db) === "postgresql"
        ? `SELECT COALESCE(MAX("txid"), 0) < pg_snapshot_xmin(pg_current_snapshot())::text::bigint AS "done" FROM "changes"`
        : `SELECT 1 AS "done"`,
    );
    if (row && Boolean(row.done)) return;
    if (Date.now() > deadline) throw new Error("the feed did not catch up within 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
}

const logOf = async (db: Db, options: Parameters<typeof readLog>[1]) => {
  await settle(db);
  return readLog(db, options);
};
const feed = async (db: Db, options: ReadChangesOptions) => {
  await settle(db);
  return changesFeedBody(db, options);
};

const read = async (db: Db, options: Partial<ReadChangesOptions> = {}) => {
  await settle(db);
  return readChanges(db, { limit: 100, retentionDays: 90, ...options });
};

/** A full read to its end: the cursor every later change comes after. */
async function endOfFullRead(db: Db): Promise<string> {
  let page = await read(db);
  while (page.next_cursor !== null) page = await read(db, { cursor: page.next_cursor });
  return page.cursor;
}

/** What a page holds, by key: mods by id, items by uid, expired records whole. */
const contents = (p: ChangesPage) => ({
  mods: p.mods.map((m) => `${m.mod_id} ${m.name}`),
  engrams: p.engrams.map((e) => `${e.uid} ${e.label}`),
  creatures: p.creatures.map((c) => `${c.uid} ${c.label}`),
  expired: p.expired_records.map((x) => `${x.group} ${x.object_id} ${x.label}`),
});
const none = { mods: [], engrams: [], creatures: [], expired: [] };
const item = (name: string, label = name) => `${uid(name)} ${label}`;
const sorted = (...names: string[]) => names.sort((a, b) => (uid(a) < uid(b) ? -1 : 1));

/** The position a cursor carries. */
const positionOf = (cursor: string): Position => decodeCursor(cursor).position;
const timestampOf = (at: number) =>
  new Date(at)
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, "+0000");

describe.each<Engine>(["sqlite", "postgresql"])("the changes feed on %s", (engine) => {
  it("a full read: confirmed mods, engrams, creatures in key order over pages of `limit`, then what changed meanwhile", async () => {
    const db = await fresh(engine, { "100": "Alpha", "200": "Beta" });
    await db.modRegistration.create({
      data: { userId: OWNER, workshopId: "300", name: "Unconfirmed", confirmationCode: "c", confirmed: false },
    });
    await save(db, "engrams", [{ name: "E1" }, { name: "E2" }, { name: "E3" }]);
    await save(db, "creatures", [{ name: "C1" }, { name: "C2" }]);
    const [e1, e2, e3] = sorted("E1", "E2", "E3");
    const [c1, c2] = sorted("C1", "C2");

    const pages: ChangesPage[] = [await read(db, { limit: 2 })];
    while (pages.length < 3) pages.push(await read(db, { cursor: pages.at(-1)!.next_cursor!, limit: 2 }));
    // The mods section is done: a mod confirmed now is a change the full read serves after its end.
    await db.modRegistration.updateMany({
      where: { workshopId: "300" },
      data: { confirmed: true, confirmedModId: "300" },
    });
    pages.push(await read(db, { cursor: pages.at(-1)!.next_cursor!, limit: 2 }));

    expect(pages.map(contents)).toEqual([
      { ...none, mods: ["100 Alpha", "200 Beta"] },
      { ...none, engrams: [item(e1!), item(e2!)] },
      { ...none, engrams: [item(e3!)], creatures: [item(c1!)] },
      { ...none, creatures: [item(c2!)] },
    ]);
    expect(pages.map((p) => p.is_full)).toEqual([true, true, true, true]);
    // Every page but the last says where to go on; the last does too, since a change came meanwhile.
    expect(pages.map((p) => p.next_cursor === p.cursor)).toEqual([true, true, true, true]);
    expect(pages.map((p) => decodeCursor(p.cursor).full)).toEqual([
      { section: "engrams", after: "" },
      { section: "engrams", after: uid(e2!) },
      { section: "creatures", after: uid(c1!) },
      undefined,
    ]);
    // The full read stands where it started (the log's tail then) on every page.
    const start = positionOf(pages[0]!.cursor);
    expect(pages.map((p) => positionOf(p.cursor))).toEqual([start, start, start, start]);
    expect(pages[0]!.timestamp).toBe(timestampOf(start.at));

    const after = await read(db, { cursor: pages[3]!.cursor });
    expect([contents(after), after.is_full, after.next_cursor]).toEqual([
      { ...none, mods: ["300 Unconfirmed"] },
      false,
      null,
    ]);
    const caughtUp = await read(db, { cursor: after.cursor });
    expect([contents(caughtUp), caughtUp.cursor, caughtUp.next_cursor]).toEqual([none, after.cursor, null]);
  });

  it("a full read pages through the mods too, by id whatever order they were confirmed in, and ends where the catalogue does", async () => {
    const db = await fresh(engine, { "300": "Gamma", "100": "Alpha", "200": "Beta" });
    await save(db, "engrams", [{ name: "E1" }, { name: "E2" }, { name: "E3" }], "100");
    await save(db, "creatures", [{ name: "C1" }], "100");
    const [e1, e2, e3] = sorted("E1", "E2", "E3");
    const pages: ChangesPage[] = [await read(db, { limit: 2 })];
    while (pages.at(-1)!.next_cursor !== null)
      pages.push(await read(db, { cursor: pages.at(-1)!.next_cursor!, limit: 2 }));
    expect(pages.map(contents)).toEqual([
      { ...none, mods: ["100 Alpha", "200 Beta"] },
      { ...none, mods: ["300 Gamma"], engrams: [item(e1!)] },
      { ...none, engrams: [item(e2!), item(e3!)] },
      { ...none, creatures: [item("C1")] },
    ]);
    expect(pages[0]!.mods).toEqual([
      { mod_id: "100", name: "Alpha", confirmed: true },
      { mod_id: "200", name: "Beta", confirmed: true },
    ]);
    expect(pages.map((p) => decodeCursor(p.cursor).full)).toEqual([
      { section: "mods", after: "200" },
      { section: "engrams", after: uid(e1!) },
      { section: "creatures", after: "" },
      undefined,
    ]);
    // The last page had room for more and the catalogue ended: nothing follows.
    expect(pages.at(-1)!.next_cursor).toBeNull();
  });

  it("an empty catalogue: one full page standing on the horizon, and nothing to follow", async () => {
    const db = await fresh(engine, {});
    const page = await read(db);
    const horizon = await readHorizon(db, 0);
    expect(page).toEqual({
      timestamp: timestampOf(horizon.position.at),
      cursor: encodeCursor({ position: horizon.position }),
      next_cursor: null,
      is_full: true,
      engrams: [],
      creatures: [],
      mods: [],
      expired_records: [],
    });
    expect(horizon).toMatchObject({ position: { txid: "0", id: 0 }, stale: false });
  });

  it("after a cursor: each object once, in the order of its last change, as it is now; deletions expire with their label", async () => {
    const db = await fresh(engine, { "100": "Alpha", "200": "Beta" });
    await save(db, "engrams", [{ name: "E1" }, { name: "E2" }]);
    await save(db, "creatures", [{ name: "C1" }]);
    const start = await endOfFullRead(db);

    await save(db, "engrams", [{ name: "E1", label: "E1 renamed" }]);
    await save(db, "engrams", [{ name: "E3" }]);
    await remove(db, "engrams", "E2");
    await save(db, "engrams", [{ name: "E1", label: "E1 final" }]);
    await remove(db, "creatures", "C1");
    await db.modRegistration.updateMany({ where: { workshopId: "200" }, data: { name: "Beta 2" } });
    await db.modRegistration.deleteMany({ where: { workshopId: "200" } });

    const page = await read(db, { cursor: start });
    expect(contents(page)).toEqual({
      mods: [],
      engrams: [item("E3"), item("E1", "E1 final")],
      creatures: [],
      expired: [`engrams ${uid("E2")} E2`, `creatures ${uid("C1")} C1`, "mods 200 Beta 2"],
    });
    expect([page.is_full, page.next_cursor]).toEqual([false, null]);
    const log = await logOf(db, { after: positionOf(start), limit: 100 });
    expect(log.rows.map((r) => [r.group, r.objectId, r.label, r.deleted])).toEqual([
      ["engrams", uid("E1"), "E1 renamed", false],
      ["engrams", uid("E3"), "E3", false],
      ["engrams", uid("E2"), "E2", true],
      ["engrams", uid("E1"), "E1 final", false],
      ["creatures", uid("C1"), "C1", true],
      ["mods", "200", "Beta 2", false],
      ["mods", "200", "Beta 2", true],
    ]);
    // The page stands on the last row, which is the log's tail.
    expect(positionOf(page.cursor)).toEqual(log.rows.at(-1)!.position);
    expect(log.tail).toEqual(log.rows.at(-1)!.position);
    expect(page.timestamp).toBe(timestampOf(log.rows.at(-1)!.position.at));

    // Exactly as many rows as the limit: nothing more is waiting.
    const exact = await read(db, { cursor: start, limit: log.rows.length });
    expect([exact.next_cursor, positionOf(exact.cursor)]).toEqual([null, log.rows.at(-1)!.position]);
    // Pages of three rows: each but the last says more is waiting.
    const pages = [await read(db, { cursor: start, limit: 3 })];
    while (pages.at(-1)!.next_cursor !== null)
      pages.push(await read(db, { cursor: pages.at(-1)!.next_cursor!, limit: 3 }));
    expect(pages.map(contents)).toEqual([
      { ...none, engrams: [item("E1", "E1 final"), item("E3")], expired: [`engrams ${uid("E2")} E2`] },
      { ...none, engrams: [item("E1", "E1 final")], expired: [`creatures ${uid("C1")} C1`, "mods 200 Beta 2"] },
      { ...none, expired: ["mods 200 Beta 2"] },
    ]);
    expect(pages.map((p) => positionOf(p.cursor))).toEqual([2, 5, 6].map((i) => log.rows[i]!.position));
  });

  it("a renamed mod is a change of the mod and of its items", async () => {
    const db = await fresh(engine);
    await save(db, "engrams", [{ name: "E1" }]);
    await save(db, "creatures", [{ name: "C1" }]);
    const start = await endOfFullRead(db);
    await db.modRegistration.updateMany({ where: { workshopId: "100" }, data: { name: "Alpha 2" } });
    const page = await read(db, { cursor: start });
    expect(contents(page)).toEqual({ ...none, mods: ["100 Alpha 2"], engrams: [item("E1")], creatures: [item("C1")] });
    expect(page.engrams[0]).toMatchObject({ mod_id: 100, mod_name: "Alpha 2" });
  });

  it("changes_since: the changes made at or after the time, then a cursor on the tail; a time before what is kept is a full read", async () => {
    const db = await fresh(engine);
    await save(db, "engrams", [{ name: "Before" }]);
    await new Promise((r) => setTimeout(r, 20));
    const since = Date.now();
    await new Promise((r) => setTimeout(r, 20));
    await save(db, "engrams", [{ name: "After" }]);
    const page = await read(db, { since });
    expect([contents(page), page.is_full, page.next_cursor]).toEqual([
      { ...none, engrams: [item("After")] },
      false,
      null,
    ]);
    const tail = (await logOf(db, { after: START, limit: 0 })).tail!;
    expect(positionOf(page.cursor)).toEqual(tail);

    // Nothing since: the cursor still stands on the tail (the rows before the time are behind it).
    const future = await read(db, { since: Date.now() + DAY });
    expect([contents(future), positionOf(future.cursor)]).toEqual([none, tail]);

    // Older than what the log keeps (its horizon, set when the database was made): a full read.
    const horizon = await readHorizon(db, 0);
    expect((await read(db, { since: horizon.since - 1 })).is_full).toBe(true);
    expect((await read(db, { since: horizon.since })).is_full).toBe(false);
    const old = await read(db, { since: 0 });
    expect([contents(old), old.is_full]).toEqual([
      {
        ...none,
        mods: ["100 Alpha"],
        engrams: [item(sorted("After", "Before")[0]!), item(sorted("After", "Before")[1]!)],
      },
      true,
    ]);
  });

  it("retention: older changes are pruned and the horizon moves past them; a cursor behind it is 410, one on it is kept", async () => {
    const db = await fresh(engine);
    const before = await endOfFullRead(db);
    await save(db, "engrams", [{ name: "E1" }, { name: "E2" }]);
    const log = await logOf(db, { after: positionOf(before), limit: 10 });
    expect(log.rows).toHaveLength(2);
    const last = log.rows[1]!.position;
    const onLast = encodeCursor({ position: last });

    const now = Date.now() + 91 * DAY;
    const cutoff = now - 90 * DAY;
    expect(await readHorizon(db, cutoff)).toMatchObject({ stale: true });
    const err = await read(db, { cursor: before, now }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 410,
      message: "This cursor is older than the changes this server keeps; start again without one (a full read).",
      details: { cursor_timestamp: timestampOf(positionOf(before).at) },
    });
    // The read pruned: the horizon is the last pruned row, its time the cutoff.
    const horizon = await readHorizon(db, cutoff);
    expect(horizon).toEqual({ position: { ...last, at: cutoff }, since: cutoff, stale: false });
    expect((await logOf(db, { after: START, limit: 10 })).rows).toEqual([]);
    // A cursor on the horizon loses nothing: it is kept.
    const kept = await read(db, { cursor: onLast, now });
    expect([contents(kept), kept.next_cursor, positionOf(kept.cursor)]).toEqual([none, null, last]);
    // changes_since older than the horizon: a full read.
    expect((await read(db, { since: cutoff - 1, now })).is_full).toBe(true);
    expect((await read(db, { since: cutoff, now })).is_full).toBe(false);
    // Nothing left to prune, and the horizon never moves back.
    expect(await pruneLog(db, cutoff)).toBe(0);
    expect(await pruneLog(db, cutoff - DAY)).toBe(0);
    expect(await readHorizon(db, cutoff)).toEqual(horizon);
  });

  it("prunes only what is older than the cutoff", async () => {
    const db = await fresh(engine);
    await save(db, "engrams", [{ name: "Old" }]);
    await new Promise((r) => setTimeout(r, 30));
    const cutoff = Date.now();
    await new Promise((r) => setTimeout(r, 30));
    await save(db, "engrams", [{ name: "New" }]);
    // One mod confirmation row and one engram row are older than the cutoff.
    expect(await pruneLog(db, cutoff)).toBe(2);
    expect((await logOf(db, { after: START, limit: 10 })).rows.map((r) => r.objectId)).toEqual([uid("New")]);
    expect((await readHorizon(db, cutoff)).since).toBe(cutoff);
  });

  it("refuses a cursor it did not give out with 400", async () => {
    const db = await fresh(engine, {});
    await expect(read(db, { cursor: "not-a-cursor" })).rejects.toMatchObject({ status: 400 });
  });

  it("serves full-read pages prepared and cached until the catalogue changes; pages after a cursor as text", async () => {
    const db = await fresh(engine);
    await save(db, "engrams", [{ name: "E1" }]);
    // The cache is one per process, keyed by horizon, cursor and limit: a limit per engine
    // keeps this file's two fresh databases (same horizon, same versions) apart.
    const options = { limit: engine === "sqlite" ? 100 : 99, retentionDays: 90 };
    const first = await feed(db, options);
    expect(typeof first).not.toBe("string");
    const body = (b: Awaited<ReturnType<typeof feed>>) =>
      JSON.parse(typeof b === "string" ? b : b.body.toString("utf8")) as ChangesPage;
    expect(contents(body(first))).toEqual({ ...none, mods: ["100 Alpha"], engrams: [item("E1")] });
    expect(await feed(db, options)).toBe(first);
    await save(db, "engrams", [{ name: "E2" }]);
    const second = await feed(db, options);
    expect(contents(body(second)).engrams).toEqual(sorted("E1", "E2").map((n) => item(n)));
    const cursor = body(first).cursor;
    const text = await feed(db, { ...options, cursor });
    expect(typeof text).toBe("string");
    expect(contents(body(text))).toEqual({ ...none, engrams: [item("E2")] });
    // A full read's later pages are prepared and kept too, each by its cursor.
    const small = { ...options, limit: 1 };
    const page1 = await feed(db, small);
    const page2 = await feed(db, { ...small, cursor: body(page1).next_cursor! });
    expect([typeof page1, typeof page2]).toEqual(["object", "object"]);
    expect([contents(body(page1)).mods, contents(body(page2)).engrams]).toEqual([
      ["100 Alpha"],
      [item(sorted("E1", "E2")[0]!)],
    ]);
    // A creature alone moves the catalogue too.
    await save(db, "creatures", [{ name: "C1" }]);
    expect(contents(body(await feed(db, options))).creatures).toEqual([item("C1")]);
    // changes_since is read per request, even when it is answered with a full read.
    const since = await feed(db, { ...options, since: 0 });
    expect([typeof since, body(since).is_full]).toEqual(["string", true]);
  });

  it("writes that arrive together share one transaction, which on PostgreSQL locks the catalogue versions first", async () => {
    const db = await fresh(engine);
    await Promise.all([save(db, "engrams", [{ name: "A" }]), save(db, "creatures", [{ name: "B" }])]);
    expect(groupCommitStats(db)).toMatchObject({ batches: 1, jobs: 2, largestBatch: 2, failedJobs: 0 });
    const log = await logOf(db, { after: START, limit: 10 });
    // One transaction: on PostgreSQL both rows carry its id.
    expect(new Set(log.rows.slice(1).map((r) => r.position.txid)).size).toBe(1);
    expect(log.rows.slice(1).map((r) => r.objectId)).toEqual([uid("A"), uid("B")]);
  });
});
