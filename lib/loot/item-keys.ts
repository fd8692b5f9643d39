/**
 * The items a loot document can drop, as the keys `/documents?item=` looks them up by:
 * the uid of the item's path (md5 of the lowercase path, exact across mods, the same
 * uid engrams have) and its lowercase class (what a player or a Game.ini line names).
 * Written to document_items with the document, in the same transaction.
 */
import { classOf, uidOf } from "@/lib/engrams/derive";
import type { LootDocument, LootItem } from "./loot-document";

export interface ItemKey {
  /** uid of the path; "" when the entry names only a class */
  uid: string;
  /** lowercase class, e.g. primalitem_weaponmetalpick_c */
  classKey: string;
}

/** An item's key; undefined for an item that names neither a path nor a class. */
export function itemKey(item: LootItem): ItemKey | undefined {
  const classKey = (item.class || (item.path ? classOf(item.path) : "")).toLowerCase();
  if (!classKey && !item.path) return undefined;
  return { uid: item.path ? uidOf(item.path) : "", classKey };
}

/** Every distinct item of the document's entries. */
export function lootItemKeys(doc: LootDocument): ItemKey[] {
  const seen = new Map<string, ItemKey>();
  for (const source of doc.sources)
    for (const set of source.itemSets)
      for (const entry of set.entries)
        for (const item of entry.items) {
          const key = itemKey(item);
          if (key) seen.set(`${key.uid}|${key.classKey}`, key);
        }
  return [...seen.values()];
}

export type ItemQuery = { uid: string } | { classKey: string };

/**
 * `?item=`: a blueprint path ("/Game/...", exact), an engram uid (32 hex digits) or a
 * class ("..._C", any case); anything else is undefined (the page says so).
 */
export function parseItemQuery(value: string | undefined): ItemQuery | undefined {
  const v = value?.trim();
  if (!v || v.length > 500) return undefined;
  if (v.startsWith("/")) return { uid: uidOf(v) };
  if (/^[0-9a-f]{32}$/i.test(v)) return { uid: v.toLowerCase() };
  if (/^[A-Za-z0-9_]+_C$/i.test(v)) return { classKey: v.toLowerCase() };
  return undefined;
}
