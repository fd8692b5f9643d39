// The spawn page over the whole shipped catalogue on a fresh install (BASE_CATALOGUE):
// every item and creature, read without JavaScript. "rex" on the Creatures tab gives the
// Rex first with its summon commands (wild, GMSummon, spawndino then ForceTame);
// variants are marked; the tameable filter; every official map by its name, Extinction
// listing Extinction's items; categories with counts; GiveItemToPlayer and the help
// that says which command works where (and why there is no giveitemnum).
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { SpawnRow } from "@/lib/spawn/spawn-filter";
import { createTestDatabase } from "../support/databases";
import { startServer, type TestServer } from "../support/test-server";

const engine = inject("engine");
const REX = "/Game/PrimalEarth/Dinos/Rex/Rex_Character_BP.Rex_Character_BP";
let server: TestServer;
let drop: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase(engine, "spawncat");
  drop = () => database.drop();
  server = await startServer({ DATABASE_URL: database.url, BASE_CATALOGUE: "true" });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  await drop?.();
});

const html = async (path: string) => {
  const res = await fetch(`${server.url}${path}`, { headers: { "Accept-Language": "en" } });
  expect(res.status, path).toBe(200);
  // Each row's name links to its item page: read the name as text.
  return (await res.text())
    .replaceAll("<!-- -->", "")
    .replace(/<a href="\/spawn\/[^"]*" class="underline decoration-slate-600[^"]*">([^<]*)<\/a>/g, "$1");
};
/** The labels of the rows the server rendered, in order. */
const labels = (page: string) =>
  [...page.matchAll(/<div class="font-medium break-words text-slate-100">([^<]*)/g)].map((m) => m[1]!.trim());
const esc = (s: string) => s.replaceAll('"', "&quot;").replaceAll("'", "&#x27;");
const rowsJson = async (query: string) =>
  (await (await fetch(`${server.url}/spawn/rows.json?${query}`)).json()) as SpawnRow[];

describe(`the spawn page over the whole catalogue on ${engine}`, () => {
  it("holds the 2,129 shipped items and 1,168 creatures; the Creatures tab marks variants", async () => {
    const page = await html("/spawn/");
    expect(page).toContain("Showing 2,129 of 2,129 engrams");
    expect(page).toMatch(/Creatures<span[^>]*>1,168</);
    const creatures = await html("/spawn/?tab=creatures");
    expect(creatures).toContain("Showing 1,168 of 1,168 creatures");
    expect(creatures).not.toContain("ships the base game's engrams only");
    const boss = await html("/spawn/?tab=creatures&q=rockwell");
    expect(boss).toMatch(/Rockwell \(Gamma\)<span[^>]*>Boss · Gamma</);
    expect((await rowsJson("kind=creatures&locale=en")).length).toBe(1168);
  });

  it('"rex" gives the Rex first, tameable, with its summon commands', async () => {
    const page = await html("/spawn/?tab=creatures&q=rex");
    expect(labels(page)[0]).toBe("Rex");
    const first = page.slice(page.indexOf('data-row=""'), page.indexOf('data-row=""', page.indexOf('data-row=""') + 1));
    expect(first).toContain("Rex_Character_BP_C · </span>Base game · tameable");
    expect(first).toContain(esc(`cheat spawndino "Blueprint'${REX}'" 1 1 1 30`));
    // Mission copies also labelled "Rex" come after it, marked.
    expect(page).toMatch(/>Rex<span[^>]*>Mission · Summoned</);
    const tamed = await html("/spawn/?tab=creatures&q=rex&summon=tamed&level=150");
    expect(labels(tamed)[0]).toBe("Rex");
    expect(tamed).toContain(esc(`cheat GMSummon "Rex_Character_BP_C" 150`));
    const forced = await html("/spawn/?tab=creatures&q=rex&summon=forcetame&dist=500");
    expect(forced).toContain(esc(`cheat spawndino "Blueprint'${REX}'" 500 1 1 30 | cheat ForceTame`));
    expect(forced).toContain("ForceTame tames the creature");
  });

  it("ranks what people mean in the HTML: nearest spelling, the thing itself before its tagged variants", async () => {
    const tags = (page: string) =>
      [
        ...page.matchAll(/<div class="font-medium break-words text-slate-100">([^<]*)(?:<span[^>]*>([^<]*)<\/span>)?/g),
      ].map((m) => (m[2] ? `${m[1]!.trim()} [${m[2]}]` : m[1]!.trim()));
    expect(tags(await html("/spawn/?q=tek+rifle"))).toEqual([
      "Tek Rifle",
      "Tek Rifle [Mission · Genesis: Part 1]",
      "Tek Rifle [Mission · Genesis: Part 2]",
    ]);
    expect(tags(await html("/spawn/?tab=creatures&q=gigannoto")).slice(0, 2)).toEqual([
      "Giganotosaurus",
      "Giganotosaurus [Tek Cave]",
    ]);
    expect(labels(await html("/spawn/?tab=creatures&q=gigantosaurus"))[0]).toBe("Giganotosaurus");
  });

  it("filters tameable creatures only", async () => {
    const page = await html("/spawn/?tab=creatures&tame=1");
    expect(page).toMatch(/Tameable only <span[^>]*>\(282\)</);
    expect(page).toContain("Showing 282 of 1,168 creatures");
    expect(page).toMatch(/name="tame" checked="" value="1"/);
  });

  it("offers every official map by its name; Extinction lists Extinction's items", async () => {
    const page = await html("/spawn/");
    for (const name of [
      "The Island",
      "The Center",
      "Scorched Earth",
      "Ragnarok",
      "Aberration",
      "Extinction",
      "Valguero",
      "Genesis: Part 1",
      "Crystal Isles",
      "Genesis: Part 2",
      "Lost Island",
      "Fjordur",
    ])
      expect(page, name).toMatch(new RegExp(`/>${name} <span class="text-slate-400">\\(\\d[\\d,]*\\)</span>`));
    const rows = await rowsJson("locale=en");
    const extinction = rows.filter((r) => r[3] & 32);
    expect(extinction.length).toBeGreaterThan(900);
    const only = await html("/spawn/?map=extinction");
    expect(only).toContain(`Showing ${extinction.length.toLocaleString("en-US")} of 2,129 engrams`);
    expect(only).toMatch(/name="map" checked="" value="extinction"/);
    // An item of Extinction alone (no v1 map) is there.
    const artifact = await html("/spawn/?map=extinction&q=PrimalItemArtifact_Extinction_DesertKaiju");
    expect(labels(artifact)).toEqual(["Artifact of Chaos"]);
    expect(labels(await html("/spawn/?map=island&q=PrimalItemArtifact_Extinction_DesertKaiju"))).toEqual([]);
    // No data set gives Fjordur's items, but their folders do (docs/CATALOGUE.md, "Maps from folders").
    expect(await html("/spawn/?map=fjordur")).toContain("Showing 44 of 2,129 engrams");
  });

  it("derives the map a folder names: Genesis: Part 2's items and creatures, no cosmetic flooding Genesis: Part 1", async () => {
    const gen2 = await html("/spawn/?map=genesis2");
    expect(gen2).toContain("Showing 117 of 2,129 engrams");
    expect(await html("/spawn/?map=genesis2&tab=creatures")).toContain("Showing 383 of 1,168 creatures");
    for (const [map, items] of [
      ["crystalisles", 9],
      ["lostisland", 16],
      ["genesis", 158],
    ] as const)
      expect(await html(`/spawn/?map=${map}`), map).toContain(`Showing ${items} of 2,129 engrams`);
    const rows = await rowsJson("locale=en");
    // A skin in Genesis: Part 1's folder is worn anywhere: the folder gives it no map.
    const skin = rows.find((r) => r[2].includes("/Game/Genesis/") && /PrimalItem(Skin|Costume)_/.test(r[2]))!;
    expect(skin[3] & 128).toBe(0);
    const mutagen = rows.find((r) => r[2].endsWith("PrimalItemConsumable_Mutagen"))!;
    expect(mutagen[3]).toBe(512);
  });

  it("filters by category with counts", async () => {
    const page = await html("/spawn/");
    expect(page).toContain('<option value="saddles">Saddles (109)</option>');
    expect(page).toContain('<option value="armour-feet">Armour: feet (13)</option>');
    const saddles = await html("/spawn/?cat=saddles");
    expect(saddles).toContain("Showing 109 of 2,129 engrams");
    expect(labels(saddles).slice(0, 3)).toEqual(["Allosaurus Saddle", "Amargasaurus Saddle", "Andrewsarchus Saddle"]);
    expect(labels(saddles).filter((l) => l.endsWith(" Saddle")).length).toBeGreaterThan(35);
  });

  it("gives to another player with GiveItemToPlayer, and says which command works where", async () => {
    const page = await html("/spawn/?q=metal+pick&give=player&player=123456789&qty=2");
    expect(page).toContain(
      esc(
        `cheat GiveItemToPlayer 123456789 "Blueprint'/Game/PrimalEarth/CoreBlueprints/Weapons/PrimalItem_WeaponMetalPick.PrimalItem_WeaponMetalPick'" 2 0 false`,
      ),
    );
    expect(page).toContain("giveitemnum</code> is not offered");
    expect(page).toContain("ShowMyAdminManager");
    const missing = await html("/spawn/?q=metal+pick&give=player");
    expect(missing).toContain("Enter the player&#x27;s id");
    expect(missing).not.toContain("GiveItemToPlayer  ");
  });
});

describe(`the catalogue's facts as an API extension on ${engine}`, () => {
  it("?facts adds maps, category and blueprint_known (engrams), tameable and listed_as (creatures); without it the v1 reply is unchanged", async () => {
    type Item = Record<string, unknown> & { path: string; environments: string[] };
    const get = async (path: string) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(200);
      return (await res.json()) as Item[];
    };
    const v1 = await get("/v1/engram.php?mod_id=");
    const withFacts = await get("/v1/engram.php?mod_id=&facts");
    expect(withFacts).toHaveLength(2129);
    expect(v1.every((e) => !("maps" in e) && !("category" in e))).toBe(true);
    // The same items in the same order, v1 keys first and unchanged.
    expect(withFacts.map(({ maps: _, category: __, blueprint_known: ___, ...rest }) => rest)).toEqual(v1);
    const pick = withFacts.find((e) => e.path.endsWith("PrimalItem_WeaponMetalPick"))!;
    expect(Object.keys(pick).slice(-3)).toEqual(["maps", "category", "blueprint_known"]);
    expect(pick).toMatchObject({
      environments: ["Island", "Scorched", "Center", "Ragnarok", "Abberation"],
      maps: ["Island", "Center", "Scorched", "Ragnarok", "Aberration", "Extinction", "Valguero"],
      category: "Weapon",
      blueprint_known: true,
    });
    const artifact = withFacts.find((e) => e.path.endsWith("PrimalItemArtifact_Extinction_DesertKaiju"))!;
    expect(artifact).toMatchObject({ environments: [], maps: ["Extinction"] });
    const tribute = withFacts.find((e) => e.path.endsWith("PrimalItem_BossTribute_DesertKaiju"))!;
    // No data set gives its maps; its folder is Extinction's: the facts say Extinction, v1 stays as it was.
    expect(tribute).toMatchObject({
      environments: [],
      maps: ["Extinction"],
      blueprint_known: false,
      can_blueprint: true,
    });
    const exoBoots = withFacts.find((e) => e.path.endsWith("PrimalItemArmor_TekBoots_Gen2"))!;
    expect(exoBoots).toMatchObject({ environments: [], maps: ["Genesis2"] });
    const creatures = await get("/v1/creature.php?facts&mod_id=");
    expect(creatures).toHaveLength(1168);
    expect(creatures.find((c) => c.path === REX)).toMatchObject({
      label: "Rex",
      maps: ["Island", "Center", "Scorched", "Ragnarok", "Extinction", "Valguero"],
      tameable: true,
      listed_as: "Dinos",
    });
  });
});
