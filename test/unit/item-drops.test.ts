/**
 * The crates that drop an item (lib/loot/item-drops.ts): the derived file is what the odds
 * engine computes now, and its figures read back per item as each crate's own odds give them.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { computeItemDrops, itemDrops, ITEM_DROPS_FILE, type ItemDropsFile } from "@/lib/loot/item-drops";
import { computeCrateChoices, CRATE_CHOICES_FILE, gameCrateOddsSource, gameCrates } from "@/lib/loot/game-crates";
import { CRATE_GROUPS, KNOWN_CRATES, knownCrate } from "@/lib/loot/known-crates";
import { sourceOdds } from "@/lib/loot/odds/odds";

describe("the crates that drop an item", () => {
  it(`${ITEM_DROPS_FILE} is current: run npx tsx scripts/derive-loot-indexes.ts when this fails`, () => {
    const stored = JSON.parse(readFileSync(join(__dirname, "../..", ITEM_DROPS_FILE), "utf8"));
    expect(stored).toEqual(computeItemDrops());
  }, 60_000);

  it("lists the Tek Rifle's 11 crates, most likely first, with their own odds", () => {
    const drops = itemDrops("primalitem_tekrifle_c");
    expect(drops).toHaveLength(11);
    const chances = drops.map((d) => d.atLeastOne);
    expect(chances).toEqual([...chances].sort((a, b) => b - a));
    for (const d of drops) {
      const own = sourceOdds(gameCrateOddsSource(d.crate.crate)).items.find((i) => i.key === "PrimalItem_TekRifle_C")!;
      expect(d.atLeastOne).toBeCloseTo(own.atLeastOne.value, 5);
      expect(d.expected).toBeCloseTo(own.expected.value, 4);
      expect(d.atLeastOne).toBeGreaterThan(0);
      expect(d.atLeastOne).toBeLessThanOrEqual(1);
    }
  });

  it("adds up per crate: an Island red crate's items' expected units are its expected units", () => {
    const red = gameCrates().find((r) => r.crate.class === "SupplyCrate_Level60_C" && r.map === "island")!;
    const odds = sourceOdds(gameCrateOddsSource(red.crate));
    const index = gameCrates().indexOf(red);
    // the stored file (the first test holds it equal to what the engine computes)
    const file = JSON.parse(readFileSync(join(__dirname, "../..", ITEM_DROPS_FILE), "utf8")) as ItemDropsFile;
    const fromFile = Object.values(file.drops)
      .flat()
      .filter(([i]) => i === index)
      .reduce((sum, [, , expected]) => sum + expected, 0);
    const unnamed = odds.items.filter((i) => !i.key).reduce((sum, i) => sum + i.expected.value, 0);
    expect(fromFile + unnamed).toBeCloseTo(odds.expectedItems.value, 3);
  });

  it("knows nothing of an item no crate drops", () => {
    expect(itemDrops("PrimalItem_NoSuchThing_C")).toEqual([]);
  });
});

describe("the loot editor's crates", () => {
  it(`${CRATE_CHOICES_FILE} is current: run npx tsx scripts/derive-loot-indexes.ts when this fails`, () => {
    const stored = JSON.parse(readFileSync(join(__dirname, "../..", CRATE_CHOICES_FILE), "utf8"));
    expect(stored).toEqual(computeCrateChoices(KNOWN_CRATES.map((c) => c.crateClass)));
  });

  it("offers Default Loot's six first, then every other class of the game's data once", () => {
    expect(CRATE_GROUPS[0]!.crates).toEqual(KNOWN_CRATES);
    const all = CRATE_GROUPS.flatMap((g) => g.crates.map((c) => c.crateClass.toLowerCase()));
    expect(new Set(all).size).toBe(all.length);
    const classes = new Set(gameCrates().map((r) => r.crate.class.toLowerCase()));
    expect(new Set(all)).toEqual(classes);
    // The Large Beaver Dam, twice in the data (Lost Island and Ragnarok), is one choice on both maps.
    const dam = knownCrate("SupplyCrateBaseBP_Instantaneous_DamLogs_Child_C")!;
    expect(dam.availability).toBe(8 | 1024);
    // A game crate fills what the data knows; Default Loot's keep their colours.
    expect(knownCrate("supplycrate_level60_c")!.uiColor).toBe("FFBABA00");
    const cave = gameCrates().find((r) => r.crate.kind === "crate" && r.crate.qualityMult.max > 1)!;
    expect(knownCrate(cave.crate.class)).toMatchObject({
      label: cave.title,
      multiplierMin: cave.crate.qualityMult.min,
      multiplierMax: cave.crate.qualityMult.max,
    });
  });
});
