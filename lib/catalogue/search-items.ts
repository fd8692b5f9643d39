/**
 * The loot editor's item search: the whole catalogue (base game and every mod, from the
 * in-memory engram catalogue), searched with the players' item search
 * (lib/catalogue/item-search.ts: synonyms, prefixes, typos), so the picker finds what the
 * spawn page finds. The items and their index are built once per catalogue data version,
 * so a search is one pass over memory.
 */
import { sharedCache } from "@/lib/cache/versioned-cache";
import type { Db } from "@/lib/db/client";
import { allEngrams } from "@/lib/engrams/engram-catalogue";
import { catalogueItem, type CatalogueItem } from "./catalogue-item";
import { buildItemIndex, searchItems, type ItemIndex } from "./item-search";
import { itemMark, variantTags } from "./variant-tags";

/** Results per search: a picker shows a short list and people type on. */
export const SEARCH_LIMIT = 20;
/** Longer text is cut (no name is longer; a path may be, and its start is enough). */
export const MAX_QUERY_LENGTH = 200;

export interface PickerCatalogue {
  /** by label (ties keep the search's "items' own order" meaningful) */
  items: CatalogueItem[];
  index: ItemIndex;
}

const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Items tagged among themselves (variant-tags: a mission copy says so, and ranks after the item itself). */
export function pickerCatalogue(items: CatalogueItem[]): PickerCatalogue {
  const sorted = [...items].sort((a, b) => collator.compare(a.label, b.label) || a.path.localeCompare(b.path));
  const tags = variantTags(
    sorted.map((i) => ({ label: i.label, className: i.class, path: i.path, mark: itemMark(i.path, i.class) })),
  );
  const tagged = sorted.map((item, i) => (tags[i] ? { ...item, tag: tags[i] } : item));
  return {
    items: tagged,
    index: buildItemIndex(
      tagged.map((i) => ({ label: i.label, class: i.class, path: i.path, mod: i.modName, variant: Boolean(i.tag) })),
    ),
  };
}

/** The best `limit` items for the text typed; nothing for blank text. */
export function searchPicker(catalogue: PickerCatalogue, query: string, limit = SEARCH_LIMIT): CatalogueItem[] {
  const text = query.slice(0, MAX_QUERY_LENGTH);
  if (!text.trim() || limit <= 0) return [];
  return searchItems(catalogue.index, text)
    .items.slice(0, limit)
    .map((n) => catalogue.items[n]!);
}

/**
 * What a picker catalogue holds, roughly: per item its object and strings and its share
 * of the index (words, postings, phrases). 20,000 items: 10.9 MB on the heap, estimated
 * 10.9 MB (the class and path text built for code-like queries comes on top).
 */
function pickerBytes(catalogue: PickerCatalogue): number {
  let n = 1024;
  for (const i of catalogue.items)
    n += 350 + 2 * i.label.length + i.class.length + i.path.length + (i.modName?.length ?? 0);
  return n;
}

const catalogues = sharedCache<PickerCatalogue>("item_picker", {
  maxBytes: 64 << 20,
  maxEntries: 1,
  sizeOf: pickerBytes,
});

async function wholeCatalogue(db: Db): Promise<{ version: number; catalogue: PickerCatalogue }> {
  const snapshot = await allEngrams(db);
  const catalogue = await catalogues.get("all", snapshot.version, async () =>
    pickerCatalogue(snapshot.read().map(catalogueItem)),
  );
  return { version: snapshot.version, catalogue };
}

export async function searchCatalogueItems(
  db: Db,
  query: string,
  limit = SEARCH_LIMIT,
): Promise<{ version: number; items: CatalogueItem[] }> {
  const { version, catalogue } = await wholeCatalogue(db);
  return { version, items: searchPicker(catalogue, query, limit) };
}

/**
 * The catalogue items whose names match the text as typed (every word, the players'
 * words and prefixes included), best first, at most `limit`; none when only typos would
 * match: what the document search adds to its text match ("metal pick" finds the
 * documents that drop the Metal Pick), and there a guess is worse than nothing.
 */
export async function itemsNamedBy(db: Db, query: string, limit: number): Promise<CatalogueItem[]> {
  const text = query.slice(0, MAX_QUERY_LENGTH);
  if (!text.trim() || limit <= 0) return [];
  const { catalogue } = await wholeCatalogue(db);
  const found = searchItems(catalogue.index, text);
  return found.typos ? [] : found.items.slice(0, limit).map((n) => catalogue.items[n]!);
}
