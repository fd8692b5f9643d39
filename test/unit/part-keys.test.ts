// The loot editor's list keys (lib/loot-editor/part-keys.ts): a part keeps its key when it
// moves, when a field of it changes, when a sibling is added, duplicated or removed, and
// across undo and redo; only new parts get new keys.
import { describe, expect, it } from "vitest";
import { duplicatePart, insertPart, movePart, removePart, setFields } from "@/lib/loot/edit-document";
import { record, redo, startHistory, undo } from "@/lib/loot/edit-history";
import type { LootDocument } from "@/lib/loot/loot-document";
import { emptyLootDocument, newEntry, newItem, newItemSet, newSource } from "@/lib/loot/new-loot";
import { PartKeys } from "@/lib/loot-editor/part-keys";

function threeSources(): LootDocument {
  let doc = emptyLootDocument("5a6d3d2e-8d8b-4c8e-9f3a-2b1c0d4e5f60");
  for (const crateClass of ["SupplyCrate_A_C", "SupplyCrate_B_C", "SupplyCrate_C_C"]) {
    doc = insertPart(doc, [], newSource({ crateClass }));
    doc = insertPart(doc, [doc.sources.length - 1], newItemSet());
    doc = insertPart(doc, [doc.sources.length - 1, 0], newEntry([newItem({ class: "A_C", path: "" })]));
  }
  return doc;
}

/** Applies an edit as the editor does: the keys follow it. */
function edited(keys: PartKeys, doc: LootDocument, next: LootDocument): LootDocument {
  keys.follow(doc, next);
  return next;
}

const sourceKeys = (keys: PartKeys, doc: LootDocument) => doc.sources.map((s) => keys.keyOf(s));
const crates = (doc: LootDocument) => doc.sources.map((s) => s.crateClass);

describe("part keys", () => {
  it("follow a moved source, not its old place", () => {
    const keys = new PartKeys();
    const doc = threeSources();
    const [a, b, c] = sourceKeys(keys, doc);
    const moved = edited(keys, doc, movePart(doc, [0], 1).doc);
    expect(crates(moved)).toEqual(["SupplyCrate_B_C", "SupplyCrate_A_C", "SupplyCrate_C_C"]);
    expect(sourceKeys(keys, moved)).toEqual([b, a, c]);
  });

  it("stay with a part whose field changed, and with its children", () => {
    const keys = new PartKeys();
    const doc = threeSources();
    const before = sourceKeys(keys, doc);
    const set = keys.keyOf(doc.sources[1]!.itemSets[0]!);
    const entry = keys.keyOf(doc.sources[1]!.itemSets[0]!.entries[0]!);
    const next = edited(keys, doc, setFields(doc, [1, 0, 0], { weight: 7 }));
    expect(next.sources[1]).not.toBe(doc.sources[1]);
    expect(sourceKeys(keys, next)).toEqual(before);
    expect(keys.keyOf(next.sources[1]!.itemSets[0]!)).toBe(set);
    expect(keys.keyOf(next.sources[1]!.itemSets[0]!.entries[0]!)).toBe(entry);
  });

  it("give added and duplicated parts new keys, and keep the others through a removal", () => {
    const keys = new PartKeys();
    const doc = threeSources();
    const [a, b, c] = sourceKeys(keys, doc);
    const copied = edited(keys, doc, duplicatePart(doc, [0]));
    const [a1, copy, b1, c1] = sourceKeys(keys, copied);
    expect([a1, b1, c1]).toEqual([a, b, c]);
    expect([a, b, c]).not.toContain(copy);
    const removed = edited(keys, copied, removePart(copied, [0]));
    expect(sourceKeys(keys, removed)).toEqual([copy, b, c]);
    const added = edited(keys, removed, insertPart(removed, [], newSource({ crateClass: "SupplyCrate_D_C" }), 0));
    const [fresh, ...rest] = sourceKeys(keys, added);
    expect(rest).toEqual([copy, b, c]);
    expect([a, b, c, copy]).not.toContain(fresh);
  });

  it("come back with undo and redo", () => {
    const keys = new PartKeys();
    const doc = threeSources();
    const before = sourceKeys(keys, doc);
    const moved = edited(keys, doc, movePart(doc, [2], -2).doc);
    const after = sourceKeys(keys, moved);
    let history = record(startHistory(doc), moved);
    history = undo(history);
    expect(sourceKeys(keys, history.present)).toEqual(before);
    history = redo(history);
    expect(sourceKeys(keys, history.present)).toEqual(after);
  });
});
