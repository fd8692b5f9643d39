/**
 * The editor's edit operations on the loot model, as pure functions: each takes a
 * document and returns a new one (the old one is untouched, so the undo history can
 * keep it). Parts are addressed by a path of indexes: [] the document, [s] a source,
 * [s, t] an item set, [s, t, e] an entry, [s, t, e, i] an item. A path that points
 * nowhere (a stale click after an undo) leaves the document as it is.
 *
 * Parts keep their `raw` object, so keys the model does not know survive every edit; a
 * duplicate is a deep copy of the part, unknown keys included.
 */
import type { KnownCrate } from "./known-crates";
import type { LootDocument, LootEntry, LootItem, LootItemSet, LootSource } from "./loot-document";
import { crateFields, newEntry, newItemSet } from "./new-loot";

export type LootPath = readonly number[];

/** The children's key at each depth: a document's sources, a source's sets, ... */
const CHILDREN = ["sources", "itemSets", "entries", "items"] as const;

type Part = LootDocument | LootSource | LootItemSet | LootEntry | LootItem;
type Tree = Record<string, unknown>;

function children(node: Tree, depth: number): Tree[] {
  const list = node[CHILDREN[depth]!];
  return Array.isArray(list) ? (list as Tree[]) : [];
}

/** `node` with the part at `path` (from `depth` down) replaced by fn(part). */
function update(node: Tree, path: LootPath, depth: number, fn: (part: Tree) => Tree): Tree {
  if (depth === path.length) return fn(node);
  const list = children(node, depth);
  const i = path[depth]!;
  if (!Number.isInteger(i) || i < 0 || i >= list.length) return node;
  const next = list.slice();
  next[i] = update(list[i]!, path, depth + 1, fn);
  return { ...node, [CHILDREN[depth]!]: next };
}

function updateList(doc: LootDocument, parent: LootPath, fn: (list: Tree[]) => Tree[]): LootDocument {
  if (parent.length >= CHILDREN.length) return doc;
  return update(doc as unknown as Tree, parent, 0, (node) => ({
    ...node,
    [CHILDREN[parent.length]!]: fn(children(node, parent.length)),
  })) as unknown as LootDocument;
}

/** The part at `path`, or undefined. */
export function partAt(doc: LootDocument, path: LootPath): Part | undefined {
  let node: Tree | undefined = doc as unknown as Tree;
  for (const [depth, i] of path.entries()) node = node ? children(node, depth)[i] : undefined;
  return node as Part | undefined;
}

export type DocumentFields = Partial<Pick<LootDocument, "title" | "description" | "difficulty" | "maps">>;
export type SourceFields = Partial<Omit<LootSource, "itemSets" | "raw">>;
export type ItemSetFields = Partial<Omit<LootItemSet, "entries" | "raw">>;
export type EntryFields = Partial<Omit<LootEntry, "items" | "raw">>;
export type ItemFields = Partial<LootItem>;

/** Changes fields of the part at `path` ([] for the document); lists are changed by the functions below. */
export function setFields(doc: LootDocument, path: [], fields: DocumentFields): LootDocument;
export function setFields(doc: LootDocument, path: [number], fields: SourceFields): LootDocument;
export function setFields(doc: LootDocument, path: [number, number], fields: ItemSetFields): LootDocument;
export function setFields(doc: LootDocument, path: [number, number, number], fields: EntryFields): LootDocument;
export function setFields(doc: LootDocument, path: [number, number, number, number], fields: ItemFields): LootDocument;
export function setFields(doc: LootDocument, path: LootPath, fields: Tree): LootDocument {
  return update(doc as unknown as Tree, path, 0, (part) => ({ ...part, ...fields })) as unknown as LootDocument;
}

/** Adds `part` to the list under `parent` (at `index`, else at the end). */
export function insertPart(
  doc: LootDocument,
  parent: LootPath,
  part: LootSource | LootItemSet | LootEntry | LootItem,
  index?: number,
): LootDocument {
  return updateList(doc, parent, (list) => {
    const at = index === undefined ? list.length : Math.min(Math.max(0, index), list.length);
    return [...list.slice(0, at), part as unknown as Tree, ...list.slice(at)];
  });
}

/**
 * A new source at the end. A document whose maps are not set yet takes the source's: the
 * editor shows the source's maps, and the document's Map is what its page, the listings
 * and the search say, so the saved document says the maps that were shown.
 */
export function addSource(doc: LootDocument, source: LootSource): LootDocument {
  const next = insertPart(doc, [], source);
  return doc.maps === 0 && source.availability !== 0 ? setFields(next, [], { maps: source.availability }) : next;
}

/**
 * "Add an item" on a document without sources: `source` holding one item set with one
 * empty entry, where the item picked next goes (added with addSource: one step, one undo).
 */
export function withFirstEntry(source: LootSource): LootSource {
  return { ...source, itemSets: [{ ...newItemSet(), entries: [newEntry()] }] };
}

export function removePart(doc: LootDocument, path: LootPath): LootDocument {
  if (path.length === 0) return doc;
  const i = path[path.length - 1]!;
  return updateList(doc, path.slice(0, -1), (list) => list.filter((_, k) => k !== i));
}

/** Moves the part by `delta` places among its siblings (clamped to the list); its new path, too. */
export function movePart(doc: LootDocument, path: LootPath, delta: number): { doc: LootDocument; path: number[] } {
  if (path.length === 0) return { doc, path: [] };
  const from = path[path.length - 1]!;
  let to = from;
  const next = updateList(doc, path.slice(0, -1), (list) => {
    if (from < 0 || from >= list.length) return list;
    to = Math.min(Math.max(0, from + delta), list.length - 1);
    if (to === from) return list;
    const out = list.slice();
    const [moved] = out.splice(from, 1);
    out.splice(to, 0, moved!);
    return out;
  });
  return { doc: to === from ? doc : next, path: [...path.slice(0, -1), to] };
}

/** A deep copy of the part right after it. */
export function duplicatePart(doc: LootDocument, path: LootPath): LootDocument {
  const part = partAt(doc, path);
  if (path.length === 0 || part === undefined) return doc;
  return insertPart(doc, path.slice(0, -1), structuredClone(part) as LootSource, path[path.length - 1]! + 1);
}

/**
 * A source switched to a known crate: its class and the crate's label, maps, colour and
 * quality multipliers (what a Game.ini import fills in for that crate too).
 */
export function chooseCrate(doc: LootDocument, source: number, crate: KnownCrate): LootDocument {
  return setFields(doc, [source], crateFields(crate));
}

/**
 * A source's counts, multipliers and item sets replaced by the game's default contents
 * (lib/loot/game-default-source): one edit, so one undo brings back what was there.
 */
export function withGameDefault(
  doc: LootDocument,
  source: number,
  fields: Omit<SourceFields, "crateClass" | "label"> & Pick<LootSource, "itemSets">,
): LootDocument {
  return { ...doc, sources: doc.sources.map((s, i) => (i === source ? { ...s, ...fields } : s)) };
}

/**
 * The document as the editor holds it: each part's `raw` keeps its unknown keys, but its
 * children's keys (LootSources, ItemSets, ItemEntries, Items) are written from the model
 * anyway, so they are emptied where they stand (the key keeps its place in the order).
 * Otherwise every level would carry the whole original subtree again: four times the
 * document in the page and in the browser's draft.
 */
export function withoutRawChildren(doc: LootDocument): LootDocument {
  const slim = (raw: Record<string, unknown>, key: string) => (key in raw ? { ...raw, [key]: [] } : raw);
  return {
    ...doc,
    raw: slim(doc.raw, "LootSources"),
    sources: doc.sources.map((s) => ({
      ...s,
      raw: slim(s.raw, "ItemSets"),
      itemSets: s.itemSets.map((t) => ({
        ...t,
        raw: slim(t.raw, "ItemEntries"),
        entries: t.entries.map((e) => ({ ...e, raw: slim(e.raw, "Items") })),
      })),
    })),
  };
}
