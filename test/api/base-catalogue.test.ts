// The base game's catalogue out of the box: a fresh database gets the shipped 2,129
// engrams and 1,168 creatures at start, served by the v1 API (only the interface's five
// environments, over every row) and the spawn page (its search answers /spawn/?q= in the
// HTML); an install of the 2017 catalogue gains the rows it lacks on start and keeps the
// operator's edit, deletion and own rows; restarts change nothing; BASE_CATALOGUE=false
// loads nothing; a file the checks refuse is not loaded but the server serves; instances
// starting together load it once. Each test starts servers on a database of its own.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createDb, type Db } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { BASE_CATALOGUE_FILES } from "@/lib/engrams/base-catalogue";
import { classOf, uidOf } from "@/lib/engrams/derive";
import { readEngramFile } from "@/lib/engrams/engram-file";
import type { EngramJson } from "@/lib/engrams/engram-json";
import { ENVIRONMENTS } from "@/lib/engrams/environments";
import { importEngrams } from "@/lib/engrams/import-engrams";
import type { SpawnRow } from "@/lib/spawn/spawn-filter";
import { createTestDatabase } from "../support/databases";
import { ROOT, startServer, type TestServer } from "../support/test-server";

const engine = inject("engine");
const BASE_COUNT = 2129;
const CREATURE_COUNT = 1168;
/** ARK: Survival Ascended's creatures (prisma/seed/asa-creatures.csv), loaded beside ASE's */
const ASA_CREATURE_COUNT = 1128;
const METAL_PICK = "/Game/PrimalEarth/CoreBlueprints/Weapons/PrimalItem_WeaponMetalPick.PrimalItem_WeaponMetalPick";
const STONE_PICK = "/Game/PrimalEarth/CoreBlueprints/Weapons/PrimalItem_WeaponStonePick.PrimalItem_WeaponStonePick";
const REX_SADDLE =
  "/Game/PrimalEarth/CoreBlueprints/Items/Armor/Saddles/PrimalItemArmor_RexSaddle.PrimalItemArmor_RexSaddle";
const REX = "/Game/PrimalEarth/Dinos/Rex/Rex_Character_BP.Rex_Character_BP";
const LOADED = new RegExp(
  `base catalogue: loaded ${BASE_COUNT} engrams and ${CREATURE_COUNT} creatures \\((\\d+) added, (\\d+) brought up to date; kept as the operator left them: (\\d+) changed, (\\d+) deleted\\) in \\d+ ms`,
);
const UP_TO_DATE = (changed: number, deleted: number) =>
  `base catalogue: up to date, ${BASE_COUNT} engrams and ${CREATURE_COUNT} creatures shipped (kept as the operator left them: ${changed} changed, ${deleted} deleted), nothing loaded`;
/** added, brought up to date, changed, deleted: as the load's log line says */
const loadCounts = (logs: string) => LOADED.exec(logs)?.slice(1).map(Number);

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

async function baseEngrams(server: TestServer, endpoint = "engram.php"): Promise<EngramJson[]> {
  const res = await fetch(`${server.url}/v1/${endpoint}?mod_id=`);
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
  expect(picks).toContain("Showing 5 of 2,129 engrams");
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

const creatureStamps = async (db: Db) =>
  new Map(
    (await db.creature.findMany({ where: { modId: null }, select: { uid: true, label: true, updatedAt: true } })).map(
      (e) => [e.uid, `${e.label}|${e.updatedAt.toISOString()}`],
    ),
  );

/** Every v1 reply row names only the interface's environments, spelled its way. */
function onlyV1Environments(rows: EngramJson[]): void {
  const allowed = new Set<string>(ENVIRONMENTS);
  const unknown = rows.filter((r) => r.environments.some((e) => !allowed.has(e)));
  expect(unknown.map((r) => `${r.path}: ${r.environments.join(",")}`)).toEqual([]);
}

describe(`the base game's catalogue at start on ${engine}`, () => {
  it("loads 2,129 engrams and 1,168 creatures into a fresh database, served by the API and the spawn page; a restart keeps them and an operator's change", async () => {
    const { url, db } = await freshDatabase();
    const first = await start(url);
    expect(loadCounts(first.logs()), first.logs()).toEqual([BASE_COUNT + CREATURE_COUNT, 0, 0, 0]);

    const engrams = await baseEngrams(first);
    expect(engrams).toHaveLength(BASE_COUNT);
    expect(new Set(engrams.map((e) => e.uid)).size).toBe(BASE_COUNT);
    expect(engrams.every((e) => e.mod_id === null && e.mod_name === null)).toBe(true);
    expect(engrams.find((e) => e.path === METAL_PICK)).toMatchObject({
      class: "PrimalItem_WeaponMetalPick_C",
      label: "Metal Pick",
      environments: ["Island", "Scorched", "Center", "Ragnarok", "Abberation"],
      can_blueprint: true,
      uid: uidOf(METAL_PICK),
      mod_id: null,
    });
    onlyV1Environments(engrams);
    // Items of other maps only, or of maps not known, show no environment rather than a made-up one.
    expect(engrams.filter((e) => e.environments.length === 0).length).toBeGreaterThan(900);
    const creatures = await baseEngrams(first, "creature.php");
    expect(creatures).toHaveLength(CREATURE_COUNT);
    onlyV1Environments(creatures);
    expect(creatures.find((c) => c.path === REX)).toMatchObject({
      label: "Rex",
      environments: ["Island", "Scorched", "Center", "Ragnarok"],
      mod_id: null,
    });
    // The facts beyond v1 are in the rows, never in a v1 reply.
    expect(await db.engram.findUnique({ where: { uid: uidOf(METAL_PICK) } })).toMatchObject({
      maps: 1 | 2 | 4 | 8 | 16 | 32 | 64,
      category: "Weapon",
      blueprintKnown: true,
    });
    expect(await db.creature.findUnique({ where: { uid: uidOf(REX) } })).toMatchObject({
      tameable: true,
      listedAs: "Dinos",
    });
    expect(Object.keys(engrams[0]!)).toEqual([
      "path",
      "class",
      "label",
      "environments",
      "can_blueprint",
      "spawn",
      "uid",
      "resource_url",
      "mod_id",
      "mod_name",
    ]);

    // The spawn page with an empty mod_id, and without one, is the base game on a fresh install.
    const rows = (await (await fetch(`${first.url}/spawn/rows.json`)).json()) as SpawnRow[];
    expect(rows).toHaveLength(BASE_COUNT);
    expect(rows.every((r) => r[5] === -1)).toBe(true);
    for (const page of ["/spawn/?mod_id=", "/spawn/"]) {
      const res = await fetch(`${first.url}${page}`);
      expect(res.status).toBe(200);
      const html = (await res.text()).replaceAll("<!-- -->", "");
      expect(html).toContain(`Showing 2,129 of 2,129 engrams`);
      expect(html).toContain(`>${rows[0]![0].replaceAll("'", "&#x27;")}<`);
      expect(html).toContain(rows[0]![1]);
    }
    await spawnPageSearch(first.url, db);
    expect(await first.stop()).toBe(0);

    // The operator renames one row; a restart loads nothing and changes nothing.
    const pickUid = uidOf(METAL_PICK);
    await db.engram.update({ where: { uid: pickUid }, data: { label: "Metal Pick (ours)" } });
    const before = await stamps(db);
    const beforeCreatures = await creatureStamps(db);
    const second = await start(url);
    expect(second.logs()).toContain(UP_TO_DATE(1, 0));
    expect(await stamps(db)).toEqual(before);
    expect(await creatureStamps(db)).toEqual(beforeCreatures);
    const again = await baseEngrams(second);
    expect(again.find((e) => e.uid === pickUid)!.label).toBe("Metal Pick (ours)");
    // Same bodies, but for resource_url, which names the instance's own port.
    const body = (e: EngramJson) => ({ ...e, resource_url: e.resource_url.replace(/^http:\/\/[^/]+/, "") });
    expect(again.filter((e) => e.uid !== pickUid).map(body)).toEqual(
      engrams.filter((e) => e.uid !== pickUid).map(body),
    );
  }, 240_000);

  it("upgrades an install of the 2017 catalogue: adds the rows it lacks, keeps the operator's edit, deletion and own row", async () => {
    const { url, db } = await freshDatabase();
    await migrate(url, { root: ROOT });
    // The 2017 catalogue, as the previous version loaded it at start (through the importer).
    const file2017 = readFileSync(join(ROOT, BASE_CATALOGUE_FILES.shipped2017), "utf8");
    expect((await importEngrams(db, { rows: readEngramFile(file2017, "csv") })).ok).toBe(true);
    expect(await db.engram.count()).toBe(820);
    // The operator edited one base row, deleted another and added one of their own.
    await db.engram.update({ where: { uid: uidOf(METAL_PICK) }, data: { label: "Metal Pick (ours)" } });
    await db.engram.delete({ where: { uid: uidOf(STONE_PICK) } });
    const own = "/Game/PrimalEarth/Operator/PrimalItem_Own.PrimalItem_Own";
    await db.engram.create({
      data: {
        uid: uidOf(own),
        path: own,
        className: classOf(own),
        classKey: classOf(own).toLowerCase(),
        label: "Own",
        environments: 1,
        canBlueprint: false,
        modId: null,
      },
    });

    const server = await start(url);
    // 819 of the 2017 paths are still shipped: one edited, one deleted, 817 brought up to
    // date; the other 1,310 items and every creature are new.
    expect(loadCounts(server.logs()), server.logs()).toEqual([BASE_COUNT - 819 + CREATURE_COUNT, 817, 1, 1]);
    const engrams = await baseEngrams(server);
    const byPath = new Map(engrams.map((e) => [e.path, e]));
    expect(byPath.get(METAL_PICK)).toMatchObject({ label: "Metal Pick (ours)", environments: ["Island", "Scorched"] });
    expect(byPath.has(STONE_PICK)).toBe(false);
    expect(byPath.get(own)).toMatchObject({ label: "Own", environments: ["Island"], can_blueprint: false });
    // An unchanged 2017 row now says what the new catalogue says.
    expect(byPath.get(REX_SADDLE)!.environments).toEqual(["Island", "Scorched", "Center", "Ragnarok"]);
    expect(await db.engram.findUnique({ where: { uid: uidOf(REX_SADDLE) } })).toMatchObject({
      category: "Equipment/DinoSaddle",
    });
    // 2,129 shipped, less the deletion, plus the operator's row and the 2017 row no longer shipped (a mod's artifact).
    expect(engrams).toHaveLength(BASE_COUNT - 1 + 2);
    onlyV1Environments(engrams);
    expect((await baseEngrams(server, "creature.php")).find((c) => c.path === REX)?.label).toBe("Rex");
    expect(await server.stop()).toBe(0);

    // A later catalogue changed the Rex's label: a row still as shipped follows it, the
    // edited and deleted rows stay as the operator left them, and nothing else moves.
    const rexUid = uidOf(REX);
    await db.creature.update({ where: { uid: rexUid }, data: { label: "Rex (as shipped before)" } });
    const record = await db.catalogueShipped.findUniqueOrThrow({
      where: { kind_uid: { kind: "creatures", uid: rexUid } },
    });
    await db.catalogueShipped.update({
      where: { kind_uid: { kind: "creatures", uid: rexUid } },
      data: { shipped: record.shipped.replace('"Rex"', '"Rex (as shipped before)"') },
    });
    const before = await stamps(db);
    const again = await start(url);
    expect(loadCounts(again.logs()), again.logs()).toEqual([0, 1, 1, 1]);
    expect((await db.creature.findUniqueOrThrow({ where: { uid: rexUid } })).label).toBe("Rex");
    expect(await stamps(db)).toEqual(before);
    expect(await again.stop()).toBe(0);
    const third = await start(url);
    expect(third.logs()).toContain(UP_TO_DATE(1, 1));
  }, 240_000);

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
    const line = readFileSync(join(ROOT, BASE_CATALOGUE_FILES.engrams), "utf8")
      .split("\n")
      .findIndex((l) => l.startsWith(`${path},`));
    expect(server.logs()).toMatch(
      new RegExp(
        `base catalogue: NOT LOADED, serving without it .*prisma/seed/base-game-items.csv: row ${line + 1}: path: belongs to mod 424242`,
        "s",
      ),
    );
    expect(await baseEngrams(server)).toEqual([]);
    expect(await baseEngrams(server, "creature.php")).toEqual([]);
    expect(await db.engram.findMany({ select: { label: true, modId: true } })).toEqual([
      { label: "Mod's saddle", modId: mod },
    ]);
    // ASE's refusal leaves ASA's creatures, loaded on their own, alone.
    expect(await db.catalogueShipped.count()).toBe(ASA_CREATURE_COUNT);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 120_000);

  it("loads nothing with BASE_CATALOGUE=false", async () => {
    const { url, db } = await freshDatabase();
    const server = await start(url, { BASE_CATALOGUE: "false" });
    expect(server.logs()).toContain("base catalogue: skipped (BASE_CATALOGUE=false)");
    expect(await baseEngrams(server)).toEqual([]);
    expect(await db.engram.count()).toBe(0);
    expect(await db.creature.count()).toBe(0);
  }, 120_000);

  it("loads it once when two instances start together on one database, and both serve it", async () => {
    const { url, db } = await freshDatabase();
    const servers = await Promise.all([start(url), start(url)]);
    const logs = servers.map((s) => s.logs());
    const lines = logs.join("\n");
    expect(
      logs.filter((l) => loadCounts(l)?.[0] === BASE_COUNT + CREATURE_COUNT),
      lines,
    ).toHaveLength(1);
    expect(
      logs.filter((l) => l.includes(UP_TO_DATE(0, 0))),
      lines,
    ).toHaveLength(1);
    expect(logs.join("\n")).not.toContain("NOT LOADED");
    expect(await db.engram.count()).toBe(BASE_COUNT);
    expect(await db.creature.count({ where: { game: "ase" } })).toBe(CREATURE_COUNT);
    // ASA's creatures too, once, with a log line of their own.
    expect(await db.creature.count({ where: { game: "asa" } })).toBe(ASA_CREATURE_COUNT);
    expect(
      lines.match(new RegExp(`ASA catalogue: loaded 0 engrams and ${ASA_CREATURE_COUNT} creatures`, "g")),
      lines,
    ).toHaveLength(1);
    for (const s of servers) expect(await baseEngrams(s)).toHaveLength(BASE_COUNT);
  }, 240_000);
});
