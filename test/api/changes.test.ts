// GET /v1/changes.php (docs/CONTRACT.md#changes) over real HTTP, on each engine: full reads in pages,
// following a cursor through adds, updates and deletions of every kind (engram and
// creature DELETE, mod DELETE, user DELETE, pull removals, the operator's import), times
// against cursors, the query's 400s, a full read for an old time, ETags; then retention on a database of its
// own. Exactness under concurrent writers on two instances: changes-exact.test.ts.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { createClient } from "@/lib/client/http";
import type { Identity } from "@/lib/client/identity";
import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { readChanges } from "@/lib/changes/read-changes";
import { formatLastUpdated } from "@/lib/documents/document-json";
import { uidOf } from "@/lib/engrams/derive";
import { importEngrams } from "@/lib/engrams/import-engrams";
import { applyPullFile } from "@/lib/pull/apply-pull-file";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { endCursor, feedKey, feedPage, followUntil, type FeedState } from "../support/changes";
import { createTestDatabase, type TestDatabase } from "../support/databases";
import { runCli } from "../support/cli";
import { dedicatedServer } from "../support/hostile";
import { confirmedMod, confirmMod, getMod, registeredMod } from "../support/mods";
import { steamItem } from "../support/steam";
import { ROOT } from "../support/test-server";

const uniq = () => randomUUID().replace(/-/g, "").slice(0, 10);
const item = (mod: string, name: string, extra: Record<string, unknown> = {}) => ({
  path: `/Game/Mods/Feed${mod}/${name}.${name}`,
  label: `Label ${name}`,
  mod_id: mod,
  environments: ["Island"],
  ...extra,
});
const post = (who: Identity, endpoint: string, body: unknown) => api(who).request("POST", `/v1/${endpoint}`, { body });
const uid = (mod: string, name: string) => uidOf(item(mod, name).path);

async function owner(): Promise<{ who: Identity; mod: string }> {
  const who = await registeredUser();
  return { who, mod: await confirmedMod(who, { title: `Feed Mod ${uniq()}` }) };
}

/** Present with this label (or mod name), or expired. */
const is = (state: FeedState, key: string, expected: string | "expired") => {
  const s = state.get(key);
  if (expected === "expired") return s?.present === false;
  return s?.present === true && (s.value.label ?? s.value.name) === expected;
};
const all = (expected: Record<string, string>) => (state: FeedState) =>
  Object.entries(expected).every(([k, v]) => is(state, k, v));

describe("a full read", () => {
  it("lists the catalogue in pages of `limit`, is_full, each object once, and hands over to the changes", async () => {
    const { who, mod } = await owner();
    expect((await post(who, "engram.php", [item(mod, "F1"), item(mod, "F2"), item(mod, "F3")])).status).toBe(200);
    expect((await post(who, "creature.php", item(mod, "Dino"))).status).toBe(200);
    let page = await feedPage("?limit=500");
    const pages = [page];
    while (page.next_cursor !== null && page.is_full)
      pages.push((page = await feedPage(`?cursor=${page.next_cursor}&limit=500`)));
    const full = pages.filter((p) => p.is_full);
    expect(full.length).toBe(pages.length - (page.is_full ? 0 : 1));
    for (const p of full) {
      expect(p.engrams.length + p.creatures.length + p.mods.length).toBeLessThanOrEqual(500);
      expect(p.expired_records).toEqual([]);
      expect(Object.keys(p)).toEqual([
        "timestamp",
        "cursor",
        "next_cursor",
        "is_full",
        "engrams",
        "creatures",
        "mods",
        "expired_records",
      ]);
      expect(p.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\+0000$/);
    }
    const engrams = full.flatMap((p) => p.engrams);
    expect(new Set(engrams.map((e) => e.uid)).size).toBe(engrams.length);
    const mine = engrams.filter((e) => e.mod_id === Number(mod));
    expect(mine.map((e) => e.label).sort()).toEqual(["Label F1", "Label F2", "Label F3"]);
    // The engram structure, byte for byte as GET /v1/engram.php sends it.
    const one = await api().request("GET", `/v1/engram.php/${mine[0]!.uid}`);
    expect(JSON.stringify(mine[0])).toBe(one.text());
    const dino = full.flatMap((p) => p.creatures).find((c) => c.uid === uid(mod, "Dino"));
    expect(dino).toEqual((await api().request("GET", `/v1/creature.php/${uid(mod, "Dino")}`)).json());
    expect(full.flatMap((p) => p.mods)).toContainEqual({
      mod_id: mod,
      name: expect.stringContaining("Feed Mod"),
      confirmed: true,
    });
  });
});

describe("following a cursor", () => {
  it("serves adds and updates once, as they are now, and not a push that changed nothing", async () => {
    const { who, mod } = await owner();
    const start = await endCursor();
    expect((await post(who, "engram.php", [item(mod, "A"), item(mod, "B")])).status).toBe(200);
    expect((await post(who, "engram.php", item(mod, "A", { label: "A again" }))).status).toBe(200);
    expect((await post(who, "creature.php", [item(mod, "Raptor")])).status).toBe(200);
    const { state, cursor, pages } = await followUntil(
      start,
      all({
        [feedKey("engrams", uid(mod, "A"))]: "A again",
        [feedKey("engrams", uid(mod, "B"))]: "Label B",
        [feedKey("creatures", uid(mod, "Raptor"))]: "Label Raptor",
      }),
    );
    // Each object once per page, and A only in its latest form.
    for (const p of pages) expect(p.engrams.filter((e) => e.uid === uid(mod, "A")).length).toBeLessThanOrEqual(1);
    expect(
      pages
        .flatMap((p) => p.engrams)
        .filter((e) => e.uid === uid(mod, "A"))
        .map((e) => e.label),
    ).toEqual(["A again"]);
    expect(state.get(feedKey("engrams", uid(mod, "B")))).toMatchObject({
      value: { can_blueprint: true, spawn: `cheat giveitem "Blueprint'${item(mod, "B").path}'" 1 0 false` },
    });
    expect(state.get(feedKey("creatures", uid(mod, "Raptor")))).toMatchObject({
      value: { spawn: `cheat spawndino "Blueprint'${item(mod, "Raptor").path}'" 1 1 1 30` },
    });

    // The same engram pushed again unchanged is no change; a changed one is.
    expect((await post(who, "engram.php", [item(mod, "B"), item(mod, "C")])).status).toBe(200);
    const after = await followUntil(cursor, all({ [feedKey("engrams", uid(mod, "C"))]: "Label C" }));
    expect(after.pages.flatMap((p) => p.engrams).map((e) => e.uid)).not.toContain(uid(mod, "B"));
  });

  it("serves every kind of deletion as an expired record: engram, creature, mod, user, pull removal", async () => {
    const a = await owner();
    const b = await owner();
    const c = await owner();
    expect(
      (await post(a.who, "engram.php", [item(a.mod, "Gone"), item(a.mod, "Kept"), item(a.mod, "Pulled")])).status,
    ).toBe(200);
    expect((await post(a.who, "creature.php", [item(a.mod, "GoneDino"), item(a.mod, "PulledDino")])).status).toBe(200);
    expect((await post(b.who, "engram.php", [item(b.mod, "ModGone")])).status).toBe(200);
    expect((await post(b.who, "creature.php", [item(b.mod, "ModGoneDino")])).status).toBe(200);
    expect((await post(c.who, "engram.php", [item(c.mod, "UserGone")])).status).toBe(200);
    const start = await endCursor();

    expect((await api(a.who).request("DELETE", `/v1/engram.php/${uid(a.mod, "Gone")}`)).status).toBe(200);
    expect(
      (
        await api(a.who).request("DELETE", "/v1/creature.php", {
          body: `${uid(a.mod, "GoneDino")}`,
          contentType: "text/plain",
        })
      ).status,
    ).toBe(200);
    expect((await api(b.who).request("DELETE", `/v1/mod.php/${b.mod}`)).status).toBe(200);
    expect((await api(c.who).request("DELETE", `/v1/user.php/${c.who.userId}`)).status).toBe(200);
    // The pull job's apply step: a file naming kinds governs engrams and creatures alike.
    const pulled = await applyPullFile(testDb(), a.mod, [{ row: 1, value: item(a.mod, "Kept", { kind: "engram" }) }]);
    expect(pulled).toEqual({ ok: true, added: 0, updated: 1, removed: 2 });

    const expected: Record<string, string> = {
      [feedKey("engrams", uid(a.mod, "Gone"))]: "expired",
      [feedKey("creatures", uid(a.mod, "GoneDino"))]: "expired",
      [feedKey("mods", b.mod)]: "expired",
      [feedKey("engrams", uid(b.mod, "ModGone"))]: "expired",
      [feedKey("creatures", uid(b.mod, "ModGoneDino"))]: "expired",
      [feedKey("mods", c.mod)]: "expired",
      [feedKey("engrams", uid(c.mod, "UserGone"))]: "expired",
      [feedKey("engrams", uid(a.mod, "Pulled"))]: "expired",
      [feedKey("creatures", uid(a.mod, "PulledDino"))]: "expired",
    };
    const { state } = await followUntil(start, all(expected));
    expect(state.get(feedKey("engrams", uid(a.mod, "Gone")))).toEqual({
      present: false,
      expired: { group: "engrams", object_id: uid(a.mod, "Gone"), label: "Label Gone" },
    });
    expect(state.get(feedKey("mods", b.mod))).toMatchObject({
      expired: { group: "mods", object_id: b.mod, label: expect.stringContaining("Feed Mod") },
    });
    // Kept was pulled with the same content: no change, so not in the feed at all.
    expect(state.has(feedKey("engrams", uid(a.mod, "Kept")))).toBe(false);
  });

  it("serves what the operator's import writes, and mods once confirmed (never unconfirmed registrations)", async () => {
    const { mod } = await owner();
    const who = await registeredUser();
    const unconfirmed = await registeredMod(who);
    const start = await endCursor();
    const rows = [item(mod, "Imported"), item(mod, "ImportedDino", { kind: "creature" })].map((value, i) => ({
      row: i + 1,
      value,
    }));
    expect(await importEngrams(testDb(), { rows })).toMatchObject({ ok: true, created: 2 });
    const code = (await getMod(who, unconfirmed)).confirmation_code;
    await steamItem({ publishedfileid: unconfirmed, title: "Now Confirmed", description: code });
    const { state } = await followUntil(
      start,
      all({
        [feedKey("engrams", uid(mod, "Imported"))]: "Label Imported",
        [feedKey("creatures", uid(mod, "ImportedDino"))]: "Label ImportedDino",
      }),
    );
    expect(state.has(feedKey("mods", unconfirmed))).toBe(false);
    expect((await confirmMod(who, unconfirmed)).status).toBe(200);
    const confirmed = await followUntil(start, all({ [feedKey("mods", unconfirmed)]: "Now Confirmed" }));
    expect(confirmed.state.get(feedKey("mods", unconfirmed))).toEqual({
      present: true,
      value: { mod_id: unconfirmed, name: "Now Confirmed", confirmed: true },
    });
  });

  it("pages a batch of changes by `limit` with next_cursor, and the pages together hold them all", async () => {
    const { who, mod } = await owner();
    const start = await endCursor();
    const names = Array.from({ length: 600 }, (_, i) => `P${i}`);
    expect(
      (
        await post(
          who,
          "engram.php",
          names.map((n) => item(mod, n)),
        )
      ).status,
    ).toBe(200);
    const expected = all(Object.fromEntries(names.map((n) => [feedKey("engrams", uid(mod, n)), `Label ${n}`])));
    const paged = await followUntil(start, expected, { limit: 250 });
    const mine = paged.pages.flatMap((p) => p.engrams).filter((e) => e.mod_id === Number(mod));
    expect(mine.map((e) => e.label).sort()).toEqual(names.map((n) => `Label ${n}`).sort());
    expect(
      paged.pages.every((p) => p.engrams.length + p.creatures.length + p.mods.length + p.expired_records.length <= 250),
    ).toBe(true);
    expect(paged.pages.filter((p) => p.next_cursor !== null).every((p) => p.next_cursor === p.cursor)).toBe(true);
    expect(paged.pages.length).toBeGreaterThanOrEqual(3);
    // All at once: one page naming more objects than one query's id list holds.
    const whole = await followUntil(start, expected);
    expect(whole.pages.flatMap((p) => p.engrams).filter((e) => e.mod_id === Number(mod)).length).toBe(600);
    expect(
      Math.max(
        ...whole.pages.map((p) => p.engrams.length + p.creatures.length + p.mods.length + p.expired_records.length),
      ),
    ).toBeGreaterThan(500);
  });
});

describe("times and cursors", () => {
  it("changes_since serves the changes made since then and a cursor that goes on from there exactly", async () => {
    const { who, mod } = await owner();
    await new Promise((r) => setTimeout(r, 1100));
    const since = formatLastUpdated(new Date());
    expect((await post(who, "engram.php", item(mod, "Timed"))).status).toBe(200);
    // Unescaped "+" (read as a space) and ISO 8601 name the same time.
    for (const form of [
      encodeURIComponent(since),
      since.replace(" ", "%20"),
      since.replace(" ", "T").replace("+0000", "Z"),
    ]) {
      const deadline = Date.now() + 60_000;
      let found = false;
      let cursor = "";
      while (!found) {
        let page = await feedPage(`?changes_since=${form}`);
        const seen = [page];
        while (page.next_cursor !== null) seen.push((page = await feedPage(`?cursor=${page.next_cursor}`)));
        found = seen.some((p) => p.engrams.some((e) => e.uid === uid(mod, "Timed")));
        cursor = page.cursor;
        if (!found) await new Promise((r) => setTimeout(r, 100));
        expect(Date.now()).toBeLessThan(deadline);
      }
      // What the cursor hands over never repeats the change.
      const next = await feedPage(`?cursor=${cursor}`);
      expect(next.engrams.map((e) => e.uid)).not.toContain(uid(mod, "Timed"));
    }
  });

  it("answers 400 for a bad cursor, time or limit, or both at once; a full read for a time older than kept; 405 for other methods", async () => {
    const cursor = await endCursor();
    for (const query of [
      `?cursor=${cursor}&changes_since=2026-11-21`,
      "?cursor=not-a-cursor",
      `?cursor=${Buffer.from("p.1.2").toString("base64url")}`,
      "?changes_since=yesterday",
      "?changes_since=2026-02-30",
      "?limit=0",
      "?limit=10001",
      "?limit=ten",
      `?cursor=${cursor}&cursor=${cursor}`,
    ]) {
      expectJsonError(await api().request("GET", `/v1/changes.php${query}`), 400);
    }
    expectJsonError(await api().request("GET", "/v1/changes.php/1"), 400);
    // A client that last synced before what is kept reads everything once, as from the original.
    const old = await api().request("GET", "/v1/changes.php?changes_since=2000-01-01%2000:00:00%2B0000");
    expect(old.status).toBe(200);
    const page = old.json() as { is_full: boolean; cursor: unknown; expired_records: unknown[] };
    expect(page.is_full).toBe(true);
    expect(page.expired_records).toEqual([]);
    expect(typeof page.cursor).toBe("string");
    const post = await api().request("POST", "/v1/changes.php", { body: "{}", contentType: "application/json" });
    expectJsonError(post, 405);
    expect(post.headers["allow"]).toBe("GET, OPTIONS");
  });

  it("is public and cacheable: an ETag, 304 for If-None-Match while nothing changed", async () => {
    const cursor = await endCursor();
    const first = await api().request("GET", `/v1/changes.php?cursor=${cursor}`);
    expect(first.status).toBe(200);
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    const etag = String(first.headers["etag"]);
    expect(etag).toMatch(/^"/);
    const again = await api().request("GET", `/v1/changes.php?cursor=${cursor}`, {
      headers: { "if-none-match": etag },
    });
    // Another suite may have changed something in between: then a new page, else 304.
    if (again.status === 200) expect(again.headers["etag"]).not.toBe(etag);
    else expect(again.status).toBe(304);
    const full = await api().request("GET", "/v1/changes.php?limit=3", { headers: { "accept-encoding": "br" } });
    expect(full.status).toBe(200);
    expect(full.headers["etag"]).toMatch(/^"/);
  });
});

describe("retention (its own database)", () => {
  const databases: TestDatabase[] = [];
  const clients: Db[] = [];
  // Read in this process, which shapes engrams with its own BASE_URL (Vitest sets "/").
  beforeAll(() => void vi.stubEnv("BASE_URL", "http://localhost:3000"));
  afterAll(async () => {
    vi.unstubAllEnvs();
    for (const c of clients) await c.$disconnect();
    for (const d of databases) await d.drop();
  });

  it("deletes changes older than the retention, answers 410 to a cursor before them and a full read to a time before them", async () => {
    const database = await createTestDatabase(inject("engine"), "retention");
    databases.push(database);
    await migrate(database.url, { root: ROOT });
    const db = createDb(database.url);
    clients.push(db);
    const read = (options: { cursor?: string; since?: number }, now = Date.now()) =>
      readChanges(db, { limit: 100, retentionDays: 90, now, ...options });
    await db.user.create({ data: { id: "00000000-0000-4000-8000-000000000001", publicKey: "k" } });
    await db.modRegistration.create({
      data: {
        userId: "00000000-0000-4000-8000-000000000001",
        workshopId: "9",
        name: "M",
        confirmationCode: "c",
        confirmed: true,
        confirmedModId: "9",
      },
    });
    const row = (n: number) => ({
      uid: uidOf(`/G/E${n}.E${n}`),
      path: `/G/E${n}.E${n}`,
      className: `E${n}_C`,
      classKey: `e${n}_c`,
      label: `E${n}`,
      environments: 1,
      canBlueprint: true,
      modId: "9",
    });
    await db.engram.createMany({ data: [row(1), row(2)] });
    const early = (await read({})).cursor;
    await db.engram.delete({ where: { uid: row(1).uid } });
    const middle = (await read({ cursor: early })).cursor;
    await db.engram.create({ data: row(3) });

    // 100 days later, as far as the feed knows: everything logged so far is past keeping.
    const later = Date.now() + 100 * 86_400_000;
    const gone = await read({ cursor: early }, later).catch((err: { status?: number }) => err);
    expect(gone).toMatchObject({ status: 410 });
    expect(await db.change.count()).toBe(0);
    await expect(read({ cursor: middle }, later)).rejects.toMatchObject({ status: 410 });
    const since = await read({ since: Date.now() }, later);
    expect(since.is_full).toBe(true);
    expect(since.engrams.map((e) => e.label).sort()).toEqual(["E2", "E3"]);
    // A full read after it, and its cursor, work: nothing it needs was deleted.
    const full = await read({}, later);
    expect(full.engrams.map((e) => e.label).sort()).toEqual(["E2", "E3"]);
    expect(full.next_cursor).toBeNull();
    await db.engram.delete({ where: { uid: row(2).uid } });
    // On PostgreSQL a change is served once every transaction that began before it has
    // ended, on any database of the server (lib/changes/read-changes.ts): other suites'
    // writes may hold it back a moment, never lose it.
    let next = await read({ cursor: full.cursor });
    for (const deadline = Date.now() + 30_000; next.expired_records.length === 0 && Date.now() < deadline;) {
      await new Promise((r) => setTimeout(r, 100));
      next = await read({ cursor: full.cursor });
    }
    expect(next.expired_records).toEqual([{ group: "engrams", object_id: row(2).uid, label: "E2" }]);
  });
});

// Over HTTP and through the CLI: SQLite only, as the retention itself is checked on both
// engines above; a server of its own, whose log can be aged without disturbing others.
describe.runIf(inject("engine") === "sqlite")("a copy whose cursor the server no longer keeps", () => {
  it("gets 410 for its cursor, and engrams sync reads everything again", async () => {
    const dedicated = await dedicatedServer("sync-410");
    const dir = mkdtempSync(join(tmpdir(), "beacon-sync-"));
    try {
      const db = createDb(dedicated.database.url);
      await db.user.create({ data: { id: "00000000-0000-4000-8000-000000000001", publicKey: "k" } });
      await db.modRegistration.create({
        data: {
          userId: "00000000-0000-4000-8000-000000000001",
          workshopId: "5",
          name: "Old",
          confirmationCode: "c",
          confirmed: true,
          confirmedModId: "5",
        },
      });
      await db.engram.create({
        data: {
          uid: uidOf("/G/Old.Old"),
          path: "/G/Old.Old",
          className: "Old_C",
          classKey: "old_c",
          label: "Old",
          environments: 1,
          canBlueprint: true,
          modId: "5",
        },
      });
      const env = { BEACON_SERVER: dedicated.server.url };
      const first = await runCli(["engrams", "sync", dir, "--json"], env);
      expect(first.code, first.stderr).toBe(0);
      const cursor = (JSON.parse(readFileSync(join(dir, "sync-state.json"), "utf8")) as { cursor: string }).cursor;
      await db.engram.delete({ where: { uid: uidOf("/G/Old.Old") } });
      // Every change so far made 100 days ago, as far as the log knows.
      await db.$executeRawUnsafe(
        `UPDATE "changes" SET "changed_at" = strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-100 days')`,
      );
      const res = await createClient({ serverUrl: dedicated.server.url }).request(
        "GET",
        `/v1/changes.php?cursor=${cursor}`,
      );
      expect(expectJsonError(res, 410).message).toMatch(/full read/);
      const again = await runCli(["engrams", "sync", dir, "--json"], env);
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain("Reading everything again.");
      expect(JSON.parse(again.stdout)).toMatchObject({ full_read: true, engrams: 0, mods: 1 });
      expect(JSON.parse(readFileSync(join(dir, "engrams.json"), "utf8"))).toEqual([]);
      await db.$disconnect();
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await dedicated.close();
    }
  }, 120_000);
});
