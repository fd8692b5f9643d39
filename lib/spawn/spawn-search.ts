/**
 * The rows a spawn page view shows, in order: the view's filters, then the search text
 * through lib/catalogue/item-search (ranked best first; without text, the rows' own
 * order, which is the reader's locale). The server runs it for the first rows of the
 * HTML and the browser for every change after, on the same rows, so both agree.
 * Pure: safe to import from client components.
 */
import { variantMark } from "@/lib/catalogue/creature-variants";
import { creatureWords } from "@/lib/catalogue/creature-words";
import { itemMark, variantTags } from "@/lib/catalogue/variant-tags";
import { buildItemIndex, searchItems, type ItemIndex } from "@/lib/catalogue/item-search";
import { rowFilter, type SpawnMod, type SpawnRow } from "./spawn-filter";
import type { SpawnTab, SpawnView } from "./spawn-view";

export interface SpawnMatches {
  /** indexes into the rows, in the order shown */
  visible: number[];
  /** found only with typos allowed */
  typos: boolean;
  /** "did you mean" queries when nothing matched the text */
  suggestions: string[];
  /** the text had no letter or digit to search for */
  nothingToSearch: boolean;
  /** how well the first row matched (lib/catalogue/item-search `top`); 0 without text */
  top: number;
}

const indexes: Record<SpawnTab, WeakMap<readonly SpawnRow[], ItemIndex>> = {
  items: new WeakMap(),
  creatures: new WeakMap(),
};

const tagLists: Record<SpawnTab, WeakMap<readonly SpawnRow[], string[]>> = {
  items: new WeakMap(),
  creatures: new WeakMap(),
};

/**
 * Each row's tag beside its name (lib/catalogue/variant-tags: "Mission", "Boss · Gamma",
 * "Mission · Genesis: Part 2"), "" for the thing itself; kept as long as the rows are.
 */
export function spawnTags(rows: readonly SpawnRow[], tab: SpawnTab = "items"): string[] {
  let tags = tagLists[tab].get(rows);
  if (!tags) {
    const mark = tab === "creatures" ? (r: SpawnRow) => variantMark(r[6]) : (r: SpawnRow) => itemMark(r[2], r[1]);
    tags = variantTags(rows.map((r) => ({ label: r[0], className: r[1], path: r[2], mark: mark(r) })));
    tagLists[tab].set(rows, tags);
  }
  return tags;
}

/**
 * The search index of a page's rows, built on first use and kept as long as the rows are.
 * Creatures also answer to the short name in their class (lib/catalogue/creature-words);
 * a tagged row is a variant, ranked after the thing itself.
 */
export function spawnIndex(rows: readonly SpawnRow[], mods: readonly SpawnMod[], tab: SpawnTab = "items"): ItemIndex {
  let index = indexes[tab].get(rows);
  if (!index) {
    const aliases = tab === "creatures" ? (r: SpawnRow) => ({ aliases: creatureWords(r[1]) }) : () => ({});
    const tags = spawnTags(rows, tab);
    index = buildItemIndex(
      rows.map((r, i) => ({
        label: r[0],
        class: r[1],
        path: r[2],
        mod: mods[r[5]]?.name ?? null,
        variant: tags[i] !== "",
        ...aliases(r),
      })),
    );
    indexes[tab].set(rows, index);
  }
  return index;
}

/** The tab decides the filters too: blueprint and category are the items tab's alone, tameable the Creatures tab's. */
export function findSpawnRows(
  rows: readonly SpawnRow[],
  mods: readonly SpawnMod[],
  view: Pick<SpawnView, "q" | "maps" | "mods" | "bp" | "category" | "tameable"> & { tab?: SpawnTab },
): SpawnMatches {
  const tab = view.tab ?? "items";
  const filter = rowFilter(
    rows,
    mods,
    tab === "creatures" ? { ...view, bp: "all", category: -1 } : { ...view, tameable: false },
  );
  if (view.q.trim() === "") {
    const visible: number[] = [];
    for (let i = 0; i < rows.length; i++) if (!filter || filter(i)) visible.push(i);
    return { visible, typos: false, suggestions: [], nothingToSearch: false, top: 0 };
  }
  const { items, typos, suggestions, nothingToSearch, top } = searchItems(
    spawnIndex(rows, mods, tab),
    view.q,
    filter ? { filter } : {},
  );
  return { visible: items, typos, suggestions, nothingToSearch, top };
}
