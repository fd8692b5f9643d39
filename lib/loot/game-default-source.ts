/**
 * "Start from the game's default" (docs/LOOT.md#start-from-the-games-default): a game crate's
 * own contents (lib/loot/game-crates) as the fields of a document's loot source, for the
 * editor to put in place of the source's item sets. A document says less than the game's
 * data, so some of it is approximated, and each approximation is said in the admin's words:
 * - quality: a document names tiers, so each quality value becomes the nearest tier at the
 *   document's difficulty and the crate's multiplier (as a Game.ini import reads it:
 *   nearestTier, lib/loot/quality);
 * - a quantity's power curve: a document keeps min and max only (each count then equally
 *   likely under the rounded rule's power 1);
 * - "one item, the whole quantity" entries (bApplyQuantityToSingleItem): a document rolls
 *   each unit as its own item;
 * - an entry whose items the data does not name is left out (it drops nothing known);
 * - more picks than a crate or set has children (the game picks with replacement): a
 *   document's Game.ini line caps its counts at the number of sets or entries
 *   (lib/loot/game-ini), so such a crate drops fewer items from a document.
 */
import type { GameCrateRef } from "./game-crates";
import { gameCratesOfClass, gameItemPath } from "./game-crates";
import type { LootEntry, LootItemSet, LootSource } from "./loot-document";
import { nearestTier } from "./quality";

export type GameDefaultFields = Pick<
  LootSource,
  | "minItemSets"
  | "maxItemSets"
  | "itemSetsPower"
  | "setsRandomWithoutReplacement"
  | "multiplierMin"
  | "multiplierMax"
  | "useBlueprints"
  | "itemSets"
>;

export type GameDefault =
  | { ok: true; title: string; mapName: string | null; fields: GameDefaultFields; notes: string[] }
  | { ok: false; message: string };

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

export function gameDefaultOf(ref: GameCrateRef, difficulty: number): GameDefault {
  const crate = ref.crate;
  let curved = 0;
  let single = 0;
  let unnamed = 0;
  let pathless = 0;
  let capped = crate.setQty.max > crate.sets.length ? 1 : 0;
  const itemSets: LootItemSet[] = crate.sets.map((set) => {
    const kept = set.entries.filter((e) => e.items.some(([, cls]) => cls !== null)).length;
    if (set.qtyScale.max > kept) capped++;
    return {
      label: set.name,
      minItems: set.qtyScale.min,
      maxItems: set.qtyScale.max,
      itemsPower: set.qtyScale.pow,
      weight: set.weight,
      itemsRandomWithoutReplacement: !set.canRepeatItems,
      raw: {},
      entries: set.entries.flatMap((entry): LootEntry[] => {
        const named = entry.items.filter((i): i is [number, string] => i[1] !== null);
        if (named.length === 0) {
          unnamed++;
          return [];
        }
        if (entry.qty.pow !== 1) curved++;
        if (entry.rollOneItemOnly) single++;
        return [
          {
            weight: entry.weight,
            items: named.map(([weight, cls]) => {
              const path = gameItemPath(cls) ?? "";
              if (!path) pathless++;
              return { class: cls, path, weight };
            }),
            minQuantity: entry.qty.min,
            maxQuantity: entry.qty.max,
            minQuality: nearestTier(entry.quality.min, crate.qualityMult.min, difficulty),
            maxQuality: nearestTier(entry.quality.max, crate.qualityMult.max, difficulty),
            blueprintChance: Math.min(Math.max(entry.bpChance, 0), 1),
            raw: {},
          },
        ];
      }),
    };
  });
  const notes = [
    `Quality is the nearest tier to each of the game's values at difficulty ${difficulty} (a document names tiers).`,
    curved > 0 &&
      `${count(curved, "entry rolls its quantity", "entries roll their quantity")} on a power curve in the game; a document keeps the minimum and maximum only.`,
    single > 0 &&
      `${count(single, "entry gives", "entries give")} one item the whole quantity in the game; a document rolls each unit as its own item.`,
    unnamed > 0 &&
      `${count(unnamed, "entry", "entries")} of the game's data ${unnamed === 1 ? "names" : "name"} no item and ${unnamed === 1 ? "was" : "were"} left out.`,
    pathless > 0 && `${count(pathless, "item has", "items have")} no blueprint path in the data: named by class.`,
    capped > 0 &&
      `The game picks more than there are in ${count(capped, "place", "places")} (with replacement); a document's Game.ini line picks at most as many item sets or entries as it holds, so this crate drops fewer items from a document.`,
  ].filter((n): n is string => typeof n === "string");
  return {
    ok: true,
    title: ref.title,
    mapName: ref.mapName,
    notes,
    fields: {
      minItemSets: crate.setQty.min,
      maxItemSets: crate.setQty.max,
      itemSetsPower: crate.setQty.pow,
      setsRandomWithoutReplacement: crate.noRepeatsInSets,
      multiplierMin: crate.qualityMult.min,
      multiplierMax: crate.qualityMult.max,
      // Paths tell apart items of the same class in mods; every game item the data names has one.
      useBlueprints: pathless === 0,
      itemSets,
    },
  };
}

/** The game's default contents for a crate class: the first map's, in release order, when the class is on several. */
export function gameDefaultForClass(crateClass: string, difficulty: number): GameDefault {
  const refs = gameCratesOfClass(crateClass);
  if (refs.length === 0)
    return {
      ok: false,
      message: `The game's data has no crate of class ${crateClass || "(none)"}: choose one of the game's crates first.`,
    };
  const found = gameDefaultOf(refs[0]!, difficulty);
  if (found.ok && refs.length > 1)
    found.notes.push(
      `The game has this crate on ${refs.length} maps; these are the contents listed for ${refs[0]!.mapName ?? "its first"}.`,
    );
  return found;
}
