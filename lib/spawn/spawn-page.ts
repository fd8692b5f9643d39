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
  /** the search's outcome for those rows (`top`: how well the first matched, lib/catalogue/item-search) */
  search: { typos: boolean; suggestions: string[]; nothingToSearch: boolean; top: number };
  /**
   * the tab shown: the view's, or when the address names none, the one that answers it
   * (chooseTab)
   */
  tab: SpawnTab;
  /** with search text: each tab's matches under the view's filters; null without text */
  answers: Record<SpawnTab, TabAnswer> | null;
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

/** What one tab answers a search: how many rows match, how well the best does, and its name. */
export interface TabAnswer {
  count: number;
  top: number;
  best: string | null;
}

/**
 * The tab a view without `tab=` opens on: with search text, the one whose best match is
 * better ("rex": Rex the creature beats Rex Egg the item; a tie stays on the items);
 * without, the items, unless the scope has no item and has creatures (ASA's base game).
 */
export function chooseTab(answers: Record<SpawnTab, TabAnswer> | null, counts: Record<SpawnTab, number>): SpawnTab {
  if (answers) return answers.creatures.top > answers.items.top ? "creatures" : "items";
  return counts.items === 0 && counts.creatures > 0 ? "creatures" : "items";
}

export const kindOfTab = (tab: SpawnTab): ItemKind => (tab === "creatures" ? "creatures" : "engrams");

export async function loadSpawnPage(
  db: Db,
  options: {
    scope: SpawnScope;
    mods: SpawnMod[];
    view: SpawnView;
    locale: string;
    /** the address named the tab: keep it; else chooseTab picks */
    tabGiven?: boolean;
  },
): Promise<SpawnPageData> {
  const { scope, mods, locale } = options;
  const searching = options.view.q.trim() !== "";
  const rowsOf = (tab: SpawnTab, view: SpawnView) =>
    loadSpawnRows(db, { scope, mods, locale, kind: kindOfTab(tab), gfi: rowSource(view) === "gfi" });
  const tabs: SpawnTab[] = ["items", "creatures"];
  // A search, or a choice of tab, needs both tabs' rows (cached: lib/spawn/spawn-catalogue).
  const both = searching || options.tabGiven === false;
  const loaded = both ? await Promise.all(tabs.map((t) => rowsOf(t, { ...options.view, tab: t }))) : null;
  const answers: Record<SpawnTab, TabAnswer> | null =
    loaded && searching
      ? (Object.fromEntries(
          tabs.map((t, i) => {
            const data = loaded[i]!;
            const found = findSpawnRows(data.rows, mods, { ...options.view, tab: t });
            const first = found.visible[0];
            return [
              t,
              { count: found.visible.length, top: found.top, best: first === undefined ? null : data.rows[first]![0] },
            ];
          }),
        ) as Record<SpawnTab, TabAnswer>)
      : null;
  const tab =
    options.tabGiven === false && loaded
      ? chooseTab(answers, { items: loaded[0]!.rows.length, creatures: loaded[1]!.rows.length })
      : options.view.tab;
  const view = { ...options.view, tab };
  const other: SpawnTab = tab === "creatures" ? "items" : "creatures";
  const source = rowSource(view);
  const [data, otherCount] = await Promise.all([
    loaded ? loaded[tabs.indexOf(tab)]! : rowsOf(tab, view),
    loaded ? loaded[tabs.indexOf(other)]!.rows.length : countSpawnRows(db, { scope, mods, kind: kindOfTab(other) }),
  ]);
  const { visible, typos, suggestions, nothingToSearch, top } = findSpawnRows(data.rows, mods, view);
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
    search: { typos, suggestions, nothingToSearch, top },
    tab,
    answers,
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
