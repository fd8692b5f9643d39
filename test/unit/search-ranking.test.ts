// Search ranks what people mean, with the exact queries of the report,
// against the shipped catalogue, through the spawn page's search (lib/spawn/spawn-search)
// and the loot editor's picker (lib/catalogue/search-items): one ranking
// (lib/catalogue/item-rank.ts), the nearest spelling first, the thing itself before its
// variants, and a tag on every row whose name another row shares.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { creatureFacet, variantRank } from "@/lib/catalogue/creature-variants";
import { categoryNumber } from "@/lib/catalogue/item-categories";
import { sortByLabel } from "@/lib/catalogue/item-order";
import { pickerCatalogue, searchPicker } from "@/lib/catalogue/search-items";
import { itemMark, variantTags } from "@/lib/catalogue/variant-tags";
import { BASE_CATALOGUE_FILES, catalogueRows } from "@/lib/engrams/base-catalogue";
import { classOf } from "@/lib/engrams/derive";
import { validateRows } from "@/lib/engrams/import-engrams";
import type { SpawnRow } from "@/lib/spawn/spawn-filter";
import { findSpawnRows, spawnTags } from "@/lib/spawn/spawn-search";
import { DEFAULT_VIEW, type SpawnTab } from "@/lib/spawn/spawn-view";

const ROOT = join(import.meta.dirname, "../..");
const records = (kind: "engrams" | "creatures") =>
  validateRows(catalogueRows(kind, readFileSync(join(ROOT, BASE_CATALOGUE_FILES[kind]), "utf8"), new Map()), kind, {
    facts: true,
  }).records;
const items = records("engrams");
const creatures = records("creatures");

// The rows as the spawn page holds them: sorted by label (creatures: the creature itself first), ties by path.
const itemRows: SpawnRow[] = sortByLabel(
  items.map((r): SpawnRow => [r.label, r.className, r.path, 0, true, -1, categoryNumber(r.facts!.category)]),
  "en",
  (r) => r[0],
  (r) => r[2],
);
const creatureRows: SpawnRow[] = sortByLabel(
  creatures.map((r): SpawnRow => [
    r.label,
    r.className,
    r.path,
    0,
    false,
    -1,
    creatureFacet({ ...r, tameable: r.facts!.tameable, listedAs: r.facts!.listedAs }),
  ]),
  "en",
  (r) => r[0],
  (r) => `${String(variantRank(r[6])).padStart(2, "0")}${r[2]}`,
);

/** The first rows a query shows on a tab: "label [tag]". */
function spawnTop(tab: SpawnTab, q: string, n = 4): string[] {
  const rows = tab === "creatures" ? creatureRows : itemRows;
  const tags = spawnTags(rows, tab);
  return findSpawnRows(rows, [], { ...DEFAULT_VIEW, tab, q })
    .visible.slice(0, n)
    .map((i) => (tags[i] ? `${rows[i]![0]} [${tags[i]}]` : rows[i]![0]));
}

const picker = pickerCatalogue(
  items.map((r) => ({
    label: r.label,
    class: classOf(r.path),
    path: r.path,
    canBlueprint: true,
    modId: null,
    modName: null,
  })),
);
const pickerTop = (q: string, n = 3) =>
  searchPicker(picker, q, n).map((i) => (i.tag ? `${i.label} [${i.tag}]` : i.label));

describe("search ranks what people mean", () => {
  it('"gigannoto" puts Giganotosaurus first: the nearest spelling, the creature itself', () => {
    expect(spawnTop("creatures", "gigannoto")).toEqual([
      "Giganotosaurus",
      "Giganotosaurus [Tek Cave]",
      "Giganotosaurus [Mission]",
      "Gigantoraptor",
    ]);
  });

  it('"gigantosaurus" puts the base creature before any Tek or other variant', () => {
    const top = spawnTop("creatures", "gigantosaurus", 5);
    expect(top[0]).toBe("Giganotosaurus");
    expect(top.indexOf("Tek Giganotosaurus")).toBeGreaterThan(0);
  });

  it('"tek rifle" gives the Tek Rifle before its mission copies, each tagged, on the spawn page and in the picker', () => {
    const expected = ["Tek Rifle", "Tek Rifle [Mission · Genesis: Part 1]", "Tek Rifle [Mission · Genesis: Part 2]"];
    expect(spawnTop("items", "tek rifle")).toEqual(expected);
    expect(pickerTop("tek rifle")).toEqual(expected);
    expect(pickerTop("gigannoto", 1)).toEqual(spawnTop("items", "gigannoto", 1));
  });

  it('"rex" on the Creatures tab: the Rex, then its mission copies, tagged', () => {
    expect(spawnTop("creatures", "rex", 3)).toEqual(["Rex", "Rex [Mission · Summoned]", "Rex [Mission · Hunt Enemy]"]);
  });
});

describe("tags on duplicate names", () => {
  for (const [tab, rows] of [
    ["items", itemRows],
    ["creatures", creatureRows],
  ] as const)
    it(`tell apart every ${tab} row whose name another shares`, () => {
      const tags = spawnTags(rows, tab);
      const byName = new Map<string, number[]>();
      rows.forEach((r, i) => byName.set(r[0], [...(byName.get(r[0]) ?? []), i]));
      const groups = [...byName.values()].filter((g) => g.length > 1);
      expect(groups.length).toBeGreaterThan(tab === "items" ? 90 : 150);
      // At most one row of a name is untagged (the thing itself), and tags differ.
      const alike = groups.filter((g) => new Set(g.map((i) => tags[i])).size < g.length);
      expect(alike.map((g) => g.map((i) => `${rows[i]![0]} [${tags[i]}] ${rows[i]![2]}`))).toEqual([]);
      const untagged = groups.filter((g) => g.filter((i) => tags[i] === "").length > 1);
      expect(untagged).toEqual([]);
    });

  it("come from the variant, then the folder's map, then the class", () => {
    const row = (label: string, path: string, mark = "") => ({
      label,
      className: `${path.split(".").at(-1)}_C`,
      path,
      mark,
    });
    expect(
      variantTags([
        row(
          "Canteen",
          "/Game/PrimalEarth/X/PrimalItemConsumable_CanteenCraftable.PrimalItemConsumable_CanteenCraftable",
        ),
        row("Canteen", "/Game/PrimalEarth/X/PrimalItemConsumable_CanteenRefill.PrimalItemConsumable_CanteenRefill"),
        row("Gigantopithecus", "/Game/PrimalEarth/Dinos/Bigfoot/Bigfoot_Character_BP.Bigfoot_Character_BP"),
        row(
          "Gigantopithecus",
          "/Game/PrimalEarth/Dinos/Bigfoot/Bigfoot_Character_BP_Aggressive.Bigfoot_Character_BP_Aggressive",
        ),
        row("Unique", "/Game/Genesis2/Missions/Unique.Unique", "Mission"),
      ]),
    ).toEqual(["Craftable", "Refill", "", "Aggressive", "Mission"]);
    expect(
      itemMark(
        "/Game/Genesis/CoreBlueprints/Weapons/Mission/PrimalItem_TekRifle_Gauntlet.PrimalItem_TekRifle_Gauntlet",
        "PrimalItem_TekRifle_Gauntlet_C",
      ),
    ).toBe("Mission");
    expect(
      itemMark(
        "/Game/PrimalEarth/CoreBlueprints/Weapons/PrimalItem_TekRifle.PrimalItem_TekRifle",
        "PrimalItem_TekRifle_C",
      ),
    ).toBe("");
  });
});
