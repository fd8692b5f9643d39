/**
 * Which of the game's crates drop an item, and how likely (docs/LOOT.md#the-games-crates):
 * the odds of every crate at the default count rule, turned round by item class. Computing
 * all 295 crates takes about 3 s, too long for an item page's first request, so the figures
 * live in lib/loot/data/item-drops-ase.json, written by `npx tsx scripts/derive-loot-indexes.ts`
 * from the crates and the odds engine; a unit test computes them again and fails when the
 * file is stale.
 */
import { readFileSync } from "node:fs";
import { DEFAULT_COUNT_RULE, type CountRule } from "./odds/count-rule";
import { sourceOdds } from "./odds/odds";
import { gameCrateOddsSource, gameCrates, lootDataPath, type GameCrateRef } from "./game-crates";

export const ITEM_DROPS_FILE = "lib/loot/data/item-drops-ase.json";

/** [index in gameCrates(), chance of at least one per crate, units per crate on average, 1 when simulated] */
type DropRow = [number, number, number, 0 | 1];

export interface ItemDropsFile {
  about: string;
  rule: CountRule;
  crates: number;
  drops: Record<string, DropRow[]>;
}

export interface ItemDrop {
  crate: GameCrateRef;
  /** chance a crate holds at least one */
  atLeastOne: number;
  /** units of it per crate, on average */
  expected: number;
  /** the figures come from the seeded simulation (the crate is too large to compute exactly) */
  simulated: boolean;
}

/** Six significant digits: enough for any page, and the same on every machine. */
const round = (x: number) => Number(x.toPrecision(6));

/** The file's content, computed from the crates (scripts/derive-loot-indexes.ts writes it). */
export function computeItemDrops(): ItemDropsFile {
  const drops = new Map<string, DropRow[]>();
  gameCrates().forEach((ref, index) => {
    const odds = sourceOdds(gameCrateOddsSource(ref.crate), { rule: DEFAULT_COUNT_RULE });
    for (const item of odds.items) {
      if (!item.key || item.atLeastOne.value <= 0) continue;
      const row: DropRow = [
        index,
        round(item.atLeastOne.value),
        round(item.expected.value),
        item.atLeastOne.low === undefined ? 0 : 1,
      ];
      drops.set(item.key, [...(drops.get(item.key) ?? []), row]);
    }
  });
  const sorted = [...drops.keys()].sort();
  return {
    about:
      "Per item class, the game's crates that drop it (index into lib/loot/data/game-crates-ase.json's crates), with the chance of at least one per crate, the units per crate on average and 1 where simulated. Written by scripts/derive-loot-indexes.ts.",
    rule: DEFAULT_COUNT_RULE,
    crates: gameCrates().length,
    drops: Object.fromEntries(
      sorted.map((cls) => [cls, drops.get(cls)!.sort((a, b) => b[1] - a[1] || a[0] - b[0])] as const),
    ),
  };
}

let byClass: Map<string, { cls: string; rows: DropRow[] }> | undefined;

function index(): Map<string, { cls: string; rows: DropRow[] }> {
  if (!byClass) {
    const file = JSON.parse(readFileSync(lootDataPath("item-drops-ase.json"), "utf8")) as ItemDropsFile;
    byClass = new Map(Object.entries(file.drops).map(([cls, rows]) => [cls.toLowerCase(), { cls, rows }]));
  }
  return byClass;
}

/** The crates that drop an item class (any case), most likely first. */
export function itemDrops(cls: string): ItemDrop[] {
  const crates = gameCrates();
  return (index().get(cls.trim().toLowerCase())?.rows ?? []).map(([i, atLeastOne, expected, simulated]) => ({
    crate: crates[i]!,
    atLeastOne,
    expected,
    simulated: simulated === 1,
  }));
}

/** Every item class some crate drops, as the data spells it. */
export function droppedClasses(): string[] {
  return [...index().values()].map((v) => v.cls);
}
