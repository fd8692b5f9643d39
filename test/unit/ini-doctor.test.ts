// The ini doctor (lib/ini-doctor/check-ini.ts) on a fixture pair with one problem of each
// kind: exactly the expected findings, in order; the certain fixes applied give files
// in which no fixable finding is left and every untouched line is byte for byte the same.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyFixes, checkIni } from "@/lib/ini-doctor/check-ini";

const dir = join(import.meta.dirname, "../fixtures/ini-doctor");
const files = {
  "GameUserSettings.ini": readFileSync(join(dir, "GameUserSettings.ini"), "utf8"),
  "Game.ini": readFileSync(join(dir, "Game.ini"), "utf8"),
};

describe("checkIni", () => {
  it("finds exactly one problem of each kind, errors first", () => {
    const found = checkIni({ game: "ase", files }).map((f) => [f.severity, f.code, f.file, f.line, f.fix ?? null]);
    expect(found).toEqual([
      [
        "error",
        "wrong-place",
        "Game.ini",
        3,
        { kind: "move", to: { file: "GameUserSettings.ini", section: "ServerSettings" } },
      ],
      ["error", "bad-index", "Game.ini", 4, null],
      ["error", "loot-warning", "Game.ini", 7, null],
      ["error", "loot-unreadable", "Game.ini", 8, null],
      [
        "error",
        "outside-section",
        "GameUserSettings.ini",
        2,
        { kind: "move", to: { file: "GameUserSettings.ini", section: "ServerSettings" } },
      ],
      ["error", "bad-type", "GameUserSettings.ini", 7, null],
      ["error", "unknown-key", "GameUserSettings.ini", 9, null],
      [
        "error",
        "command-line-only",
        "GameUserSettings.ini",
        14,
        { kind: "launch-option", option: "-ActiveEvent=Summer" },
      ],
      ["error", "misspelt-section", "GameUserSettings.ini", 15, { kind: "rename-section", section: "ServerSettings" }],
      ["warning", "out-of-range", "Game.ini", 6, null],
      ["warning", "duplicate", "GameUserSettings.ini", 6, { kind: "remove-line" }],
      ["warning", "secret", "GameUserSettings.ini", 8, null],
      ["warning", "out-of-range", "GameUserSettings.ini", 11, null],
      ["warning", "deprecated", "GameUserSettings.ini", 12, null],
      ["warning", "other-game", "GameUserSettings.ini", 13, { kind: "remove-line" }],
      ["info", "wrong-case", "GameUserSettings.ini", 10, { kind: "rename-key", key: "AllowThirdPersonPlayer" }],
    ]);
  });

  it("reads each loot line as the editor imports it: a crash risk with the loot warning's words, a line the game cannot parse", () => {
    const found = checkIni({ game: "ase", files }).filter((f) => f.code.startsWith("loot"));
    expect(found.map((f) => f.message)).toEqual([
      '"Island White (Level 3)" can roll up to 3,000 items in one crate (sets × items × quantity, each unit a separate roll); above 2,000 a server can stall or crash when the crate opens.',
      "This ConfigOverrideSupplyCrateItems line cannot be read: missing ) at character 135.",
    ]);
    // a loot line the game reads without a warning (Default Loot's own, as the editor writes it) is no finding
    const clean =
      '[/script/shootergame.shootergamemode]\nConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",MinItemSets=1,MaxItemSets=1,NumItemSetsPower=1,bSetsRandomWithoutReplacement=true,ItemSets=((SetName="Stone",MinNumItems=1,MaxNumItems=1,NumItemsPower=1,SetWeight=1,bItemsRandomWithoutReplacement=true,ItemEntries=((EntryWeight=1,ItemClassStrings=("PrimalItemResource_Stone_C"),ItemsWeights=(1),MinQuantity=30,MaxQuantity=30,MinQuality=0,MaxQuality=0,bForceBlueprint=false,ChanceToBeBlueprintOverride=0)))))\n';
    expect(checkIni({ game: "ase", files: { "Game.ini": clean } })).toEqual([]);
  });

  it("with the catalogue, names a loot line's unknown items and the mods its known ones come from", () => {
    const line = (items: string[]) =>
      `[/script/shootergame.shootergamemode]\nConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",MinItemSets=1,MaxItemSets=1,NumItemSetsPower=1,bSetsRandomWithoutReplacement=true,ItemSets=((SetName="Mixed",MinNumItems=1,MaxNumItems=1,NumItemsPower=1,SetWeight=1,bItemsRandomWithoutReplacement=true,ItemEntries=((EntryWeight=1,ItemClassStrings=(${items.map((i) => `"${i}"`).join(",")}),ItemsWeights=(${items.map(() => "1").join(",")}),MinQuantity=1,MaxQuantity=1,MinQuality=0,MaxQuality=0,bForceBlueprint=false,ChanceToBeBlueprintOverride=0)))))\n`;
    const catalogue: Record<string, { mod_id: number | null; mod_name: string | null }> = {
      PrimalItemResource_Stone_C: { mod_id: null, mod_name: null },
      PrimalItem_ModSword_C: { mod_id: 731604991, mod_name: "Structures Plus" },
    };
    const items = (item: { class: string }) =>
      catalogue[item.class] ? ({ ...catalogue[item.class]!, label: item.class } as never) : undefined;
    const found = checkIni({
      game: "ase",
      files: { "Game.ini": line(["PrimalItemResource_Stone_C", "PrimalItem_ModSword_C", "PrimalItem_Typo_C"]) },
      items,
    });
    expect(found.map((f) => [f.severity, f.code, f.line, f.message])).toEqual([
      [
        "warning",
        "loot-unknown-items",
        2,
        "An item this line names is not in Beacon Hub's catalogue: PrimalItem_Typo_C.",
      ],
      ["info", "loot-mod-items", 2, "This line drops items of Structures Plus."],
    ]);
    // every item known, from the base game: nothing to say; without the catalogue, nothing either
    expect(checkIni({ game: "ase", files: { "Game.ini": line(["PrimalItemResource_Stone_C"]) }, items })).toEqual([]);
    expect(checkIni({ game: "ase", files: { "Game.ini": line(["PrimalItem_Typo_C"]) } })).toEqual([]);
  });

  it("suggests the nearest key for a misspelt one and never repeats a secret's value", () => {
    const found = checkIni({ game: "ase", files });
    expect(found.find((f) => f.code === "unknown-key")).toMatchObject({
      key: "MatingIntervalMultipler",
      suggestion: "MatingIntervalMultiplier",
    });
    expect(JSON.stringify(found)).not.toContain("hunter2");
  });

  it("on an ASA server, an ASE-only key is the other game's and ASA's own key is fine", () => {
    const asa = checkIni({
      game: "asa",
      files: { "GameUserSettings.ini": "[ServerSettings]\r\nActiveMapMod=12345\r\nAllowDeprecatedStructures=True\r\n" },
    });
    expect(asa.map((f) => [f.code, f.line])).toEqual([
      ["other-game", 3],
      ["deprecated", 3],
    ]);
  });

  it("finds nothing in a clean pair", () => {
    expect(
      checkIni({
        game: "ase",
        files: {
          "GameUserSettings.ini": "[ServerSettings]\nXPMultiplier=2\nTamingSpeedMultiplier=3\n",
          "Game.ini":
            "[/script/shootergame.shootergamemode]\nMatingIntervalMultiplier=0.5\nPerLevelStatsMultiplier_Player[8]=2\n",
        },
      }),
    ).toEqual([]);
  });
});

describe("applyFixes", () => {
  it("applies every certain fix; no fixable finding is left and other lines stay byte for byte", () => {
    const findings = checkIni({ game: "ase", files });
    const fixed = applyFixes({ game: "ase", files }, findings);
    expect(fixed.applied).toBe(findings.filter((f) => f.fix).length);
    expect(fixed.launchOptions).toEqual(["-ActiveEvent=Summer"]);
    const again = checkIni({ game: "ase", files: fixed.files });
    expect(again.filter((f) => f.fix)).toEqual([]);
    const gus = fixed.files["GameUserSettings.ini"]!;
    expect(gus).toContain("\r\nAllowThirdPersonPlayer=True\r\n");
    expect(gus).toContain("\r\nTamingSpeedMultiplier=2\r\n");
    expect(gus).not.toContain("HarvestAmountMultiplier=5");
    expect(gus).not.toContain("ActiveEvent");
    expect(gus).not.toContain("SeverSettings");
    // the lines no fix touched, in order, with their CRLF endings
    for (const line of ["XPMultiplier=2", "HarvestAmountMultiplier=3", "DifficultyOffset=abc", "MaxTributeDinos=5"])
      expect(gus).toContain(`\r\n${line}\r\n`);
    // XPMultiplier moved out; the rest, the loot lines too (no certain fix), as they were
    expect(fixed.files["Game.ini"]).toBe(files["Game.ini"].replace("XPMultiplier=3\n", ""));
  });
});
