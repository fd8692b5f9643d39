/**
 * The loot model and the one Game.ini writer (lib/loot), pinned on the v1-era client's
 * real document `Default Loot.beacon` (lib/loot/templates) with numbers worked out by
 * hand from LOOT-FORMAT.md, and on edge cases.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GAME_INI_SECTION, supplyCrateLine, writeGameIni } from "@/lib/loot/game-ini";
import { iniNumber } from "@/lib/loot/ini-number";
import { readLootDocument, type LootDocument, type LootSource } from "@/lib/loot/loot-document";
import { mapBit, mapNames, readMapMask } from "@/lib/loot/maps";
import { parseQualityTier, qualityName, qualityNumber, QUALITY_TIERS } from "@/lib/loot/quality";
import { percent, shares } from "@/lib/loot/shares";

const DEFAULT_LOOT = JSON.parse(
  readFileSync(join(__dirname, "../../lib/loot/templates/default-loot.beacon"), "utf8"),
) as Record<string, unknown>;
const anyBlueprint = { canBlueprint: () => true };

function loot(content: unknown): LootDocument {
  const doc = readLootDocument(content);
  if (!doc) throw new Error("not a loot document");
  return doc;
}
const source = (doc: LootDocument, label: string): LootSource => doc.sources.find((s) => s.label === label)!;
/** The entries of a line, split at "),(" boundaries of ItemEntries, for pointed checks. */
const entryTexts = (line: string) =>
  line.match(/\(EntryWeight=[^()]*\([^()]*\),ItemsWeights=\([^()]*\)[^()]*\)/g) ?? [];

describe("Default Loot.beacon read into the loot model", () => {
  const doc = loot(DEFAULT_LOOT);
  it("has its six sources, header values and every item", () => {
    expect(doc.sources.map((s) => s.label)).toEqual([
      "Island White (Level 3)",
      "Island Green (Level 15)",
      "Island Blue (Level 25)",
      "Island Purple (Level 35)",
      "Island Yellow (Level 45)",
      "Island Red (Level 60)",
    ]);
    expect(doc.title).toBe("Default Loot");
    expect(doc.difficulty).toBe(4);
    expect(mapNames(doc.maps)).toEqual(["Island"]);
    expect(mapNames(doc.sources[0]!.availability)).toEqual(["Island", "Center", "Ragnarok"]);
    expect(doc.sources[1]!.uiColor).toBe("00FF0000");
    const items = doc.sources.flatMap((s) => s.itemSets.flatMap((set) => set.entries.flatMap((e) => e.items)));
    expect(items).toHaveLength(276);
    expect(items[0]).toEqual({
      class: "PrimalItemStructure_Campfire_C",
      path: "/Game/PrimalEarth/CoreBlueprints/Items/Structures/Misc/PrimalItemStructure_Campfire.PrimalItemStructure_Campfire",
      weight: 1,
    });
    expect(doc.problems).toEqual([]);
  });
});

describe("Game.ini of Default Loot.beacon (numbers worked by hand)", () => {
  const doc = loot(DEFAULT_LOOT);
  const ini = writeGameIni(doc, { difficulty: doc.difficulty, ...anyBlueprint });
  const lines = ini.split("\n");

  it("is the section header and one line per source", () => {
    expect(lines[0]).toBe(GAME_INI_SECTION);
    expect(lines.slice(1, -1)).toHaveLength(6);
    expect(lines.at(-1)).toBe("");
    for (const line of lines.slice(1, -1))
      expect(line.startsWith('ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level')).toBe(true);
  });

  it("writes the white crate's first set and entry exactly (7 sets of weight 0.5: 1/7 each; 6 entries of 1: 1/6 each)", () => {
    expect(
      lines[1]!.startsWith(
        'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",MinItemSets=1,MaxItemSets=3,NumItemSetsPower=1,bSetsRandomWithoutReplacement=true,' +
          'ItemSets=((SetName="Campsite",MinNumItems=6,MaxNumItems=6,NumItemsPower=1,SetWeight=0.142857,bItemsRandomWithoutReplacement=true,' +
          'ItemEntries=((EntryWeight=0.166667,ItemClassStrings=("PrimalItemStructure_Campfire_C"),ItemsWeights=(1),MinQuantity=1,MaxQuantity=2,MinQuality=0,MaxQuality=0,bForceBlueprint=false,ChanceToBeBlueprintOverride=0),',
      ),
    ).toBe(true);
    expect(lines[1]!.endsWith("))))")).toBe(true);
  });

  it("writes Tier1 as 0 and Tier2 as 5 / ((1 + 0) * 4) = 1.25 at the document's difficulty 4", () => {
    const clothing = entryTexts(lines[1]!).find((e) =>
      e.includes('"PrimalItemArmor_ClothPants_C","PrimalItemArmor_ClothShirt_C"'),
    )!;
    expect(clothing).toContain("MinQuality=1.25,MaxQuality=1.25,bForceBlueprint=true,ChanceToBeBlueprintOverride=1");
  });

  it("keeps item weights relative within an entry (0.5, 0.167, 0.167, 0.166 sum to 1)", () => {
    const meat = entryTexts(lines[1]!).find((e) => e.includes('"PrimalItemConsumable_RawMeat_C"'))!;
    expect(meat).toMatch(/ItemsWeights=\(0\.5,0\.167,0\.167,0\.166\)/);
  });

  it("divides set weights by their sum: 0.5 / 4.499 and 0.333 / 4.499 in the green crate", () => {
    expect(lines[2]).toContain('SetName="Wood Shack",MinNumItems=6,MaxNumItems=6,NumItemsPower=1,SetWeight=0.111136,');
    expect(lines[2]).toContain(
      'SetName="Advanced Wood Housing: Flooring",MinNumItems=5,MaxNumItems=5,NumItemsPower=1,SetWeight=0.074016,',
    );
  });

  it("clamps counts to the children: 3 item sets of 1, 2 items of a 1-entry set", () => {
    expect(lines[3]).toContain('SupplyCrateClassString="SupplyCrate_Level25_C",MinItemSets=1,MaxItemSets=1,');
    expect(lines[2]).toContain('SetName="Saddles",MinNumItems=1,MaxNumItems=1,');
  });

  it("writes a blueprint chance of 0.5 as it is, and 0 when no item of the entry can be blueprinted", () => {
    const chitin = (text: string) => entryTexts(text).find((e) => e.includes('"PrimalItemArmor_ChitinBoots_C"'))!;
    expect(chitin(lines[3]!)).toContain("bForceBlueprint=false,ChanceToBeBlueprintOverride=0.5)");
    const none = supplyCrateLine(source(doc, "Island Blue (Level 25)"), { difficulty: 4, canBlueprint: () => false });
    expect(chitin(none)).toContain("bForceBlueprint=false,ChanceToBeBlueprintOverride=0)");
    const some = supplyCrateLine(source(doc, "Island Blue (Level 25)"), {
      difficulty: 4,
      canBlueprint: (i) => i.class === "PrimalItemArmor_ChitinHelmet_C",
    });
    expect(chitin(some)).toContain("ChanceToBeBlueprintOverride=0.5)");
  });

  it("uses the difficulty it is given: Tier2 at difficulty 5 is 1", () => {
    const five = writeGameIni(doc, { difficulty: 5, ...anyBlueprint });
    expect(
      entryTexts(five.split("\n")[1]!).find((e) =>
        e.includes('"PrimalItemArmor_ClothPants_C","PrimalItemArmor_ClothShirt_C"'),
      ),
    ).toContain("MinQuality=1,MaxQuality=1,");
  });
});

describe("quality numbers", () => {
  it("names and scales every tier (multiplier 1, difficulty 4)", () => {
    expect(QUALITY_TIERS.map((t) => iniNumber(qualityNumber(t, 1, 4)))).toEqual([
      "0",
      "1.25",
      "2",
      "3.75",
      "5.5",
      "7",
      "9",
      "11",
      "14",
    ]);
    expect(QUALITY_TIERS.slice(0, 6).map(qualityName)).toEqual([
      "Primitive",
      "Ramshackle",
      "Apprentice",
      "Journeyman",
      "Mastercraft",
      "Ascendant",
    ]);
  });

  it("applies a crate multiplier other than 1: Tier5 with 1.5 at difficulty 4 is 22 / ((1.5 + 0.1) * 4) = 3.4375", () => {
    expect(qualityNumber("Tier5", 1.5, 4)).toBe(3.4375);
    expect(iniNumber(qualityNumber("Tier6", 2.5, 5))).toBe("2"); // 28 / ((2.5 + 0.3) * 5) = 28 / 14
    expect(iniNumber(qualityNumber("Tier4", 1.25, 4.5))).toBe("2.564103"); // 15 / ((1.25 + 0.05) * 4.5) = 15 / 5.85 = 2.5641025...
  });

  it("writes one entry of each tier with multipliers 1.5 / 2 at difficulty 4 (worked by hand: base / 6.4 and base / 8.8)", () => {
    const tiers = QUALITY_TIERS.map((t) => ({ MinQuality: t, MaxQuality: t, Items: [{ Class: `${t}_C` }] }));
    const doc = loot({
      LootSources: [
        { SupplyCrateClassString: "A_C", Multiplier_Min: 1.5, Multiplier_Max: 2, ItemSets: [{ ItemEntries: tiers }] },
      ],
    });
    const qualities = entryTexts(supplyCrateLine(doc.sources[0]!, { difficulty: 4, ...anyBlueprint })).map((e) =>
      /MinQuality=([^,]+),MaxQuality=([^,]+),/.exec(e)!.slice(1).join(" / "),
    );
    expect(qualities).toEqual([
      "0 / 0", // Tier1: 0
      "0.78125 / 0.568182", // Tier2: 5
      "1.25 / 0.909091", // Tier3: 8
      "2.34375 / 1.704545", // Tier4: 15
      "3.4375 / 2.5", // Tier5: 22
      "4.375 / 3.181818", // Tier6: 28
      "5.625 / 4.090909", // Tier7: 36
      "6.875 / 5", // Tier8: 44
      "8.75 / 6.363636", // Tier9: 56
    ]);
  });

  it("uses Multiplier_Min for MinQuality and Multiplier_Max for MaxQuality", () => {
    const doc = loot({
      LootSources: [
        {
          SupplyCrateClassString: "SupplyCrate_Cave_QualityTier3_C",
          Multiplier_Min: 1.5,
          Multiplier_Max: 3,
          ItemSets: [
            {
              ItemEntries: [{ MinQuality: "Tier3", MaxQuality: "Tier5", Items: [{ Class: "X_C", Path: "/Game/X.X" }] }],
            },
          ],
        },
      ],
    });
    // Min: 8 / ((1.5 + 0.1) * 4) = 1.25; Max: 22 / ((3 + 0.4) * 4) = 1.617647...
    expect(supplyCrateLine(doc.sources[0]!, { difficulty: 4, ...anyBlueprint })).toContain(
      "MinQuality=1.25,MaxQuality=1.617647,",
    );
  });

  it("reads tier names in any case and nothing else", () => {
    expect(parseQualityTier("tier7")).toBe("Tier7");
    expect(parseQualityTier("Tier0")).toBeUndefined();
    expect(parseQualityTier(3)).toBeUndefined();
  });
});

describe("edge cases", () => {
  const line = (content: unknown) =>
    supplyCrateLine(loot({ LootSources: [content] }).sources[0]!, { difficulty: 4, ...anyBlueprint });

  it("writes zero weights as 0 shares, never NaN", () => {
    const text = line({
      SupplyCrateClassString: "A_C",
      ItemSets: [{ SetWeight: 0, ItemEntries: [{ EntryWeight: 0, Items: [{ Class: "X_C", Weight: 0 }] }] }],
    });
    expect(text).toContain("SetWeight=0,");
    expect(text).toContain("EntryWeight=0,");
    expect(text).toContain("ItemsWeights=(0)");
    expect(text).not.toContain("NaN");
  });

  it("writes empty sets and sources with counts clamped to 0", () => {
    expect(line({ SupplyCrateClassString: "A_C", MinItemSets: 2, MaxItemSets: 4, ItemSets: [] })).toBe(
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="A_C",MinItemSets=0,MaxItemSets=0,NumItemSetsPower=1,bSetsRandomWithoutReplacement=true,ItemSets=())',
    );
    expect(
      line({ SupplyCrateClassString: "A_C", ItemSets: [{ Label: "Empty", MinNumItems: 3, MaxNumItems: 5 }] }),
    ).toContain(
      'SetName="Empty",MinNumItems=0,MaxNumItems=0,NumItemsPower=1,SetWeight=1,bItemsRandomWithoutReplacement=true,ItemEntries=()',
    );
  });

  it("fills missing keys with the client's defaults and derives a class from the path", () => {
    expect(line({ ItemSets: [{ ItemEntries: [{ Items: [{ Path: "/Game/Mods/M/Sword.Sword" }] }] }] })).toBe(
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="",MinItemSets=1,MaxItemSets=1,NumItemSetsPower=1,bSetsRandomWithoutReplacement=true,ItemSets=((SetName="",MinNumItems=1,MaxNumItems=1,NumItemsPower=1,SetWeight=1,bItemsRandomWithoutReplacement=true,ItemEntries=((EntryWeight=1,ItemClassStrings=("Sword_C"),ItemsWeights=(1),MinQuantity=1,MaxQuantity=1,MinQuality=0,MaxQuality=0,bForceBlueprint=false,ChanceToBeBlueprintOverride=0)))))',
    );
  });

  it("writes BlueprintGeneratedClass paths when the source uses blueprints, and the desert crate as the game names it", () => {
    const text = line({
      SupplyCrateClassString: "Beacon:ScorchedEarthDesertCrate_C",
      UseBlueprints: true,
      ItemSets: [
        {
          ItemEntries: [
            {
              Items: [
                { Class: "Sword_C", Path: "/Game/Mods/M/Sword.Sword" },
                { Class: "Axe_C", Path: "/Game/Mods/M/Axe.Axe", Weight: 3 },
              ],
            },
          ],
        },
      ],
    });
    expect(text).toContain('SupplyCrateClassString="SupplyCreate_OceanInstant_High_C"');
    expect(text).toContain(
      "Items=(BlueprintGeneratedClass'/Game/Mods/M/Sword.Sword_C',BlueprintGeneratedClass'/Game/Mods/M/Axe.Axe_C'),ItemsWeights=(0.25,0.75)",
    );
  });

  it("cannot be made to write another line or section from document text", () => {
    const text = line({
      SupplyCrateClassString: 'A_C")\n[ServerSettings]\nAdminPassword=x',
      ItemSets: [{ Label: 'Set"\r\n[X]', ItemEntries: [{ Items: [{ Class: 'B_C"),("Evil' }] }] }],
    });
    expect(text).not.toMatch(/[\r\n]/);
    expect(text).toContain('SupplyCrateClassString="A_CServerSettingsAdminPasswordx"');
    expect(text).toContain('SetName="Set[X]"');
    expect(text).toContain('ItemClassStrings=("B_CEvil")');
  });

  it("forces a blueprint only at a chance of 1 or more, clamps chances to 0..1", () => {
    expect(
      line({ ItemSets: [{ ItemEntries: [{ ChanceToBeBlueprintOverride: 1.7, Items: [{ Class: "X_C" }] }] }] }),
    ).toContain("bForceBlueprint=true,ChanceToBeBlueprintOverride=1)");
    expect(
      line({ ItemSets: [{ ItemEntries: [{ ChanceToBeBlueprintOverride: -2, Items: [{ Class: "X_C" }] }] }] }),
    ).toContain("bForceBlueprint=false,ChanceToBeBlueprintOverride=0)");
  });

  it("skips elements that are not objects and says so; content without LootSources is not loot", () => {
    const doc = loot({ LootSources: [1, { Label: "Ok", ItemSets: ["x", { ItemEntries: [null] }] }] });
    expect(doc.sources).toHaveLength(1);
    expect(doc.sources[0]!.itemSets).toHaveLength(1);
    expect(doc.problems).toHaveLength(3);
    for (const notLoot of [
      null,
      [],
      "x",
      {},
      { LootSources: {} },
      { Version: 2 },
      { Version: 5, LootSources: [{ Class: "Source_0" }] },
    ])
      expect(readLootDocument(notLoot)).toBeNull();
    expect(readLootDocument({ LootSources: [] })?.sources).toEqual([]);
  });

  it("reads difficulty 4 when it is missing, -1 or not a positive number", () => {
    for (const d of [undefined, -1, 0, "5", null])
      expect(loot({ LootSources: [], DifficultyValue: d }).difficulty).toBe(4);
    expect(loot({ LootSources: [], DifficultyValue: 6.5 }).difficulty).toBe(6.5);
  });
});

describe("numbers, shares and maps", () => {
  it("writes the shortest decimal with at most 6 places", () => {
    expect([1, 1 / 7, 1.25, 0.5, 1e-7, -0, 3, 2 / 3, 1234.5, NaN].map(iniNumber)).toEqual([
      "1",
      "0.142857",
      "1.25",
      "0.5",
      "0",
      "0",
      "3",
      "0.666667",
      "1234.5",
      "0",
    ]);
  });

  it("shares weights and shows percentages", () => {
    expect(shares([1, 3])).toEqual([0.25, 0.75]);
    expect(shares([0, 0])).toEqual([0, 0]);
    expect(shares([-1, 1])).toEqual([0, 1]);
    expect([1 / 7, 0.5, 1, 0.00001, 0].map(percent)).toEqual(["14.3%", "50%", "100%", "<0.01%", "0%"]);
  });

  it("reads map bits", () => {
    expect(mapNames(13)).toEqual(["Island", "Center", "Ragnarok"]);
    expect(mapBit("aberration")).toBe(16);
    expect(mapBit("Mars")).toBeUndefined();
    // the twelve official maps of the catalogue's list, bits beyond them dropped
    expect(readMapMask(33)).toBe(33);
    expect(readMapMask(4096 + 512 + 1)).toBe(513);
    expect(mapNames(512 | 2048)).toEqual(["Genesis2", "Fjordur"]);
    expect(mapBit("Genesis: Part 2")).toBe(512);
    expect(mapBit("crystalisles")).toBe(256);
    expect(readMapMask(-1)).toBe(0);
    expect(readMapMask("1")).toBe(0);
  });
});
