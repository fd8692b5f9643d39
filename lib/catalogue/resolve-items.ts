/**
 * One way to resolve an item a document names (a blueprint path and a class) to the
 * catalogue's engram: by path first (uid = md5 of the lowercased path, exact across
 * mods), then by class (not unique across mods: the first in catalogue order). Served
 * from the in-memory engram catalogue (lib/engrams/engram-catalogue), so resolving a
 * large document costs two lookups, not a query per item.
 */
import type { Db } from "@/lib/db/client";
import { uidOf } from "@/lib/engrams/derive";
import { findCatalogueEngrams } from "@/lib/engrams/engram-catalogue";
import type { EngramJson } from "@/lib/engrams/engram-json";

export interface ItemRef {
  path: string;
  class: string;
}

export type ItemResolver = (item: ItemRef) => EngramJson | undefined;

/** What a diff or a Game.ini needs of an item's engram: its name and whether it can be a blueprint. */
export type ItemFacts = Pick<EngramJson, "label" | "can_blueprint">;
/** An ItemResolver, or the same answers carried across a thread (lib/documents/diff/diff-off-thread.ts). */
export type ItemFactsOf = (item: ItemRef) => ItemFacts | undefined;

export async function resolveItems(db: Db, items: ItemRef[]): Promise<ItemResolver> {
  const uidOfPath = new Map<string, string>();
  for (const i of items) if (i.path && !uidOfPath.has(i.path)) uidOfPath.set(i.path, uidOf(i.path));
  const byUid = new Map(
    (await findCatalogueEngrams(db, { uids: [...new Set(uidOfPath.values())], classKeys: [] })).map((e) => [e.uid, e]),
  );
  const unresolvedClasses = new Set<string>();
  for (const i of items)
    if (!byUid.has(uidOfPath.get(i.path) ?? "") && i.class) unresolvedClasses.add(i.class.toLowerCase());
  const byClass = new Map<string, EngramJson>();
  if (unresolvedClasses.size > 0) {
    for (const e of await findCatalogueEngrams(db, { uids: [], classKeys: [...unresolvedClasses] })) {
      const key = e.class.toLowerCase();
      if (!byClass.has(key)) byClass.set(key, e);
    }
  }
  return (item) => byUid.get(uidOfPath.get(item.path) ?? "") ?? byClass.get(item.class.toLowerCase());
}

/** The catalogue's can_blueprint; an item it does not know counts as blueprintable (the default of docs/CONTRACT.md#engrams). */
export function canBlueprintWith(resolve: ItemFactsOf): (item: ItemRef) => boolean {
  return (item) => resolve(item)?.can_blueprint ?? true;
}

/** What `/documents?item=` names, for people: the catalogue's label, else the class or path as given. */
export async function itemQueryLabel(db: Db, value: string): Promise<string> {
  const v = value.trim();
  if (/^[0-9a-f]{32}$/i.test(v))
    return (await findCatalogueEngrams(db, { uids: [v.toLowerCase()], classKeys: [] }))[0]?.label ?? v;
  const ref = v.startsWith("/") ? { path: v, class: "" } : { path: "", class: v };
  return (await resolveItems(db, [ref]))(ref)?.label ?? v;
}
