/**
 * The chances the editor shows for one loot source, as the game rolls a crate: each roll
 * of a set picks one item set by SetWeight among the source's sets; each roll of an item
 * in that set picks one entry by EntryWeight among the set's entries; the entry gives
 * one of its items by their weights. So per roll:
 *   set      = its weight / the source's set weights
 *   entry    = its weight / the set's entry weights            (within its set)
 *   item     = its weight / the entry's item weights           (within its entry)
 *   overall  = set x entry (x item): one item roll of one set roll giving it
 * The same shares as the Game.ini writer (lib/loot/shares), so what the editor shows and
 * what the game is given always agree. Rolls without replacement change later rolls of
 * the same crate; these are the chances of any one roll.
 */
import type { LootSource } from "./loot-document";
import { shares } from "./shares";

export interface ItemChance {
  /** within its entry */
  chance: number;
  /** of one item roll of one set roll */
  overall: number;
}

export interface EntryChance {
  /** within its set */
  chance: number;
  /** of one item roll of one set roll */
  overall: number;
  items: ItemChance[];
}

export interface ItemSetChance {
  /** of one set roll */
  chance: number;
  entries: EntryChance[];
}

export function rollChances(source: LootSource): ItemSetChance[] {
  const setShares = shares(source.itemSets.map((s) => s.weight));
  return source.itemSets.map((set, t) => {
    const entryShares = shares(set.entries.map((e) => e.weight));
    return {
      chance: setShares[t]!,
      entries: set.entries.map((entry, e) => {
        const overall = setShares[t]! * entryShares[e]!;
        const itemShares = shares(entry.items.map((i) => i.weight));
        return {
          chance: entryShares[e]!,
          overall,
          items: itemShares.map((chance) => ({ chance, overall: overall * chance })),
        };
      }),
    };
  });
}
