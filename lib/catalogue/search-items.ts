/**
 * The loot editor's item search: the whole catalogue (base game and every mod, from the
 * in-memory engram catalogue), matched by lib/catalogue/match-items. The items are
 * converted once per catalogue data version, so a search is one pass over memory.
 */
import { VersionedCache } from "@/lib/cache/versioned-cache";
import type { Db } from "@/lib/db/client";
import { catalogueSnapshot } from "@/lib/engrams/engram-catalogue";
import { catalogueItem, type CatalogueItem } from "./catalogue-item";
import { matchItems } from "./match-items";

/** Results per search: a picker shows a short list and people type on. */
export const SEARCH_LIMIT = 20;
/** Longer text is cut (no name is longer; a path may be, and its start is enough). */
export const MAX_QUERY_LENGTH = 200;

const items = new VersionedCache<CatalogueItem[]>(1);

export async function searchCatalogueItems(db: Db, query: string, limit = SEARCH_LIMIT): Promise<{ version: number; items: CatalogueItem[] }> {
  const snapshot = await catalogueSnapshot(db);
  const all = await items.get("all", snapshot.version, async () => snapshot.engrams.map(catalogueItem));
  return { version: snapshot.version, items: matchItems(all, query.slice(0, MAX_QUERY_LENGTH), limit) };
}
