/**
 * The spawn page's rows and its filters other than the search text (maps, mod,
 * blueprintable, category, tameable). Rows travel as compact tuples: 20,000 of them must
 * load fast.
 * Pure: safe to import from client components.
 */
import { isTameable } from "@/lib/catalogue/creature-variants";
import { GAME_MAPS } from "@/lib/catalogue/game-maps";
import { ITEM_CATEGORIES } from "@/lib/catalogue/item-categories";
import { BASE_GAME, type SpawnView } from "./spawn-view";

/**
 * [label, class, path, maps bit set (every official map the row is known on:
 * lib/catalogue/game-maps knownMapsMask), can_blueprint, index into the mods list or -1,
 * facet, GFI code]. The facet is an engram's category number
 * (lib/catalogue/item-categories) or a creature's tameable flag and variant
 * (lib/catalogue/creature-variants creatureFacet); 0 when not known. Engrams and
 * creatures alike: a creature's can_blueprint is false and it has no GFI code (absent);
 * an engram's code is null when it has none (gfi-codes.ts).
 */
export type SpawnRow = readonly [
  label: string,
  className: string,
  path: string,
  maps: number,
  canBlueprint: boolean,
  mod: number,
  facet: number,
  gfi?: string | null,
];

export interface SpawnMod {
  id: string;
  name: string;
}

/** rows the server renders before the browser has them all and can measure its viewport */
export const FIRST_ROWS = 40;

export type SpawnFilter = Pick<SpawnView, "maps" | "mods" | "bp" | "category" | "tameable">;

/** Whether a row passes the map, mod, blueprint, category and tameable filters; null when none is set. */
export function rowFilter(
  rows: readonly SpawnRow[],
  mods: readonly SpawnMod[],
  view: SpawnFilter,
): ((row: number) => boolean) | null {
  if (!view.maps && view.bp === "all" && view.mods.length === 0 && view.category < 0 && !view.tameable) return null;
  // -1 marks the base game; an id not on the page matches nothing (-2).
  const modIndex = (id: string) => {
    if (id === BASE_GAME) return -1;
    const i = mods.findIndex((m) => m.id === id);
    return i === -1 ? -2 : i;
  };
  const modIndexes = view.mods.length === 0 ? null : new Set(view.mods.map(modIndex));
  return (i) => {
    const r = rows[i]!;
    if (view.maps && (r[3] & view.maps) === 0) return false;
    if (view.bp === "yes" ? !r[4] : view.bp === "no" ? r[4] : false) return false;
    if (view.category >= 0 && r[6] !== view.category) return false;
    if (view.tameable && !isTameable(r[6])) return false;
    return !modIndexes || modIndexes.has(r[5]);
  };
}

/** How many rows are marked for each map, in GAME_MAPS order. */
export function mapCounts(rows: readonly SpawnRow[]): number[] {
  const counts = GAME_MAPS.map(() => 0);
  for (const r of rows) for (let m = 0; m < counts.length; m++) if (r[3] & GAME_MAPS[m]!.bit) counts[m]!++;
  return counts;
}

/** How many engram rows each category number has (index 0: not known). */
export function categoryCounts(rows: readonly SpawnRow[]): number[] {
  const counts = [0, ...ITEM_CATEGORIES.map(() => 0)];
  for (const r of rows) counts[r[6]] = (counts[r[6]] ?? 0) + 1;
  return counts;
}

/** How many creature rows are tameable. */
export function tameableCount(rows: readonly SpawnRow[]): number {
  let n = 0;
  for (const r of rows) if (isTameable(r[6])) n++;
  return n;
}
