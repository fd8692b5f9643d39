/**
 * The one shape the odds engine reads: a loot source as the game rolls it, whether it comes
 * from a document (through the same clamps and quality numbers as the Game.ini writer,
 * lib/loot/game-ini) or from the game's own crates (lib/loot/game-crates).
 */
import type { LootSource } from "../loot-document";
import { qualityNumber } from "../quality";
import type { CountRange } from "./count-rule";

export interface OddsItem {
  /** item class; "" when the data names none (the roll gives nothing known) */
  key: string;
  weight: number;
}

export interface OddsEntry {
  weight: number;
  items: OddsItem[];
  /** units per roll of the entry */
  quantity: CountRange;
  /** the quality value before the crate's multiplier and the difficulty (Game.ini numbers) */
  quality: CountRange;
  /** 0..1 */
  blueprintChance: number;
  /**
   * bApplyQuantityToSingleItem: one item picked, given the whole quantity. When false (the
   * game's default and all a document can say) each unit is a separate item roll.
   */
  singleItem: boolean;
}

export interface OddsSet {
  label: string;
  weight: number;
  items: CountRange;
  withoutReplacement: boolean;
  entries: OddsEntry[];
}

export interface OddsSource {
  sets: OddsSet[];
  setCount: CountRange;
  setsWithoutReplacement: boolean;
  /** the crate's quality multiplier range (Multiplier_Min/Max, MinQualityMultiplier/Max) */
  qualityMultiplier: { min: number; max: number };
  /** DifficultyValue the quality values are multiplied by */
  difficulty: number;
}

/** Counts clamped to the number of children, as lib/loot/game-ini writes them. */
const clampTo = (n: number, children: number) => Math.min(Math.max(0, Math.round(n)), children);

/** A document's loot source as the server will roll the Game.ini line written for it. */
export function oddsSourceOf(source: LootSource, difficulty: number): OddsSource {
  return {
    setCount: {
      min: clampTo(source.minItemSets, source.itemSets.length),
      max: clampTo(source.maxItemSets, source.itemSets.length),
      pow: source.itemSetsPower,
    },
    setsWithoutReplacement: source.setsRandomWithoutReplacement,
    qualityMultiplier: { min: source.multiplierMin, max: source.multiplierMax },
    difficulty,
    sets: source.itemSets.map((set) => ({
      label: set.label,
      weight: set.weight,
      withoutReplacement: set.itemsRandomWithoutReplacement,
      items: {
        min: clampTo(set.minItems, set.entries.length),
        max: clampTo(set.maxItems, set.entries.length),
        pow: set.itemsPower,
      },
      entries: set.entries.map((entry) => ({
        weight: entry.weight,
        items: entry.items.map((item) => ({ key: item.class, weight: item.weight })),
        quantity: { min: entry.minQuantity, max: entry.maxQuantity, pow: 1 },
        quality: {
          min: qualityNumber(entry.minQuality, source.multiplierMin, difficulty),
          max: qualityNumber(entry.maxQuality, source.multiplierMax, difficulty),
          pow: 1,
        },
        blueprintChance: Math.min(Math.max(entry.blueprintChance, 0), 1),
        singleItem: false,
      })),
    })),
  };
}
