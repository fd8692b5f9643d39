// The base game's catalogue out of the box: a fresh database gets the shipped
// 820 engrams at start, served by the v1 API and the spawn page (its search,
// answers /spawn/?q= in the HTML); restarts, operators'
// changes, other base-game rows and BASE_CATALOGUE=false are left alone; a file the
// checks refuse is not loaded but the server serves; instances starting together load
// it once. Each test starts servers on a database of its own.
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { classOf, uidOf } from "@/lib/engrams/derive";
import type { EngramJson } from "@/lib/engrams/engram-json";
import type { SpawnRow } from "@/lib/spawn/spawn-filter";
import { createTestDatabase } from "../support/databases";
import { ROOT, startServer, type TestServer } from "../support/test-server";

const engine = inject("engine");
const BASE_COUNT = 820;
const METAL_PICK = "/Game/PrimalEarth/CoreBlueprints/Weapons/PrimalItem_WeaponMetalPick.PrimalItem_WeaponMetalPick";

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function freshDatabase(): Promise<{ url: string; db: Db }> {
  const database = await createTestDatabase(engine, "catalogue");
  cleanups.push(() => database.drop());
  const db = createDb(database.url);
  cleanups.push(() => db.$disconnect());
  return { url: database.url, db };
}

async function start(url: string, env: Record<string, string> = {}): Promise<TestServer> {
  const server = await startServer({ DATABASE_URL: url, BASE_CATALOGUE: "true", ...env });
  cleanups.push(async () => void (await server.stop()));
  return server;
}

async function baseEngrams(server: TestServer): Promise<EngramJson[]> {
  const res = await fetch(`${server.url}/v1/engram.php?mod_id=`);
  expect(res.status).toBe(200);
  return (await res.json()) as EngramJson[];
}

const html = async (url: string) => {
  const res = await fetch(url, { headers: { "Accept-Language": "en" } });
  expect(res.status, url).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
};

/**
 * /spawn/?q= answers with the matching rows in the server's HTML (no
 * JavaScript needed), the words players use included; ?mod_id= is the base game only.
 */
async function spawnPageSearch(url: string, db: Db): Promise<void> {
  for (const q of ["pickaxe", "metal+pickaxe", "metal+pcik", "PrimalItem_WeaponMetalPick_C"]) {
    const page = await html(`${url}/spawn/?q=${q}`);
    expect(page, q).toContain(">Metal Pick<");
    expect(page).toContain(`cheat giveitem &quot;Blueprint&#x27;${METAL_PICK}&#x27;&quot; 1 0 false`);
  }
  const picks = await html(`${url}/spawn/?q=pickaxe`);
  expect(picks).toContain("Showing 2 of 820 engrams");
  expect(picks.indexOf(">Metal Pick<")).toBeLessThan(picks.indexOf(">Stone Pick<"));
  expect(picks).toContain("<title>All spawn codes matching “pickaxe” · Beacon Hub</title>");
  const none = await html(`${url}/spawn/?mod_id=&q=metalpick`);
  expect(none).toContain("No engram matches this view.");
  expect(none).toContain(`href="/spawn/?mod_id=&amp;q=metal+pick"`);
  // An engram of a confirmed mod shows on /spawn/ but not on the base game's page.
  const path = "/Game/Mods/Picks/PrimalItem_ModPick.PrimalItem_ModPick";
  await db.user.create({ data: { id: "22222222-2222-4222-8222-222222222222", publicKey: "unused" } });
  await db.modRegistration.create({
    data: {
      userId: "22222222-2222-4222-8222-222222222222",
      workshopId: "5150",
      name: "Pick Mod",
      confirmationCode: "c",
      confirmed: true,
      confirmedModId: "5150",
      confirmedAt: new Date(),
    },
  });
  await db.engram.create({
    data: {
      uid: uidOf(path),
      path,
      className: classOf(path),
      classKey: classOf(path).toLowerCase(),
      label: "Diamond Pick",
      environments: 1,
      canBlueprint: true,
      modId: "5150",
    },
  });
  expect(await html(`${url}/spawn/?q=pickaxe`)).toContain(">Diamond Pick<");
  const base = await html(`${url}/spawn/?mod_id=&q=pickaxe`);
  expect(base).not.toContain("Diamond Pick");
  expect(base).toContain("<title>Spawn codes for the base game matching “pickaxe” · Beacon Hub</title>");
  expect(base).toContain(`name="mod_id" value=""`);
  await db.engram.delete({ where: { uid: uidOf(path) } });
}

const stamps = async (db: Db) =>
  new Map(
    (await db.engram.findMany({ where: { modId: null }, select: { uid: true, label: true, updatedAt: true } })).map(
      (e) => [e.uid, `${e.label}|${e.updatedAt.toISOString()}`],
    ),
  );

describe(`the base game's catalogue at start on ${engine}`, () => {
  it("loads 820 engrams into a fresh database, served by the API and the spawn page; a restart keeps them and an operator's change", async () => {
    const { url, db } = await freshDatabase();
    const first = await start(url);
    expect(first.logs()).toMatch(/base catalogue: loaded 820 base-game engrams \(820 added, 0 updated\) in \d+ ms/);

    const engrams = await baseEngrams(first);
    expect(engrams).toHaveLength(BASE_COUNT);
    expect(new Set(engrams.map((e) => e.uid)).size).toBe(BASE_COUNT);
    expect(engrams.every((e) => e.mod_id === null && e.mod_name === null)).toBe(true);
    expect(engrams.find((e) => e.path === METAL_PICK)).toMatchObject({
      class: "PrimalItem_WeaponMetalPick_C",
      label: "Metal Pick",
      environments: ["Island", "Scorched"],
      can_blueprint: true,
      uid: uidOf(METAL_PICK),
      mod_id: null,
    });

    // The spawn page with an empty mod_id, and without one, is the base game on a fresh install.
    const rows = (await (await fetch(`${first.url}/spawn/rows.json`)).json()) as SpawnRow[];
    expect(rows).toHaveLength(BASE_COUNT);
    expect(rows.every((r) => r[5] === -1)).toBe(true);
    for (const page of ["/spawn/?mod_id=", "/spawn/"]) {
      const res = await fetch(`${first.url}${page}`);
      expect(res.status).toBe(200);
      const html = (await res.text()).replaceAll("<!-- -->", "");
      expect(html).toContain(`Showing 820 of 820 engrams`);
      expect(html).toContain(`>${rows[0]![0]}<`);
      expect(html).toContain(rows[0]![1]);
    }
    await spawnPageSearch(first.url, db);
    expect(await first.stop()).toBe(0);

    // The operator renames one row; a restart loads nothing and changes nothing.
    const pickUid = uidOf(METAL_PICK);
    await db.engram.update({ where: { uid: pickUid }, data: { label: "Metal Pick (ours)" } });
    const before = await stamps(db);
    const second = await start(url);
    expect(second.logs()).toContain("base catalogue: 820 base-game engrams present, not loaded");
    expect(await stamps(db)).toEqual(before);
    const again = await baseEngrams(second);
    expect(again.find((e) => e.uid === pickUid)!.label).toBe("Metal Pick (ours)");
    // Same bodies, but for resource_url, which names the instance's own port.
    const body = (e: EngramJson) => ({ ...e, resource_url: e.resource_url.replace(/^http:\/\/[^/]+/, "") });
    expect(again.filter((e) => e.uid !== pickUid).map(body)).toEqual(
      engrams.filter((e) => e.uid !== pickUid).map(body),
    );
  }, 240_000);

  it("leaves a database that already holds other base-game engrams alone", async () => {
    const { url, db } = await freshDatabase();
    await migrate(url, { root: ROOT });
    const path = "/Game/PrimalEarth/Operator/PrimalItem_Own.PrimalItem_Own";
    const className = classOf(path);
    await db.engram.create({
      data: {
        uid: uidOf(path),
        path,
        className,
        classKey: className.toLowerCase(),
        label: "Own",
        environments: 1,
        canBlueprint: false,
        modId: null,
      },
    });
    const server = await start(url);
    expect(server.logs()).toContain("base catalogue: 1 base-game engrams present, not loaded");
    expect((await baseEngrams(server)).map((e) => e.label)).toEqual(["Own"]);
    expect(await db.engram.count()).toBe(1);
  }, 120_000);

  it("refuses the whole file when a mod owns one of its paths, says so, and serves without it", async () => {
    const { url, db } = await freshDatabase();
    await migrate(url, { root: ROOT });
    const path =
      "/Game/PrimalEarth/CoreBlueprints/Items/Armor/Saddles/PrimalItemArmor_ScorpionSaddle.PrimalItemArmor_ScorpionSaddle";
    const className = classOf(path);
    const mod = "424242";
    await db.user.create({ data: { id: "11111111-1111-4111-8111-111111111111", publicKey: "unused" } });
    await db.modRegistration.create({
      data: {
        userId: "11111111-1111-4111-8111-111111111111",
        workshopId: mod,
        name: "Squatter",
        confirmationCode: "c",
        confirmed: true,
        confirmedModId: mod,
        confirmedAt: new Date(),
      },
    });
    await db.engram.create({
      data: {
        uid: uidOf(path),
        path,
        className,
        classKey: className.toLowerCase(),
        label: "Mod's saddle",
        environments: 1,
        canBlueprint: true,
        modId: mod,
      },
    });
    const server = await start(url);
    expect(server.logs()).toMatch(
      /base catalogue: NOT LOADED, serving without it .*row 6: path: belongs to mod 424242/s,
    );
    expect(await baseEngrams(server)).toEqual([]);
    expect(await db.engram.findMany({ select: { label: true, modId: true } })).toEqual([
      { label: "Mod's saddle", modId: mod },
    ]);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 120_000);

  it("loads nothing with BASE_CATALOGUE=false", async () => {
    const { url, db } = await freshDatabase();
    const server = await start(url, { BASE_CATALOGUE: "false" });
    expect(server.logs()).toContain("base catalogue: skipped (BASE_CATALOGUE=false)");
    expect(await baseEngrams(server)).toEqual([]);
    expect(await db.engram.count()).toBe(0);
  }, 120_000);

  it("loads it once when two instances start together on one database, and both serve it", async () => {
    const { url, db } = await freshDatabase();
    const servers = await Promise.all([start(url), start(url)]);
    const logs = servers.map((s) => s.logs());
    const lines = logs.join("\n");
    expect(
      logs.filter((l) => /base catalogue: loaded 820 /.test(l)),
      lines,
    ).toHaveLength(1);
    expect(
      logs.filter((l) => l.includes("base catalogue: 820 base-game engrams present, not loaded")),
      lines,
    ).toHaveLength(1);
    expect(logs.join("\n")).not.toContain("NOT LOADED");
    expect(await db.engram.count()).toBe(BASE_COUNT);
    for (const s of servers) expect(await baseEngrams(s)).toHaveLength(BASE_COUNT);
  }, 240_000);
});
