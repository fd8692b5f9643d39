/**
 * The spawn page's rows and its filters other than the search text (maps, mod,
 * blueprintable). Rows travel as compact tuples: 20,000 of them must load fast.
 * Pure: safe to import from client components.
 */
import { ENVIRONMENTS } from "@/lib/engrams/environments";
import { BASE_GAME, type SpawnView } from "./spawn-view";

/**
 * [label, class, path, environments bit set, can_blueprint, index into the mods list or
 * -1, GFI code]. Engrams and creatures alike: a creature's can_blueprint is false and it
 * has no GFI code (absent); an engram's code is null when it has none (gfi-codes.ts).
 */
export type SpawnRow = readonly [
  label: string,
  className: string,
  path: string,
  environments: number,
  canBlueprint: boolean,
  mod: number,
  gfi?: string | null,
];

export interface SpawnMod {
  id: string;
  name: string;
}

/** rows the server renders before the browser has them all and can measure its viewport */
export const FIRST_ROWS = 40;

export type SpawnFilter = Pick<SpawnView, "maps" | "mods" | "bp">;

/** Whether a row passes the map, mod and blueprint filters; null when none is set. */
export function rowFilter(
  rows: readonly SpawnRow[],
  mods: readonly SpawnMod[],
  view: SpawnFilter,
): ((row: number) => boolean) | null {
  if (!view.maps && view.bp === "all" && view.mods.length === 0) return null;
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
    return !modIndexes || modIndexes.has(r[5]);
  };
}

/** How many rows are marked for each map, in ENVIRONMENTS order. */
export function mapCounts(rows: readonly SpawnRow[]): number[] {
  const counts = ENVIRONMENTS.map(() => 0);
  for (const r of rows) for (let b = 0; b < counts.length; b++) if (r[3] & (1 << b)) counts[b]!++;
  return counts;
}
