/**
 * What the editor knows of the catalogue: the items of the opened document (resolved on
 * the server) and every item picked since, found as lib/catalogue/resolve-items finds
 * them: by blueprint path, else by class (the first item of that class).
 */
import type { CatalogueItem } from "@/lib/catalogue/catalogue-item";
import type { LootItem } from "@/lib/loot/loot-document";

export interface ItemIndex {
  byPath: Map<string, CatalogueItem>;
  byClass: Map<string, CatalogueItem>;
}

/** A new index with `items` added to `into`. */
export function indexItems(items: readonly CatalogueItem[], into?: ItemIndex): ItemIndex {
  const index = { byPath: new Map(into?.byPath), byClass: new Map(into?.byClass) };
  for (const item of items) {
    index.byPath.set(item.path.toLowerCase(), item);
    if (!index.byClass.has(item.class.toLowerCase())) index.byClass.set(item.class.toLowerCase(), item);
  }
  return index;
}

export function lookupItem(index: ItemIndex, item: Pick<LootItem, "class" | "path">): CatalogueItem | undefined {
  return (
    (item.path ? index.byPath.get(item.path.toLowerCase()) : undefined) ??
    (item.class ? index.byClass.get(item.class.toLowerCase()) : undefined)
  );
}

export const indexedItems = (index: ItemIndex): CatalogueItem[] => [...index.byPath.values()];
