// The changes feed is exact (docs/CONTRACT.md#changes): two instances on one PostgreSQL database (its
// own, so nothing else writes to it), four signed writers sending creates, updates and
// deletions of engrams and creatures, and deletions of whole mods (cascades) with new
// mods confirmed in their place, at either instance, while a reader follows the cursor
// through both instances alternately. When the writers stop and the reader has caught
// up, replaying what it read must give exactly the catalogue the database holds: no
// missed change, no resurrected deletion. Beside it a naive reader takes the log in id
// order, as a serial-id (or timestamp) feed would, and counts the rows it steps over.
//
// How many rows commit out of id order depends on the machine's timing, so the race is
// also forced, HELD times: a transaction logs a change of an engram no writer touches and
// stays open until the naive reader has read past its row's id (and the feed's reader past
// its position, or a second has gone by), then commits. Every run therefore has rows the
// naive reader stepped over (asserted), and each such change must still reach the feed's
// reader after its commit (asserted per engram). The held transaction writes the log row
// itself: a real catalogue write would hold the catalogue's version row and stop the
// writers, so nothing would commit past it.
// PostgreSQL only: SQLite has one writer at a time, so ids are in commit order there.
import { randomInt, randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { ChangesPage } from "@/lib/changes/changes-page";
import { comparePositions, decodeCursor } from "@/lib/changes/cursor";
import { applyPage, emptyMirror, mirrorLists } from "@/lib/changes/mirror";
import { createClient } from "@/lib/client/http";
import type { Identity } from "@/lib/client/identity";
import { uidOf } from "@/lib/engrams/derive";
import { confirmModOn, dedicatedServer, registerUser, type Dedicated } from "../support/hostile";
import { startServer, type TestServer } from "../support/test-server";

const WRITERS = 4;
const WRITE_SECONDS = 12;
const HELD = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Writer {
  who: Identity;
  mod: string;
  /** names of this writer's items believed to exist, per endpoint */
  items: Record<"engram.php" | "creature.php", Set<string>>;
  ops: number;
  failures: string[];
}

describe.runIf(inject("engine") === "postgresql")("the changes feed with concurrent writers on two instances", () => {
  let dedicated: Dedicated;
  let second: TestServer;
  let urls: string[];
  beforeAll(async () => {
    dedicated = await dedicatedServer("exact");
    // One BASE_URL for both, as a deployment has (it is in every resource_url).
    second = await startServer({
      DATABASE_URL: dedicated.database.url,
      STEAM_API_URL: inject("steamUrl"),
      BASE_URL: dedicated.server.url,
    });
    urls = [dedicated.server.url, second.url];
  }, 120_000);
  afterAll(async () => {
    await second?.stop();
    await dedicated?.close();
  });

  const at = () => urls[randomInt(2)]!;
  // Either instance; signed for the one BASE_URL.
  const send = (who: Identity, method: string, target: string, body?: unknown) =>
    createClient({ serverUrl: at(), baseUrl: urls[0], identity: who }).request(
      method,
      target,
      body === undefined ? {} : typeof body === "string" ? { body, contentType: "text/plain" } : { body },
    );

  async function step(w: Writer): Promise<void> {
    const endpoint = randomInt(3) === 0 ? "creature.php" : "engram.php";
    const names = w.items[endpoint];
    const path = (name: string) => `/Game/Mods/Exact${w.mod}/${name}.${name}`;
    const body = (name: string) => ({
      path: path(name),
      label: `${name} ${randomUUID().slice(0, 6)}`,
      mod_id: w.mod,
      environments: ["Island"],
      can_blueprint: randomInt(2) === 0,
    });
    const roll = randomInt(100);
    let res;
    if (roll < 3) {
      // The whole mod goes (its items by cascade) and a new one is confirmed in its place.
      res = await send(w.who, "DELETE", `/v1/mod.php/${w.mod}`);
      if (res.status === 200) {
        w.mod = await confirmModOn(urls[0]!, w.who);
        w.items = { "engram.php": new Set(), "creature.php": new Set() };
      }
    } else if (roll < 45 || names.size < 3) {
      // New items, some of them paths deleted earlier (a deletion that must not survive the re-creation).
      const fresh = Array.from({ length: 1 + randomInt(8) }, () => `I${randomInt(60)}`);
      res = await send(w.who, "POST", `/v1/${endpoint}`, [...new Set(fresh)].map(body));
      if (res.status === 200) for (const n of fresh) names.add(n);
    } else if (roll < 70) {
      const some = [...names].filter(() => randomInt(3) === 0).slice(0, 10);
      res = await send(w.who, "POST", `/v1/${endpoint}`, (some.length ? some : [[...names][0]!]).map(body));
    } else {
      const doomed = [...names].filter(() => randomInt(4) === 0).slice(0, 6);
      if (doomed.length === 0) return;
      res = await send(w.who, "DELETE", `/v1/${endpoint}`, doomed.map((n) => uidOf(path(n))).join(","));
      if (res.status === 200) for (const n of doomed) names.delete(n);
    }
    w.ops++;
    // 404 (deleted meanwhile by a cascade we raced) and 409 (a concurrent collision) are answers, not failures.
    if (![200, 404, 409].includes(res.status)) w.failures.push(`${res.status} ${res.text().slice(0, 200)}`);
  }

  it("ends, replayed, with exactly the catalogue the database holds", async () => {
    const writers: Writer[] = [];
    for (let i = 0; i < WRITERS; i++) {
      const who = await registerUser(urls[i % 2]!);
      writers.push({
        who,
        mod: await confirmModOn(urls[0]!, who),
        items: { "engram.php": new Set(), "creature.php": new Set() },
        ops: 0,
        failures: [],
      });
    }
    // The engrams the held transactions log changes of, on a mod of their own.
    const keeper = await registerUser(urls[0]!);
    const keeperMod = await confirmModOn(urls[0]!, keeper);
    const heldPaths = Array.from({ length: HELD }, (_, i) => `/Game/Mods/Held${keeperMod}/Held${i}.Held${i}`);
    const posted = await createClient({ serverUrl: urls[0]!, identity: keeper }).request("POST", "/v1/engram.php", {
      body: heldPaths.map((path, i) => ({ path, label: `Held ${i}`, mod_id: keeperMod, environments: ["Island"] })),
    });
    expect(posted.status, posted.text()).toBe(200);
    const heldUids = heldPaths.map(uidOf);
    /** held engrams the reader got in a page after the full read */
    const heldDelivered = new Set<string>();

    const feed = async (n: number, query: string): Promise<ChangesPage> => {
      const res = await createClient({ serverUrl: urls[n % 2]! }).request("GET", `/v1/changes.php${query}`);
      if (res.status !== 200) throw new Error(`feed: ${res.status} ${res.text()}`);
      return res.json<ChangesPage>();
    };

    // The naive reader: the log by id alone, straight from the database.
    const naive = new pg.Client({ connectionString: dedicated.database.url });
    await naive.connect();
    const naiveSeen = new Set<number>();
    let naiveAfter = 0;
    let writing = true;
    const naiveLoop = (async () => {
      while (writing) {
        const { rows } = await naive.query<{ id: number }>(`SELECT "id" FROM "changes" WHERE "id" > $1 ORDER BY "id"`, [
          naiveAfter,
        ]);
        for (const r of rows) naiveSeen.add(r.id);
        naiveAfter = rows.at(-1)?.id ?? naiveAfter;
        await new Promise((r) => setTimeout(r, 5));
      }
    })();

    // The reader: a full read, then the cursor, through both instances in turn.
    const mirror = emptyMirror();
    let requests = 0;
    let page = await feed(requests++, "?limit=200");
    applyPage(mirror, page);
    while (page.next_cursor !== null)
      applyPage(mirror, (page = await feed(requests++, `?cursor=${page.next_cursor}&limit=200`)));
    let cursor = page.cursor;
    let pages = 0;
    let records = 0;
    const read = async () => {
      page = await feed(requests++, `?cursor=${cursor}&limit=${1 + randomInt(300)}`);
      applyPage(mirror, page);
      for (const e of page.engrams) if (heldUids.includes(e.uid)) heldDelivered.add(e.uid);
      pages++;
      records += page.engrams.length + page.creatures.length + page.mods.length + page.expired_records.length;
      cursor = page.cursor;
    };
    const readerLoop = (async () => {
      while (writing) await read();
    })();

    const holder = new pg.Client({ connectionString: dedicated.database.url });
    await holder.connect();
    const heldLoop = (async () => {
      for (const uid of heldUids) {
        await sleep(1000);
        await holder.query("BEGIN");
        const {
          rows: [row],
        } = await holder.query<{ id: number; txid: string }>(
          `INSERT INTO "changes" ("txid", "kind", "object_id", "label", "deleted", "changed_at")
           VALUES (pg_current_xact_id()::text::bigint, 'engrams', $1, 'held', false, clock_timestamp() AT TIME ZONE 'UTC')
           RETURNING "id", "txid"::text AS "txid"`,
          [uid],
        );
        const since = Date.now();
        const passed = () => comparePositions(decodeCursor(cursor).position, { ...row!, at: 0 }) > 0;
        while (naiveAfter <= row!.id || (!passed() && Date.now() - since < 1000)) {
          expect(Date.now(), "the naive reader never read past a held row").toBeLessThan(since + 30_000);
          await sleep(5);
        }
        await holder.query("COMMIT");
      }
    })();

    const until = Date.now() + WRITE_SECONDS * 1000;
    // A failure names the servers' own error lines (a 500 says nothing else).
    const serverErrors = () =>
      [dedicated.server, second]
        .flatMap((srv) =>
          srv
            .logs()
            .split("\n")
            .filter((l) => /"level":(50|60)/.test(l)),
        )
        .slice(-5)
        .join("\n");
    await Promise.all(
      writers.map(async (w) => {
        while (Date.now() < until)
          await step(w).catch((err: Error) => Promise.reject(new Error(`${err.message}\n${serverErrors()}`)));
      }),
    );
    await heldLoop;
    writing = false;
    await Promise.all([readerLoop, naiveLoop]);
    await holder.end();

    // Catch up: every row logged is behind the cursor (older transactions elsewhere on the
    // server may hold the feed back for a while, never lose a row).
    const {
      rows: [last],
    } = await naive.query<{ txid: string; id: number }>(
      `SELECT "txid"::text AS "txid", "id" FROM "changes" ORDER BY "txid" DESC, "id" DESC LIMIT 1`,
    );
    const deadline = Date.now() + 90_000;
    do {
      await read();
      if (
        page.next_cursor === null &&
        comparePositions(decodeCursor(cursor).position, { txid: last!.txid, id: last!.id, at: 0 }) < 0
      )
        await new Promise((r) => setTimeout(r, 100));
      expect(Date.now(), "the feed did not catch up").toBeLessThan(deadline);
    } while (
      page.next_cursor !== null ||
      comparePositions(decodeCursor(cursor).position, { txid: last!.txid, id: last!.id, at: 0 }) < 0
    );

    const { rows: all } = await naive.query<{ id: number }>(`SELECT "id" FROM "changes"`);
    const { rows: confirmed } = await naive.query<{ id: string }>(
      `SELECT "confirmed_mod_id" AS "id" FROM "mod_registrations" WHERE "confirmed_mod_id" IS NOT NULL`,
    );
    await naive.end();
    const stepped = all.filter((r) => r.id <= naiveAfter && !naiveSeen.has(r.id)).length;

    // The truth, read back over HTTP and from the database after everything settled.
    const truth = {
      engrams: (await createClient({ serverUrl: urls[0]! }).request("GET", "/v1/engram.php")).json<{ uid: string }[]>(),
      creatures: (await createClient({ serverUrl: urls[1]! }).request("GET", "/v1/creature.php")).json<
        { uid: string }[]
      >(),
    };
    const copy = mirrorLists(mirror);
    const uids = (list: { uid: string }[]) => list.map((e) => e.uid).sort();
    const missing = (a: { uid: string }[], b: { uid: string }[]) => uids(a).filter((u) => !new Set(uids(b)).has(u));
    expect(missing(truth.engrams, copy.engrams), "engrams the feed never delivered").toEqual([]);
    expect(missing(copy.engrams, truth.engrams), "deleted engrams the feed left in the copy").toEqual([]);
    expect(missing(truth.creatures, copy.creatures), "creatures the feed never delivered").toEqual([]);
    expect(missing(copy.creatures, truth.creatures), "deleted creatures the feed left in the copy").toEqual([]);
    const byUid = <T extends { uid: string }>(list: T[]) => new Map(list.map((e) => [e.uid, JSON.stringify(e)]));
    expect(byUid(copy.engrams), "engrams as the copy has them").toEqual(byUid(truth.engrams));
    expect(byUid(copy.creatures), "creatures as the copy has them").toEqual(byUid(truth.creatures));
    expect(copy.mods.map((m) => m.mod_id).sort()).toEqual(confirmed.map((r) => r.id).sort());

    // Each held change reached the reader after its transaction committed, though the
    // naive reader had stepped over it (and over whatever else committed out of order).
    expect([...heldDelivered].sort(), "held changes the feed delivered").toEqual([...heldUids].sort());
    expect(stepped, "rows a reader taking them by id alone stepped over").toBeGreaterThanOrEqual(HELD);

    const ops = writers.reduce((n, w) => n + w.ops, 0);
    expect(writers.flatMap((w) => w.failures)).toEqual([]);
    expect(ops).toBeGreaterThan(50);
    // Enough happened for the comparison to mean something. Not a floor on the final
    // catalogue: random deletions of whole mods can leave it small (19 items once, in CI).
    expect(all.length, "changes logged").toBeGreaterThan(50);
    expect(copy.engrams.length + copy.creatures.length).toBeGreaterThan(0);
    console.log(
      `changes-exact: ${ops} writes by ${WRITERS} writers in ${WRITE_SECONDS} s at two instances; the reader took ${pages} pages (${records} records) ` +
        `over ${requests} requests and ends with ${copy.engrams.length} engrams, ${copy.creatures.length} creatures, ${copy.mods.length} mods, as the database; ` +
        `${all.length} changes logged; a reader taking them by id alone would have stepped over ${stepped} (${HELD} of them held on purpose)`,
    );
  }, 240_000);
});
