/**
 * Filtering the spawn table in the browser. Rows travel as compact tuples (20,000 of
 * them must load fast); the lowercase search text is built once per row, so a keystroke
 * costs one substring scan over the list.
 * Pure: safe to import from client components.
 */
import { BASE_GAME, type SpawnView } from "./spawn-view";

/** [label, class, path, environments bit set, can_blueprint, index into the mods list or -1] */
export type SpawnRow = readonly [label: string, className: string, path: string, environments: number, canBlueprint: boolean, mod: number];

export interface SpawnMod {
  id: string;
  name: string;
}

/** rows the server renders before the browser has them all and can measure its viewport */
export const FIRST_ROWS = 40;

const textsCache = new WeakMap<readonly SpawnRow[], string[]>();

/** The rows' search texts, built on first use (not during the first render without a query). */
export function searchTexts(rows: readonly SpawnRow[]): string[] {
  let texts = textsCache.get(rows);
  if (!texts) {
    texts = rows.map((r) => `${r[0]}\n${r[1]}\n${r[2]}`.toLowerCase());
    textsCache.set(rows, texts);
  }
  return texts;
}

export type SpawnFilter = Pick<SpawnView, "q" | "maps" | "mods" | "bp">;

/** Indexes of the rows the view shows, in table order. */
export function filterRows(rows: readonly SpawnRow[], mods: readonly SpawnMod[], view: SpawnFilter): number[] {
  const needles = view.q.toLowerCase().split(/\s+/).filter(Boolean);
  const texts = needles.length > 0 ? searchTexts(rows) : [];
  // -1 marks the base game; an id not on the page matches nothing (-2).
  const modIndex = (id: string) => {
    const i = mods.findIndex((m) => m.id === id);
    return id === BASE_GAME ? -1 : i === -1 ? -2 : i;
  };
  const modIndexes = view.mods.length === 0 ? null : new Set(view.mods.map(modIndex));
  const out: number[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]!;
    if (view.maps && (r[3] & view.maps) === 0) continue;
    if (view.bp === "yes" ? !r[4] : view.bp === "no" ? r[4] : false) continue;
    if (modIndexes && !modIndexes.has(r[5])) continue;
    if (needles.length > 0) {
      const text = texts[i]!;
      if (!needles.every((n) => text.includes(n))) continue;
    }
    out.push(i);
  }
  return out;
}
