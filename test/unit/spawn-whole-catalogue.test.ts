// The spawn page over the whole catalogue: item categories and creature variants read
// from the shipped data (docs/CATALOGUE.md), the map, category and tameable filters in
// the URL, and the commands for other players and platforms (GiveItemToPlayer,
// spawndino then ForceTame).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  creatureFacet,
  creatureVariant,
  isTameable,
  variantMark,
  variantRank,
} from "@/lib/catalogue/creature-variants";
import { categoryFromParam, categoryNumber, categoryToParam, ITEM_CATEGORIES } from "@/lib/catalogue/item-categories";
import { BASE_CATALOGUE_FILES, catalogueRows } from "@/lib/engrams/base-catalogue";
import { validateRows } from "@/lib/engrams/import-engrams";
import { creatureCommand } from "@/lib/spawn/creature-command";
import { GFI_ONLY_TO_ME, viewCommands } from "@/lib/spawn/row-command";
import { categoryCounts, tameableCount, type SpawnRow } from "@/lib/spawn/spawn-filter";
import { checkCommandOptions, checkCreatureOptions, checkPlayerId } from "@/lib/spawn/spawn-options";
import { findSpawnRows } from "@/lib/spawn/spawn-search";
import { DEFAULT_VIEW, parseSpawnView, spawnViewQuery } from "@/lib/spawn/spawn-view";

const ROOT = join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const items = validateRows(catalogueRows("engrams", read(BASE_CATALOGUE_FILES.engrams), new Map()), "engrams", {
  facts: true,
}).records;
const creatures = validateRows(
  catalogueRows("creatures", read(BASE_CATALOGUE_FILES.creatures), new Map()),
  "creatures",
  { facts: true },
).records;
const facetOf = (r: (typeof creatures)[number]) =>
  creatureFacet({
    path: r.path,
    className: r.className,
    label: r.label,
    tameable: r.facts!.tameable,
    listedAs: r.facts!.listedAs,
  });
const creature = (className: string) => creatures.find((r) => r.className === className)!;
const PATH = "/Game/PrimalEarth/Dinos/Rex/Rex_Character_BP.Rex_Character_BP";

describe("item categories", () => {
  it("group every category the data names, armour by slot, with counts", () => {
    const rows: SpawnRow[] = items.map((r) => [
      r.label,
      r.className,
      r.path,
      0,
      true,
      -1,
      categoryNumber(r.facts!.category),
    ]);
    const counts = categoryCounts(rows);
    const named = (key: string) => counts[ITEM_CATEGORIES.findIndex((c) => c.key === key) + 1];
    expect(named("saddles")).toBe(109);
    expect(named("weapons")).toBe(121);
    expect(named("armour-feet")).toBe(13);
    expect(counts[0]).toBe(69); // the data's items without a type
    expect(counts.reduce((a, b) => a + b, 0)).toBe(2129);
  });
  it("travel in the URL by key, unknown ones ignored", () => {
    expect(categoryToParam(categoryFromParam("saddles"))).toBe("saddles");
    expect(categoryFromParam("unknown")).toBe(0);
    expect(categoryFromParam("nonsense")).toBe(-1);
    expect(categoryNumber(null)).toBe(0);
    expect(categoryNumber("Equipment/Made-up")).toBe(0);
  });
});

describe("creature variants", () => {
  it("mark bosses with their difficulty, missions, VR, corrupted, alphas; the creature itself unmarked", () => {
    const rex = facetOf(creature("Rex_Character_BP_C"));
    expect(isTameable(rex)).toBe(true);
    expect(variantMark(rex)).toBe("");
    expect(variantMark(facetOf(creature("Rockwell_Character_BP_Easy_C")))).toBe("Boss · Gamma");
    expect(variantMark(facetOf(creature("Rex_Character_BP_STA_C")))).toBe("Mission");
    expect(variantMark(facetOf(creature("MegaRex_Character_BP_C")))).toBe("Alpha");
    expect(variantMark(facetOf(creature("Rex_Character_BP_Corrupt_C")))).toBe("Corrupted");
    expect(variantMark(facetOf(creature("Rex_Character_BP_LifeSupport_C")))).toBe("VR");
    expect(
      creatureVariant({ path: "/Game/X/VR/A.A", className: "A_C", label: "VR Rex", tameable: null, listedAs: null }),
    ).toBe("vr");
  });
  it("rank the creature itself, tameable, before every row of the same name that varies it", () => {
    const rexes = creatures.filter((r) => r.label === "Rex");
    expect(rexes.length).toBeGreaterThan(3);
    const best = [...rexes].sort((a, b) => variantRank(facetOf(a)) - variantRank(facetOf(b)))[0]!;
    expect(best.path).toBe(PATH);
    const rows: SpawnRow[] = creatures.map((r) => [r.label, r.className, r.path, 0, false, -1, facetOf(r)]);
    expect(tameableCount(rows)).toBe(282);
    const tame = findSpawnRows(rows, [], { ...DEFAULT_VIEW, tab: "creatures", tameable: true }).visible;
    expect(tame).toHaveLength(282);
    // The tameable filter is the Creatures tab's alone.
    expect(findSpawnRows(rows, [], { ...DEFAULT_VIEW, tab: "items", tameable: true }).visible).toHaveLength(
      rows.length,
    );
  });
});

describe("the view in the URL", () => {
  it("keeps every official map, the category, tameable and the player", () => {
    const view = parseSpawnView(
      new URLSearchParams("map=extinction,crystalisles,abberation&cat=saddles&give=player&player=123456789"),
    );
    expect(view).toMatchObject({ maps: 32 | 256 | 16, giveTo: "player", player: "123456789" });
    expect(spawnViewQuery(view, { kind: "all" })).toBe(
      "?map=aberration,extinction,crystalisles&cat=saddles&give=player&player=123456789",
    );
    const creaturesView = parseSpawnView(new URLSearchParams("tab=creatures&tame=1&summon=forcetame"));
    expect(creaturesView).toMatchObject({ tameable: true, summon: "forcetame" });
    expect(spawnViewQuery(creaturesView, { kind: "base" })).toBe("?mod_id=&tab=creatures&tame=1&summon=forcetame");
  });
});

describe("commands for other players and platforms", () => {
  it("GiveItemToPlayer <player id> with giveitem's arguments; a bad id gives no command and says why", () => {
    const { commandOf } = viewCommands({ ...DEFAULT_VIEW, giveTo: "player", player: " 0042 ", quantity: "3" });
    const row: SpawnRow = ["Metal Pick", "PrimalItem_WeaponMetalPick_C", "/Game/P.P", 1, true, -1, 1];
    expect(commandOf!(row).command).toBe(`cheat GiveItemToPlayer 42 "Blueprint'/Game/P.P'" 3 0 false`);
    expect(checkPlayerId("")).toMatchObject({ ok: false, message: expect.stringContaining("ShowMyAdminManager") });
    expect(checkPlayerId("12a").ok).toBe(false);
    expect(checkPlayerId("000").ok).toBe(false);
    const bad = checkCommandOptions({ ...DEFAULT_VIEW, giveTo: "player", player: "x" });
    expect(bad.options).toBeNull();
    expect(bad.errors.player).toMatch(/whole number/);
    // A GFI code gives only to the admin: for a player the full command stands, saying why.
    const gfi = viewCommands({ ...DEFAULT_VIEW, form: "gfi", giveTo: "player", player: "7" }).commandOf!;
    const coded: SpawnRow = ["Metal Pick", "PrimalItem_WeaponMetalPick_C", "/Game/P.P", 1, true, -1, 1, "lpic"];
    expect(gfi(coded)).toEqual({
      command: `cheat GiveItemToPlayer 7 "Blueprint'/Game/P.P'" 1 0 false`,
      note: GFI_ONLY_TO_ME,
    });
  });
  it("spawndino then ForceTame, placed like a wild one, where GMSummon does not work", () => {
    const checked = checkCreatureOptions({ ...DEFAULT_VIEW, summon: "forcetame", level: "150", distance: "500" });
    expect(creatureCommand(PATH, "Rex_Character_BP_C", checked.options!)).toBe(
      `cheat spawndino "Blueprint'${PATH}'" 500 1 1 150 | cheat ForceTame`,
    );
    expect(checkCreatureOptions({ ...DEFAULT_VIEW, summon: "forcetame", distance: "x" }).errors.distance).toBeDefined();
    expect(checkCreatureOptions({ ...DEFAULT_VIEW, summon: "tamed", distance: "x" }).options).not.toBeNull();
  });
});
