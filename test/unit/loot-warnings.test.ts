/** Crash-risk and sanity warnings (docs/LOOT.md#warnings), computed from a document's numbers. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gameCrateOddsSource, gameCrates } from "@/lib/loot/game-crates";
import { readLootDocument } from "@/lib/loot/loot-document";
import { labelTier, lootWarnings, MAX_SAFE_ITEM_ROLLS } from "@/lib/loot/loot-warnings";
import { worstCaseItemRolls } from "@/lib/loot/odds/worst-case";
import { crashRiskContent } from "../support/crash-risk-loot";

const defaultLoot = JSON.parse(
  readFileSync(join(__dirname, "../../lib/loot/templates/default-loot.beacon"), "utf8"),
) as Record<string, unknown>;

const warningsOf = (content: unknown) => lootWarnings(readLootDocument(content)!);

describe("loot warnings", () => {
  it("Default Loot has none", () => {
    expect(warningsOf(defaultLoot)).toEqual([]);
  });

  it("200 units per entry with 20 items a set is a crash risk", () => {
    const [warning, ...rest] = warningsOf(crashRiskContent());
    expect(rest).toEqual([]);
    expect(warning).toMatchObject({ kind: "crash-risk", severity: "crash", source: 0 });
    expect(warning!.message).toContain("4,000 items");
  });

  it("the threshold is the most a game supply crate rolls: only the titans' drops go past it", () => {
    const rolls = gameCrates().map((r) => [r.crate.class, worstCaseItemRolls(gameCrateOddsSource(r.crate))] as const);
    const past = rolls.filter(([, n]) => n > MAX_SAFE_ITEM_ROLLS).map(([cls]) => cls);
    expect(past.sort()).toEqual([
      "ArtifactCrate_KingKaiju_Alpha_EX_C",
      "ArtifactCrate_KingKaiju_Beta_EX_C",
      "ArtifactCrate_KingKaiju_EX_C",
      "DinoDropInventoryComponent_Kaiju_Desert_C",
      "DinoDropInventoryComponent_Kaiju_Forest_C",
      "DinoDropInventoryComponent_Kaiju_Ice_C",
    ]);
    expect(Math.max(...rolls.filter(([cls]) => !past.includes(cls)).map(([, n]) => n))).toBe(MAX_SAFE_ITEM_ROLLS);
  });

  it("finds quantities past 65,535, weight 0, min above max and a label's unreachable tier", () => {
    const content = crashRiskContent();
    const source = (content.LootSources as Record<string, unknown>[])[0]!;
    source.MinItemSets = 2;
    source.ItemSets = [
      {
        Label: "Ascendant weapons",
        MinNumItems: 3,
        MaxNumItems: 2,
        ItemEntries: [
          {
            EntryWeight: 1,
            MinQuantity: 1,
            MaxQuantity: 70000,
            MinQuality: "Tier4",
            MaxQuality: "Tier6",
            Items: [{ Class: "A_C", Weight: 1 }],
          },
          {
            EntryWeight: 0,
            MinQuantity: 5,
            MaxQuantity: 2,
            MinQuality: "Tier5",
            MaxQuality: "Tier3",
            Items: [
              { Class: "B_C", Weight: 1 },
              { Class: "C_C", Weight: 0 },
            ],
          },
        ],
      },
      { Label: "Never", SetWeight: 0, ItemEntries: [{ Items: [{ Class: "D_C" }] }] },
    ];
    const kinds = warningsOf(content).map((w) => `${w.kind}:${w.set ?? ""}:${w.entry ?? ""}`);
    expect(kinds.sort()).toEqual(
      [
        "min-above-max::", // sets 2..1
        "min-above-max:0:", // items 3..2
        "quality-label:0:", // Ascendant reached only at the top of Tier4..Tier6
        "quantity:0:0",
        "crash-risk::", // 70,000 units
        "unreachable:0:1", // entry weight 0
        "unreachable:0:1", // item C weight 0
        "min-above-max:0:1", // quantity 5..2
        "min-above-max:0:1", // quality Tier5..Tier3
        "unreachable:1:", // set weight 0
      ].sort(),
    );
  });

  it("reads the tier a label promises", () => {
    expect(labelTier("Ascendant Weapons")).toBe("Tier6");
    expect(labelTier("tier 4 saddles")).toBe("Tier4");
    expect(labelTier("Apprentice armor")).toBe("Tier3");
    expect(labelTier("Campsite")).toBeUndefined();
  });
});
