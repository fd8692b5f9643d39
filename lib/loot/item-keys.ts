/**
 * The items a loot document can drop, as the keys `/documents?item=` looks them up by:
 * "u:<uid>" for the item's path (md5 of the lowercase path: exact across mods, the same
 * uid engrams have) and "c:<lowercase class>" for its class (what a player or a
 * Game.ini line names). Written to document_items with the document, in the same
 * transaction: one row per key and document, so a key's documents and their number
 * are one index range.
 */
import { classOf, uidOf } from "@/lib/engrams/derive";
import type { LootDocument, LootItem } from "./loot-document";

const uidKey = (uid: string) => `u:${uid}`;
const classKeyOf = (cls: string) => `c:${cls.toLowerCase()}`;

/** The key an item is counted by: its path's when it has one, else its class's; undefined when it names neither. */
export function itemKey(item: LootItem): string | undefined {
  if (item.path) return uidKey(uidOf(item.path));
  return item.class ? classKeyOf(item.class) : undefined;
}

/** The keys a catalogue item is found by: its path's and its class's (a document may name either). */
export function catalogueItemKeys(item: { path: string; class: string }): string[] {
  return [uidKey(uidOf(item.path)), classKeyOf(item.class || classOf(item.path))];
}

/** Every distinct key of the document's items: path and class keys both. */
export function lootItemKeys(doc: LootDocument): string[] {
  const keys = new Set<string>();
  for (const source of doc.sources)
    for (const set of source.itemSets)
      for (const entry of set.entries)
        for (const item of entry.items) {
          if (item.path) keys.add(uidKey(uidOf(item.path)));
          const cls = item.class || (item.path ? classOf(item.path) : "");
          if (cls) keys.add(classKeyOf(cls));
        }
  return [...keys];
}

/**
 * `?item=`: a blueprint path ("/Game/...", exact), an engram uid (32 hex digits) or a
 * class ("..._C", any case), as its key; anything else is undefined (the page says so).
 */
export function parseItemQuery(value: string | undefined): string | undefined {
  const v = value?.trim();
  if (!v || v.length > 500) return undefined;
  if (v.startsWith("/")) return uidKey(uidOf(v));
  if (/^[0-9a-f]{32}$/i.test(v)) return uidKey(v.toLowerCase());
  if (/^[A-Za-z0-9_]+_C$/i.test(v)) return classKeyOf(v);
  return undefined;
}
