// The shipped base catalogue (prisma/seed/base-game-items.csv, base-game-creatures.csv)
// as the start-up load reads it: every row passes the importer's checks with the
// catalogue's facts, the rules docs/CATALOGUE.md states hold, and nothing the data
// leaves empty is made up. The maps' names and bits (lib/catalogue/game-maps.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  ALL_GAME_MAPS_MASK,
  GAME_MAPS,
  gameMapsOf,
  knownMapsMask,
  parseGameMaps,
  V1_MAPS_MASK,
} from "@/lib/catalogue/game-maps";
import { BASE_CATALOGUE_FILES, catalogueRows, shippedValues } from "@/lib/engrams/base-catalogue";
import { uidOf } from "@/lib/engrams/derive";
import { ENVIRONMENTS } from "@/lib/engrams/environments";
import { validateRows } from "@/lib/engrams/import-engrams";
import { parseCsv } from "@/lib/csv/parse-csv";

const ROOT = join(import.meta.dirname, "../..");
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");
const old = new Map(
  parseCsv(read(BASE_CATALOGUE_FILES.shipped2017))
    .slice(1)
    .map((r) => [
      uidOf(r.fields[0]!),
      { path: r.fields[0]!, label: r.fields[1]!, availability: r.fields[2]!, can_blueprint: r.fields[3]! },
    ]),
);
const items = validateRows(catalogueRows("engrams", read(BASE_CATALOGUE_FILES.engrams), old), "engrams", {
  facts: true,
});
const creatures = validateRows(catalogueRows("creatures", read(BASE_CATALOGUE_FILES.creatures), old), "creatures", {
  facts: true,
});
const item = (path: string) => items.records.find((r) => r.path.endsWith(`/${path}.${path}`))!;
const creature = (path: string) => creatures.records.find((r) => r.path.endsWith(`/${path}.${path}`))!;

describe("the shipped catalogue files", () => {
  it("hold 2,129 items and 1,168 creatures (two repeated paths merged), all of them passing the importer's checks", () => {
    expect(items.errors).toEqual([]);
    expect(creatures.errors).toEqual([]);
    expect(items.records).toHaveLength(2129);
    expect(creatures.records).toHaveLength(1168);
    expect(parseCsv(read(BASE_CATALOGUE_FILES.creatures)).length - 1).toBe(1170);
    expect([...items.records, ...creatures.records].every((r) => r.modId === null)).toBe(true);
    // The merged row keeps the first row's label and gains the later row's tameable flag.
    expect(creature("Bone_Stego_Character_BP")).toMatchObject({
      label: "Skeletal Stegosaurus",
      facts: { tameable: false, listedAs: "Event Creatures" },
    });
  });

  it("put every label on one line, never empty, never the data set's placeholder", () => {
    for (const r of [...items.records, ...creatures.records]) {
      expect(r.label, r.path).toMatch(/^\S(.*\S)?$/);
      expect(r.label).not.toMatch(/\s{2}|\n/);
      expect(r.label).not.toBe("Multiple Values");
    }
    expect(item("PrimalItem_BossTribute_Aberration_Easy").label).toBe("Generate Aberration (Gamma) Portal");
    // The placeholder: the 2017 catalogue's label; an empty label: the class name.
    expect(item("PrimalItemTrophy_Broodmother").label).toBe("Broodmother Trophy");
    expect(item("PrimalItem_Base").label).toBe("PrimalItem_Base_C");
  });

  it("keep the data's maps, category, blueprintability and tameable flag, and leave unknown what it leaves empty", () => {
    const pick = item("PrimalItem_WeaponMetalPick");
    expect(pick).toMatchObject({ environments: 0b11111, canBlueprint: true });
    expect(gameMapsOf(pick.facts!.maps!).map((m) => m.key)).toEqual([
      "Island",
      "Center",
      "Scorched",
      "Ragnarok",
      "Aberration",
      "Extinction",
      "Valguero",
    ]);
    expect(pick.facts).toMatchObject({ category: "Weapon", blueprintKnown: true });
    // An item of Extinction only: no v1 map, so v1 environments are empty.
    const extinctionOnly = items.records.filter((r) => r.facts!.maps === 32);
    expect(extinctionOnly.length).toBeGreaterThan(50);
    expect(extinctionOnly.every((r) => r.environments === 0)).toBe(true);
    // A tribute the data has no maps or blueprintability for.
    expect(item("PrimalItem_BossTribute_DesertKaiju")).toMatchObject({
      environments: 0,
      canBlueprint: undefined,
      facts: { maps: null, blueprintKnown: false, category: "MiscConsumable/Food" },
    });
    expect(items.records.filter((r) => r.facts!.maps === null)).toHaveLength(847);
    expect(items.records.filter((r) => !r.facts!.blueprintKnown)).toHaveLength(847);
    expect(creature("Rex_Character_BP")).toMatchObject({
      label: "Rex",
      facts: { tameable: true, listedAs: "Dinos" },
    });
    expect(creature("BionicRex_Character_BP_Malfunctioned").facts).toMatchObject({ tameable: null, maps: null });
    // No v1 reply can show a value the interface does not know.
    for (const r of [...items.records, ...creatures.records]) expect(r.environments & ~V1_MAPS_MASK).toBe(0);
  });

  it("record what was shipped with the values a row holds once loaded", () => {
    const pick = item("PrimalItem_WeaponMetalPick");
    expect(
      shippedValues("engrams", {
        ...pick,
        canBlueprint: true,
        maps: pick.facts!.maps,
        category: "Weapon",
        blueprintKnown: true,
      }),
    ).toBe(JSON.stringify([pick.path, "Metal Pick", 31, true, pick.facts!.maps, "Weapon", true]));
  });
});

describe("the game's maps", () => {
  it("are the twelve official ASE maps, the v1 five keeping their environments bits", () => {
    expect(GAME_MAPS.map((m) => m.name)).toEqual([
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
    ]);
    expect(ALL_GAME_MAPS_MASK).toBe(4095);
    ENVIRONMENTS.forEach((name, i) => expect(parseGameMaps(name)).toEqual({ ok: true, mask: 1 << i }));
  });

  it("read the names players, the data sets and the interface use, and refuse others", () => {
    expect(parseGameMaps("Island;Genesis;Crystal Isles")).toEqual({ ok: true, mask: 1 | 128 | 256 });
    expect(parseGameMaps(["Genesis: Part 2", "lostisland", "The Center", "Abberation"])).toEqual({
      ok: true,
      mask: 512 | 1024 | 4 | 16,
    });
    expect(parseGameMaps("Atlantis")).toMatchObject({
      ok: false,
      message: expect.stringContaining('unknown map "Atlantis"'),
    });
    expect(parseGameMaps(7)).toMatchObject({ ok: false });
  });

  it("take the v1 maps from environments and the others from maps", () => {
    expect(knownMapsMask(1, null)).toBe(1);
    expect(knownMapsMask(1, 31 | 32)).toBe(1 | 32);
    expect(knownMapsMask(0, 2048)).toBe(2048);
  });
});
