/**
 * Everything the spawn page renders on the server below its header, in one call: the
 * rows of its scope for the view's tab (engrams or creatures; cached,
 * lib/spawn/spawn-catalogue), the first rows of the view the URL asks for (searched and
 * filtered as the browser will: lib/spawn/spawn-search), how many rows each tab has,
 * the numbers the controls show (rows per map) and the mods in the reader's order for
 * the mod filter. Kept apart from the components so a cache of the page can wrap it.
 */
import { sortByLabel } from "@/lib/catalogue/item-order";
import type { Db } from "@/lib/db/client";
import type { ItemKind } from "@/lib/engrams/item-kind";
import { countSpawnRows, loadSpawnRows } from "./spawn-catalogue";
import { FIRST_ROWS, type SpawnMod, type SpawnRow } from "./spawn-filter";
import type { SpawnScope } from "./spawn-scope";
import { findSpawnRows, spawnTags } from "./spawn-search";
import { rowSource, type RowSource, type SpawnTab, type SpawnView } from "./spawn-view";

export interface SpawnPageData {
  /** the rows these are: the tab's, engrams with GFI codes for a view that shows them */
  source: RowSource;
  /** the first rows of the view, their tags among all rows (spawn-search spawnTags), the view's size, all rows' count */
  first: { rows: SpawnRow[]; tags: string[]; visibleCount: number; total: number };
  /** the search's outcome for those rows */
  search: { typos: boolean; suggestions: string[]; nothingToSearch: boolean };
  lastChanged: Date | null;
  hasBaseGame: boolean;
  mapCounts: number[];
  /** engrams: rows per category number; creatures: [tameable rows] (spawn-catalogue facetCounts) */
  facetCounts: number[];
  /** the mod filter's choices, by name in the reader's order */
  modChoices: SpawnMod[];
  /** rows of each tab in the scope */
  counts: Record<SpawnTab, number>;
}

export const kindOfTab = (tab: SpawnTab): ItemKind => (tab === "creatures" ? "creatures" : "engrams");

export async function loadSpawnPage(
  db: Db,
  options: { scope: SpawnScope; mods: SpawnMod[]; view: SpawnView; locale: string },
): Promise<SpawnPageData> {
  const { scope, mods, view, locale } = options;
  const other: SpawnTab = view.tab === "creatures" ? "items" : "creatures";
  const source = rowSource(view);
  const [data, otherCount] = await Promise.all([
    loadSpawnRows(db, { scope, mods, locale, kind: kindOfTab(view.tab), gfi: source === "gfi" }),
    countSpawnRows(db, { scope, mods, kind: kindOfTab(other) }),
  ]);
  const { visible, typos, suggestions, nothingToSearch } = findSpawnRows(data.rows, mods, view);
  const firstRows = visible.slice(0, FIRST_ROWS);
  const tags = spawnTags(data.rows, view.tab);
  return {
    source,
    first: {
      rows: firstRows.map((i) => data.rows[i]!),
      tags: firstRows.map((i) => tags[i]!),
      visibleCount: visible.length,
      total: data.rows.length,
    },
    search: { typos, suggestions, nothingToSearch },
    lastChanged: data.lastChanged,
    hasBaseGame: data.hasBaseGame,
    mapCounts: data.mapCounts,
    facetCounts: data.facetCounts,
    modChoices: sortByLabel(
      [...mods],
      locale,
      (m) => m.name,
      (m) => m.id,
    ),
    counts: { [view.tab]: data.rows.length, [other]: otherCount } as Record<SpawnTab, number>,
  };
}
