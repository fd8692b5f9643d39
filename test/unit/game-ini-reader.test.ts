/**
 * Reading Game.ini back into the loot model (lib/loot/game-ini-reader) and writing the
 * model back to document content (lib/loot/write-loot-document), on Default Loot.beacon.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeGameIni } from "@/lib/loot/game-ini";
import { readGameIni } from "@/lib/loot/game-ini-reader";
import { readLootDocument, type LootDocument } from "@/lib/loot/loot-document";
import { nearestTier, qualityNumber, QUALITY_TIERS } from "@/lib/loot/quality";
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

describe("Game.ini import, field by field", () => {
  const SECTION = "[/script/shootergame.shootergamemode]";
  const long = "z".repeat(50);
  const catalogue = (cls: string) => (cls === "Known_C" ? "/Game/Known/Known" : undefined);

  it("says where each value it could not read was, fills in defaults, and keeps reading", () => {
    const line =
      `ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="Mystery_C",MinItemSets=${long},MaxItemSets=b,NumItemSetsPower=c,` +
      'ItemSets=((SetName="S",MinNumItems=d,MaxNumItems=e,NumItemsPower=f,SetWeight=g,' +
      'ItemEntries=((EntryWeight=h,ItemClassStrings=("Known_C","Other_C"),ItemsWeights=(i,""),' +
      "MinQuantity=j,MaxQuantity=k,MinQuality=l,MaxQuality=m,ChanceToBeBlueprintOverride=n)))))";
    const read = readGameIni(`${SECTION}\n${line}`, { pathOfClass: catalogue });
    const where = 'line 2, set 1 "S", entry 1';
    expect(read.problems).toEqual([
      `${where}, item weight 1: "i" is not a number`,
      `${where}: the class Other_C is not in the catalogue (kept by class)`,
      `${where}, ChanceToBeBlueprintOverride: "n" is not a number`,
      `${where}, EntryWeight: "h" is not a number`,
      `${where}, MinQuantity: "j" is not a number`,
      `${where}, MaxQuantity: "k" is not a number`,
      `${where}, MinQuality: "l" is not a number`,
      `${where}, MaxQuality: "m" is not a number`,
      'line 2, set 1 "S", MinNumItems: "d" is not a number',
      'line 2, set 1 "S", MaxNumItems: "e" is not a number',
      'line 2, set 1 "S", NumItemsPower: "f" is not a number',
      'line 2, set 1 "S", SetWeight: "g" is not a number',
      "line 2: the crate Mystery_C is not a known crate: labelled by its class, quality multipliers taken as 1",
      `line 2, MinItemSets: "${"z".repeat(40)}" is not a number`,
      'line 2, MaxItemSets: "b" is not a number',
      'line 2, NumItemSetsPower: "c" is not a number',
    ]);
    expect(read.doc).toEqual({
      version: 2,
      title: "",
      description: "",
      difficulty: 4,
      maps: 0,
      problems: read.problems,
      raw: {},
      sources: [
        {
          crateClass: "Mystery_C",
          label: "Mystery_C",
          kind: "Standard",
          availability: 0,
          minItemSets: 1,
          maxItemSets: 1,
          itemSetsPower: 1,
          setsRandomWithoutReplacement: true,
          multiplierMin: 1,
          multiplierMax: 1,
          useBlueprints: false,
          uiColor: "",
          sortValue: 0,
          raw: {},
          itemSets: [
            {
              label: "S",
              minItems: 1,
              maxItems: 1,
              itemsPower: 1,
              weight: 1,
              itemsRandomWithoutReplacement: true,
              raw: {},
              entries: [
                {
                  weight: 1,
                  items: [
                    { class: "Known_C", path: "/Game/Known/Known", weight: 1 },
                    { class: "Other_C", path: "", weight: 1 },
                  ],
                  minQuantity: 1,
                  maxQuantity: 1,
                  minQuality: "Tier1",
                  maxQuality: "Tier1",
                  blueprintChance: 0,
                  raw: {},
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it("reads a known crate's label, colour and order; booleans in any case; a chance unless forced; empty values as defaults", () => {
    const line =
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="supplycrate_level15_c",MinItemSets=2,MaxItemSets="",' +
      "bSetsRandomWithoutReplacement=FALSE,ItemSets=((SetName=,bItemsRandomWithoutReplacement=False,ItemEntries=(" +
      '(ItemClassStrings=("Known_C"),bForceBlueprint=false,ChanceToBeBlueprintOverride=0.25),' +
      '(ItemClassStrings=("Known_C"),bForceBlueprint=maybe,ChanceToBeBlueprintOverride=0.5),' +
      '(ItemClassStrings=("Known_C"),bForceBlueprint=TRUE,ChanceToBeBlueprintOverride=0.5)))))';
    const read = readGameIni(`${SECTION}\r\n${line}`, { pathOfClass: catalogue });
    expect(read.problems).toEqual([]);
    const source = read.doc.sources[0]!;
    expect(source).toMatchObject({
      crateClass: "supplycrate_level15_c",
      label: "Island Green (Level 15)",
      availability: 13,
      uiColor: "00FF0000",
      sortValue: 2,
      minItemSets: 2,
      maxItemSets: 1,
      setsRandomWithoutReplacement: false,
    });
    expect(read.doc.maps).toBe(13);
    const set = source.itemSets[0]!;
    expect([set.label, set.itemsRandomWithoutReplacement]).toEqual(["", false]);
    expect(set.entries.map((e) => e.blueprintChance)).toEqual([0.25, 0.5, 1]);
  });

  it("reads BlueprintGeneratedClass items only whole, and says which it could not read (80 characters at most)", () => {
    const junk = `x${"y".repeat(100)}`;
    const line =
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=((ItemEntries=((' +
      "Items=(BlueprintGeneratedClass'/Game/A/Axe.Axe_C',xBlueprintGeneratedClass'/Game/B/B.B_C'," +
      `BlueprintGeneratedClass'/Game/C/C.C_C'x,${junk}),ItemsWeights=(2))))))`;
    const read = readGameIni(`${SECTION}\n${line}`);
    const where = "line 2, set 1, entry 1";
    expect(read.problems).toEqual([
      `${where}: "xBlueprintGeneratedClass'/Game/B/B.B_C'" is not a BlueprintGeneratedClass'<path>_C' item`,
      `${where}: "BlueprintGeneratedClass'/Game/C/C.C_C'x" is not a BlueprintGeneratedClass'<path>_C' item`,
      `${where}: "${junk.slice(0, 80)}" is not a BlueprintGeneratedClass'<path>_C' item`,
    ]);
    const source = read.doc.sources[0]!;
    expect(source.useBlueprints).toBe(true);
    expect(source.itemSets[0]!.entries[0]!.items).toEqual([
      { class: "Axe_C", path: "/Game/A/Axe.Axe", weight: 2 },
      { class: "xBlueprintGeneratedClass'/Game/B/B.B_C'", path: "", weight: 1 },
      { class: "BlueprintGeneratedClass'/Game/C/C.C_C'x", path: "", weight: 1 },
      { class: junk, path: "", weight: 1 },
    ]);
  });

  it("an item that is a list, not a name, is kept as an empty class and said", () => {
    const line =
      'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",ItemSets=((ItemEntries=(' +
      "(ItemClassStrings=((x))),(Items=((y)))))))";
    const read = readGameIni(`${SECTION}\n${line}`);
    const [byClass, byPath] = read.doc.sources[0]!.itemSets[0]!.entries;
    expect([byClass!.items, byPath!.items]).toEqual([
      [{ class: "", path: "", weight: 1 }],
      [{ class: "", path: "", weight: 1 }],
    ]);
    expect(read.problems).toEqual([
      "line 2, set 1, entry 1: the class  is not in the catalogue (kept by class)",
      `line 2, set 1, entry 2: "" is not a BlueprintGeneratedClass'<path>_C' item`,
    ]);
  });

  it("a source without entries uses class strings; a crate line with no crate says (none)", () => {
    const read = readGameIni(`${SECTION}\nConfigOverrideSupplyCrateItems=(ItemSets=())`);
    expect(read.doc.sources[0]).toMatchObject({ crateClass: "", label: "", useBlueprints: false, itemSets: [] });
    expect(read.problems).toEqual([
      "line 2: the crate (none) is not a known crate: labelled by its class, quality multipliers taken as 1",
    ]);
  });

  it.each([
    ["OverrideOfficialDifficulty=5.0", {}, 5],
    ["  OverrideOfficialDifficulty = 6  ", {}, 6],
    ["OverrideOfficialDifficulty=0", { difficulty: 3 }, 3],
    ["OverrideOfficialDifficulty=0", {}, 4],
    ["XOverrideOfficialDifficulty=5", {}, 4],
    ["OverrideOfficialDifficulty=5 x", {}, 4],
    ["OverrideOfficialDifficultyX=5", {}, 4],
    ["", { difficulty: 2.5 }, 2.5],
    ["", { difficulty: 0 }, 4],
    ["", { difficulty: -1 }, 4],
  ])("difficulty from %j with %j is %d", (setting, options, difficulty) => {
    const text = `[ServerSettings]\n${setting}\n${SECTION}\nConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C")`;
    expect(readGameIni(text, options).difficulty).toBe(difficulty);
  });

  it("finds the section by a whole header line: any case and spaces, a BOM before it, nothing else on the line", () => {
    const crate = 'ConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C")';
    const count = (header: string) => readGameIni(`${header}\n${crate}`).doc.sources.length;
    expect(count(SECTION)).toBe(1);
    expect(count("  [ /Script/ShooterGame.ShooterGameMode ]  ")).toBe(1);
    expect(count(`\uFEFF${SECTION}`)).toBe(1);
    expect(count(`x${SECTION}`)).toBe(0);
    expect(count(`${SECTION} x`)).toBe(0);
    expect(count(`${SECTION}x`)).toBe(0);
    expect(count("[/script/\uFEFFshootergame.shootergamemode]")).toBe(0);
    // A crate line before any header is outside the section.
    expect(readGameIni(crate).problems).toEqual([
      "line 1: a supply crate line outside [/script/shootergame.shootergamemode] (the game ignores it there), skipped",
      "no ConfigOverrideSupplyCrateItems line was found in [/script/shootergame.shootergamemode]",
    ]);
  });

  it("lets errors other than unreadable lines through", () => {
    const text = `${SECTION}\nConfigOverrideSupplyCrateItems=(SupplyCrateClassString="X",ItemSets=((ItemEntries=((ItemClassStrings=("A_C"))))))`;
    expect(() =>
      readGameIni(text, {
        pathOfClass: () => {
          throw new Error("catalogue unavailable");
        },
      }),
    ).toThrow("catalogue unavailable");
  });

  it("picks the lower tier when a number is exactly between two", () => {
    // Tier2 is 5 and Tier3 is 8 at multiplier 1 and difficulty 1.
    expect(nearestTier(6.5, 1, 1)).toBe("Tier2");
    expect(nearestTier(6.6, 1, 1)).toBe("Tier3");
    // A divisor of 0 or less (no such crate or difficulty) takes the number as it is.
    expect(nearestTier(22, 1, 0)).toBe("Tier5");
    expect(nearestTier(22, 0, 4)).toBe("Tier5");
  });
});

describe("writing document content and Game.ini, at the edges", () => {
  const minimal = {
    Version: 2,
    Title: "T",
    Description: "",
    DifficultyValue: 4,
    Map: 1,
    LootSources: [{ Label: "L", SupplyCrateClassString: "SupplyCrate_Level03_C", ItemSets: [] }],
  };

  it("writes no Identifier key for content that had none, keeps Public as it was, and adds it when absent", () => {
    const read = readLootDocument(minimal)!;
    const written = writeLootDocument(read);
    expect("Identifier" in written).toBe(false);
    expect(written.Public).toBe(true);
    expect(writeLootDocument(readLootDocument({ ...minimal, Public: false })!).Public).toBe(false);
    expect(writeLootDocument(read, "ID").Identifier).toBe("ID");
  });

  it("writes a source without a colour as the client's white", () => {
    const read = readLootDocument(minimal)!;
    const sources = writeLootDocument({ ...read, sources: [{ ...read.sources[0]!, uiColor: "" }] }).LootSources as {
      UIColor: string;
    }[];
    expect(sources[0]!.UIColor).toBe("FFFFFF00");
  });

  it("ends Game.ini with a line break after the header alone", () => {
    const empty = readLootDocument({ ...minimal, LootSources: [] })!;
    expect(writeGameIni(empty, { difficulty: 4, canBlueprint: () => true })).toBe(
      "[/script/shootergame.shootergamemode]\n",
    );
  });
});
