/**
 * Stable keys for the parts of a loot document (sources, item sets, entries, items) as
 * the editor changes it, for React's list keys and for state kept per part (a source's
 * open or closed panel). An index is no key: after a move, a removal or an insertion the
 * part at an index is another part, and a panel, a half-typed number or the item
 * picker's search would stay with the place instead of the part.
 *
 * The edit functions (lib/loot/edit-document) never change a document in place: an
 * edited part is a new object, and every part beside it keeps its identity, moved or
 * not. So a key belongs to the object, and after an edit (`follow`) a new object takes
 * the key of the one it replaced in the same place of a list of the same length (a
 * changed field); anything else new (an added or duplicated part) gets a new key. Undo
 * and redo bring back objects that still have theirs.
 */
import type { LootDocument } from "@/lib/loot/loot-document";

type Node = object;

/** The children's key at each depth: a document's sources, a source's sets, ... */
const CHILDREN = ["sources", "itemSets", "entries", "items"] as const;

function childrenOf(node: Node, depth: number): readonly Node[] {
  const key = CHILDREN[depth];
  const list = key === undefined ? undefined : (node as Record<string, unknown>)[key];
  return Array.isArray(list) ? (list as Node[]) : [];
}

export class PartKeys {
  private readonly keys = new WeakMap<Node, number>();
  private last = 0;

  /** The key of a part; a part not seen before gets a new one. */
  keyOf(part: Node): number {
    let key = this.keys.get(part);
    if (key === undefined) {
      key = ++this.last;
      this.keys.set(part, key);
    }
    return key;
  }

  /** Hands the keys of `before`'s parts on to the parts of `after` that replaced them. */
  follow(before: LootDocument, after: LootDocument): void {
    this.followList(before.sources, after.sources, 1);
  }

  private followList(before: readonly Node[], after: readonly Node[], depth: number): void {
    const kept = new Set(after);
    const byKey = new Map<number, Node>();
    for (const part of before) byKey.set(this.keyOf(part), part);
    after.forEach((part, i) => {
      if (!this.keys.has(part)) {
        const replaced = before[i];
        const inPlace = before.length === after.length && replaced !== undefined && !kept.has(replaced);
        this.keys.set(part, inPlace ? this.keyOf(replaced) : ++this.last);
      }
      const previous = byKey.get(this.keyOf(part));
      if (previous !== undefined && previous !== part)
        this.followList(childrenOf(previous, depth), childrenOf(part, depth), depth + 1);
    });
  }
}
