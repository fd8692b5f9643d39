/**
 * Reading Game.ini back into the loot model (lib/loot/game-ini-reader) and writing the
 * model back to document content (lib/loot/write-loot-document), on Default Loot.beacon.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeGameIni } from "@/lib/loot/game-ini";
import { nearestTier, readGameIni } from "@/lib/loot/game-ini-reader";
import { readLootDocument, type LootDocument } from "@/lib/loot/loot-document";
import { qualityNumber, QUALITY_TIERS } from "@/lib/loot/quality";
import { shares } from "@/lib/loot/shares";
import { parseUeValue } from "@/lib/loot/ue-struct";
import { writeLootDocument } from "@/lib/loot/write-loot-document";

const CONTENT = JSON.parse(
  readFileSync(join(__dirname, "../../lib/loot/templates/default-loot.beacon"), "utf8"),
) as Record<string, unknown>;
const doc = readLootDocument(CONTENT)!;
/** The template's own items stand in for the catalogue: class -> path. */
const catalogue = new Map(
  doc.sources.flatMap((s) =>
    s.itemSets.flatMap((set) => set.entries.flatMap((e) => e.items.map((i) => [i.class, i.path] as const))),
  ),
);
const round6 = (xs: number[]) => xs.map((x) => Number(x.toFixed(6)));

/** What a Game.ini line can say about a document, with weights as shares and counts clamped. */
function gameView(d: LootDocument) {
  return d.sources.map((s) => ({
    crate: s.crateClass,
    sets: [Math.min(s.minItemSets, s.itemSets.length), Math.min(s.maxItemSets, s.itemSets.length)],
    setWeights: round6(shares(s.itemSets.map((x) => x.weight))),
    itemSets: s.itemSets.map((set) => ({
      label: set.label,
      items: [
        Math.min(set.minItems, set.entries.length),
        Math.min(set.maxItems, set.entries.length),
        set.itemsRandomWithoutReplacement,
      ],
      entryWeights: round6(shares(set.entries.map((e) => e.weight))),
      entries: set.entries.map((e) => ({
        items: e.items.map((i) => [i.class, i.path]),
        itemWeights: round6(shares(e.items.map((i) => i.weight))),
        quantity: [e.minQuantity, e.maxQuantity],
        tiers: [e.minQuality, e.maxQuality],
        blueprint: e.blueprintChance,
      })),
    })),
  }));
}

describe("Game.ini import", () => {
  it("reads the export of Default Loot.beacon back to the same sources, sets, entries, weights and tiers", () => {
    const ini = writeGameIni(doc, { difficulty: doc.difficulty, canBlueprint: () => true });
    const read = readGameIni(ini, { pathOfClass: (c) => catalogue.get(c) });
    expect(read.problems).toEqual([]);
    expect(read.difficulty).toBe(4);
    expect(gameView(read.doc)).toEqual(gameView(doc));
    expect(read.doc.sources.map((s) => s.label)).toEqual(doc.sources.map((s) => s.label)); // known crates
    expect(read.doc.maps).toBe(13);
  });

  it("turns quality numbers back into the nearest tier with the crate's multipliers and the file's difficulty", () => {
    for (const t of QUALITY_TIERS)
      for (const [m, d] of [
        [1, 4],
        [1.5, 5],
        [3, 6.5],
      ] as const)
        expect(nearestTier(qualityNumber(t, m, d), m, d)).toBe(t);
    const read = readGameIni(
      '[ServerSettings]\nOverrideOfficialDifficulty=5.000000\n[/script/ShooterGame.ShooterGameMode]\nConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=((ItemEntries=((EntryWeight=1,ItemClassStrings=("X_C"),MinQuality=1,MaxQuality=2.21)))))',
    );
    expect(read.difficulty).toBe(5);
    // 1 * 5 = 5 is Tier2's base; 2.21 * 5 = 11.05 lies 3.05 from Tier3's 8 and 3.95 from Tier4's 15.
    expect(read.doc.sources[0]!.itemSets[0]!.entries[0]).toMatchObject({ minQuality: "Tier2", maxQuality: "Tier3" });
  });

  it("reads BlueprintGeneratedClass items and odd case, and lists what it could not read without stopping", () => {
    const text = [
      "[/script/shootergame.shootergamemode]",
      'configoverridesupplycrateitems = (supplycrateclassstring="SupplyCrate_Cave_C",itemsets=((setname="Gear",itementries=((entryweight=2,Items=(BlueprintGeneratedClass\'/Game/Mods/M/Sword.Sword_C\'),ItemsWeights=(1),bForceBlueprint=true)))))',
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="Broken_C",ItemSets=((',
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level15_C",ItemSets=((ItemEntries=((ItemClassStrings=("Unknown_C"),MinQuantity=lots)))))',
      "[ServerSettings]",
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="Elsewhere_C")',
    ].join("\r\n");
    const read = readGameIni(text, { pathOfClass: () => undefined });
    expect(read.doc.sources.map((s) => s.crateClass)).toEqual(["SupplyCrate_Cave_C", "SupplyCrate_Level15_C"]);
    const cave = read.doc.sources[0]!;
    expect(cave.useBlueprints).toBe(true);
    expect(cave.itemSets[0]!.entries[0]).toMatchObject({
      weight: 2,
      blueprintChance: 1,
      items: [{ class: "Sword_C", path: "/Game/Mods/M/Sword.Sword", weight: 1 }],
    });
    expect(read.problems).toEqual([
      "line 2: the crate SupplyCrate_Cave_C is not a known crate: labelled by its class, quality multipliers taken as 1",
      "line 3: could not be read (missing ) at character 78), skipped",
      "line 4, set 1, entry 1: the class Unknown_C is not in the catalogue (kept by class)",
      'line 4, set 1, entry 1, MinQuantity: "lots" is not a number',
      "line 6: a supply crate line outside [/script/shootergame.shootergamemode] (the game ignores it there), skipped",
    ]);
  });

  it("parses the UE struct syntax and refuses what is not", () => {
    expect(parseUeValue(`(A=1,B="x, y",C=(1,2),D=BlueprintGeneratedClass'/Game/A.A_C')`)).toEqual({
      kind: "list",
      items: [
        { key: "A", value: { kind: "text", text: "1", quoted: false } },
        { key: "B", value: { kind: "text", text: "x, y", quoted: true } },
        {
          key: "C",
          value: {
            kind: "list",
            items: [
              { value: { kind: "text", text: "1", quoted: false } },
              { value: { kind: "text", text: "2", quoted: false } },
            ],
          },
        },
        { key: "D", value: { kind: "text", text: "BlueprintGeneratedClass'/Game/A.A_C'", quoted: false } },
      ],
    });
    for (const bad of ["(A=1", '(A="x)', "(A=1))", "(".repeat(40) + ")".repeat(40)])
      expect(() => parseUeValue(bad)).toThrow();
  });
});

describe("the loot model written back to document content", () => {
  it("keeps every key and value of Default Loot.beacon (semantically equal JSON)", () => {
    expect(writeLootDocument(doc)).toEqual(CONTENT);
    expect(Object.keys(writeLootDocument(doc))).toEqual(Object.keys(CONTENT));
  });

  it("writes an import as a version-2 document the reader reads back the same", () => {
    const read = readGameIni(writeGameIni(doc, { difficulty: 4, canBlueprint: () => true }), {
      pathOfClass: (c) => catalogue.get(c),
    });
    const content = writeLootDocument({ ...read.doc, title: "From Game.ini" }, "0f1e2d3c-4b5a-4968-8776-655443322110");
    expect(content).toMatchObject({
      Version: 2,
      Identifier: "0f1e2d3c-4b5a-4968-8776-655443322110",
      Title: "From Game.ini",
      Public: true,
      DifficultyValue: 4,
      Map: 13,
    });
    expect(gameView(readLootDocument(JSON.parse(JSON.stringify(content)))!)).toEqual(gameView(doc));
  });
});
