/**
 * The loot editor's logic (docs/PORTAL.md#loot-editor), all plain functions of lib/loot and
 * lib/catalogue: edit operations, the undo/redo history, validation, the chances per
 * roll, the picker's matching, and Default Loot.beacon opened in the editor and saved
 * unchanged (the document as the page hands it over, through JSON as the page payload
 * and the browser draft carry it).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CatalogueItem } from "@/lib/catalogue/catalogue-item";
import { pickerCatalogue, searchPicker } from "@/lib/catalogue/search-items";
import { safeNextPath } from "@/lib/dashboard/safe-next";
import {
  addSource,
  chooseCrate,
  duplicatePart,
  insertPart,
  movePart,
  partAt,
  removePart,
  setFields,
  withFirstEntry,
  withoutRawChildren,
} from "@/lib/loot/edit-document";
import { closeGroup, HISTORY_LIMIT, record, redo, startHistory, undo } from "@/lib/loot/edit-history";
import { supplyCrateLine } from "@/lib/loot/game-ini";
import { KNOWN_CRATES } from "@/lib/loot/known-crates";
import { readLootDocument, type LootDocument, type LootEntry, type LootSource } from "@/lib/loot/loot-document";
import { emptyLootDocument, newEntry, newItem, newItemSet, newSource } from "@/lib/loot/new-loot";
import { rollChances } from "@/lib/loot/roll-chances";
import { blocksSaving, validateLoot, type LootIssue } from "@/lib/loot/validate-loot";
import { writeLootDocument } from "@/lib/loot/write-loot-document";
import { crateTemplate, crateTemplates } from "@/lib/loot-editor/crate-templates";

const TEMPLATE = readFileSync(join(__dirname, "../../lib/loot/templates/default-loot.beacon"), "utf8");
const template = () => JSON.parse(TEMPLATE) as Record<string, unknown>;
const ID = "0f1e2d3c-4b5a-4968-8776-655443322110";
const SWORD = { class: "PrimalItem_WeaponSword_C", path: "/Game/Items/PrimalItem_WeaponSword.PrimalItem_WeaponSword" };
const STONE = {
  class: "PrimalItemResource_Stone_C",
  path: "/Game/Items/PrimalItemResource_Stone.PrimalItemResource_Stone",
};
/** What the page hands the browser and the draft keeps: plain JSON. */
const viaJson = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** One source (Island White), two sets, the first with two entries of one and two items. */
function small(): LootDocument {
  let doc = emptyLootDocument(ID);
  doc = setFields(doc, [], { title: "Small" });
  doc = insertPart(doc, [], newSource(KNOWN_CRATES[0]!));
  doc = insertPart(doc, [0], { ...newItemSet("Weapons"), weight: 3 });
  doc = insertPart(doc, [0], newItemSet("Stone"));
  doc = insertPart(doc, [0, 0], newEntry([newItem(SWORD)]));
  doc = insertPart(doc, [0, 0], { ...newEntry([{ ...newItem(SWORD), weight: 3 }, newItem(STONE)]), weight: 2 });
  doc = insertPart(doc, [0, 1], newEntry([newItem(STONE)]));
  return doc;
}
const messages = (issues: LootIssue[], severity: "error" | "warning") =>
  issues
    .filter((i) => i.severity === severity)
    .map((i) => `${i.path.join(".")}${i.field ? `:${i.field}` : ""} ${i.message}`);

describe("Default Loot.beacon opened in the editor and saved unchanged", () => {
  it("keeps every key and value, in the client's key order (semantically equal JSON)", () => {
    const opened = viaJson(withoutRawChildren(readLootDocument(template())!));
    const saved = writeLootDocument(opened);
    expect(saved).toEqual(template());
    expect(JSON.stringify(saved)).toBe(JSON.stringify(template()));
    // The editor's raw objects no longer carry each subtree again (4x the document before).
    expect(JSON.stringify(opened).length).toBeLessThan(TEMPLATE.length);
  });

  it("as a new document (template or copy) only its Identifier changes, in its place", () => {
    const doc = readLootDocument(template())!;
    const copy = withoutRawChildren({ ...doc, raw: { ...doc.raw, Identifier: ID } });
    const saved = writeLootDocument(viaJson(copy));
    expect(Object.keys(saved)).toEqual(Object.keys(template()));
    expect(saved).toEqual({ ...template(), Identifier: ID });
  });

  it("has no error, so it can be saved as it is", () => {
    const issues = validateLoot(readLootDocument(template())!);
    expect(messages(issues, "error")).toEqual([]);
    expect(blocksSaving(issues)).toBe(false);
  });

  it("an empty document is written as version-2 content with the client's keys, and read back the same", () => {
    const doc = setFields(emptyLootDocument(ID), [], { title: "Empty" });
    const content = writeLootDocument(doc);
    expect(content).toEqual({
      Description: "",
      DifficultyValue: 4,
      Identifier: ID,
      LootSources: [],
      Map: 0,
      Public: true,
      Title: "Empty",
      Version: 2,
    });
    expect(Object.keys(content)).toEqual(Object.keys(template()));
    const built = writeLootDocument(small());
    const read = readLootDocument(viaJson(built))!;
    expect(writeLootDocument(read)).toEqual(built);
    expect(read.sources[0]).toMatchObject({
      crateClass: "SupplyCrate_Level03_C",
      label: "Island White (Level 3)",
      availability: 13,
      uiColor: "FFFFFF00",
    });
  });
});

describe("edit operations", () => {
  it("change fields at every depth without touching the document they were given", () => {
    const before = small();
    const frozen = viaJson(before);
    let doc = setFields(before, [], { title: "T", maps: 3, difficulty: 5 });
    doc = setFields(doc, [0], { minItemSets: 2, label: "L" });
    doc = setFields(doc, [0, 1], { label: "Rocks" });
    doc = setFields(doc, [0, 0, 1], { minQuantity: 4, maxQuality: "Tier6" });
    doc = setFields(doc, [0, 0, 1, 1], { weight: 7 });
    expect(doc).toMatchObject({ title: "T", maps: 3, difficulty: 5 });
    expect(doc.sources[0]).toMatchObject({ minItemSets: 2, label: "L" });
    expect(doc.sources[0]!.itemSets[1]!.label).toBe("Rocks");
    expect(doc.sources[0]!.itemSets[0]!.entries[1]).toMatchObject({ minQuantity: 4, maxQuality: "Tier6" });
    expect(doc.sources[0]!.itemSets[0]!.entries[1]!.items[1]!.weight).toBe(7);
    expect(before).toEqual(frozen);
    // Parts not on the path are the same objects (cheap undo, memo-friendly).
    expect(doc.sources[0]!.itemSets[1]).not.toBe(before.sources[0]!.itemSets[1]);
    expect(setFields(before, [0, 0, 0], { weight: 9 }).sources[0]!.itemSets[1]).toBe(before.sources[0]!.itemSets[1]);
  });

  it("insert, remove, move and duplicate parts of any list", () => {
    let doc = small();
    doc = insertPart(doc, [0], newItemSet("First"), 0);
    expect(doc.sources[0]!.itemSets.map((s) => s.label)).toEqual(["First", "Weapons", "Stone"]);
    const moved = movePart(doc, [0, 0], 5);
    expect(moved.path).toEqual([0, 2]);
    expect(moved.doc.sources[0]!.itemSets.map((s) => s.label)).toEqual(["Weapons", "Stone", "First"]);
    expect(movePart(moved.doc, [0, 0], -1)).toEqual({ doc: moved.doc, path: [0, 0] });
    doc = removePart(moved.doc, [0, 2]);
    expect(doc.sources[0]!.itemSets.map((s) => s.label)).toEqual(["Weapons", "Stone"]);
    doc = movePart(doc, [0, 0, 1, 1], -1).doc;
    expect(doc.sources[0]!.itemSets[0]!.entries[1]!.items.map((i) => i.class)).toEqual([STONE.class, SWORD.class]);
  });

  it("a duplicate is a deep copy, unknown keys included, placed right after the original", () => {
    const doc = readLootDocument(template())!;
    const copy = duplicatePart(doc, [0]);
    expect(copy.sources).toHaveLength(7);
    expect(copy.sources[1]).toEqual(doc.sources[0]);
    expect(copy.sources[1]).not.toBe(copy.sources[0]);
    const changed = setFields(copy, [1, 0, 0], { minQuantity: 99 });
    expect(changed.sources[0]!.itemSets[0]!.entries[0]!.minQuantity).toBe(1);
    const entry = duplicatePart(small(), [0, 0, 1]).sources[0]!.itemSets[0]!.entries;
    expect(entry.map((e) => e.weight)).toEqual([1, 2, 2]);
  });

  it("a path that points nowhere changes nothing", () => {
    const doc = small();
    expect(setFields(doc, [4], { label: "x" })).toEqual(doc);
    expect(removePart(doc, [0, 9])).toEqual(doc);
    expect(removePart(doc, [])).toBe(doc);
    expect(duplicatePart(doc, [0, 0, 7])).toBe(doc);
    expect(insertPart(doc, [3, 0], newEntry())).toEqual(doc);
    expect(partAt(doc, [0, 0, 1, 1])).toMatchObject({ class: STONE.class });
    expect(partAt(doc, [0, 5])).toBeUndefined();
  });

  it("choosing a known crate sets its class, label, maps, colour and multipliers", () => {
    const doc = chooseCrate(insertPart(emptyLootDocument(ID), [], newSource({ crateClass: "" })), 0, KNOWN_CRATES[5]!);
    expect(doc.sources[0]).toMatchObject({
      crateClass: "SupplyCrate_Level60_C",
      label: "Island Red (Level 60)",
      availability: 13,
      uiColor: "FFBABA00",
      multiplierMin: 1,
    });
  });
});

describe("a first item and templates", () => {
  it("a source added to a document without maps gives it the source's maps; maps already set stay", () => {
    const empty = emptyLootDocument(ID);
    const added = addSource(empty, newSource(KNOWN_CRATES[0]!));
    expect([added.maps, added.sources.length]).toEqual([13, 1]);
    expect(writeLootDocument(added).Map).toBe(13);
    expect(empty.maps).toBe(0);
    const chosen = addSource(setFields(empty, [], { maps: 2 }), newSource(KNOWN_CRATES[0]!));
    expect(chosen.maps).toBe(2);
    expect(addSource(empty, newSource({ crateClass: "SupplyCrate_Cave_C" })).maps).toBe(0);
  });

  it("'Add an item' makes the source, one item set and one empty entry, where the item goes", () => {
    const doc = addSource(emptyLootDocument(ID), withFirstEntry(newSource(KNOWN_CRATES[2]!)));
    expect(doc.sources[0]!.crateClass).toBe("SupplyCrate_Level25_C");
    expect(doc.sources[0]!.itemSets).toEqual([{ ...newItemSet(), entries: [newEntry()] }]);
    const picked = insertPart(doc, [0, 0, 0], newItem(STONE));
    expect(messages(validateLoot(setFields(picked, [], { title: "First" })), "error")).toEqual([]);
  });

  it("a crate template is Default Loot's source of that crate, every value as the file has it", () => {
    const file = template() as { LootSources: Record<string, unknown>[]; DifficultyValue: number };
    expect(crateTemplates().map((c) => [c.crateClass, c.label, c.itemSets, c.entries])).toEqual(
      file.LootSources.map((s) => [
        s.SupplyCrateClassString,
        s.Label,
        (s.ItemSets as unknown[]).length,
        (s.ItemSets as { ItemEntries: unknown[] }[]).reduce((n, t) => n + t.ItemEntries.length, 0),
      ]),
    );
    const red = crateTemplate(ID, "supplycrate_level60_c")!;
    const written = writeLootDocument(viaJson(withoutRawChildren(red)));
    expect(written).toMatchObject({ Identifier: ID, Title: "", Map: 13, DifficultyValue: file.DifficultyValue });
    expect(written.LootSources).toEqual([file.LootSources[5]]);
    expect(crateTemplate(ID, "SupplyCrate_Cave_C")).toBeNull();
  });
});

describe("undo and redo", () => {
  it("steps back and forth; a new change after an undo drops the redo steps", () => {
    let h = startHistory(1);
    h = record(h, 2);
    h = record(h, 3);
    h = undo(h);
    expect(h.present).toBe(2);
    h = undo(undo(h));
    expect(h.present).toBe(1);
    h = redo(h);
    expect(h.present).toBe(2);
    h = record(h, 9);
    expect(h.future).toEqual([]);
    expect(redo(h)).toBe(h);
    expect(h.past).toEqual([1, 2]);
  });

  it("keystrokes in one field are one step; another field, or leaving the field, starts a new one", () => {
    let h = startHistory("");
    for (const text of ["I", "Is", "Isl"]) h = record(h, text, "0:label");
    expect(h.past).toEqual([""]);
    h = record(h, "Isl!", "0:weight");
    expect(h.past).toEqual(["", "Isl"]);
    h = closeGroup(h);
    h = record(h, "Isl!!", "0:weight");
    expect(undo(h).present).toBe("Isl!");
    expect(undo(undo(h)).present).toBe("Isl");
    expect(record(h, h.present)).toBe(h);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 50; i++) h = record(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    let back = h;
    while (back.past.length > 0) back = undo(back);
    expect(back.present).toBe(50);
  });
});

describe("validation: what is wrong where", () => {
  it("says where the game's problems are and blocks saving only on errors", () => {
    let doc = small();
    expect(validateLoot(doc)).toEqual([]);
    doc = insertPart(doc, [0], newItemSet("Empty")); // warning
    doc = setFields(doc, [0, 0, 0], { minQuantity: 5, maxQuantity: 2 }); // warning
    doc = setFields(doc, [0, 0, 1], { minQuality: "Tier5", maxQuality: "Tier2" }); // warning
    const issues = validateLoot(doc, { isKnownItem: (i) => i.class !== STONE.class });
    expect(messages(issues, "error")).toEqual([]);
    expect(messages(issues, "warning")).toEqual([
      "0.0.0:minQuantity The minimum quantity (5) is above the maximum (2).",
      "0.0.1:minQuality The minimum quality is above the maximum.",
      `0.0.1.1:class The catalogue does not know ${STONE.class}: check the class (items of mods not registered here are fine).`,
      `0.1.0.0:class The catalogue does not know ${STONE.class}: check the class (items of mods not registered here are fine).`,
      "0.2 This item set is empty: when the game picks it, it gives nothing.",
    ]);
    expect(blocksSaving(issues)).toBe(false);
  });

  it("errors: no title, no crate, an entry without items, not a number, out of range", () => {
    let doc = setFields(small(), [], { title: "  ", difficulty: 0 });
    doc = insertPart(doc, [], newSource({ crateClass: "" }));
    doc = insertPart(doc, [0, 1], newEntry());
    doc = setFields(doc, [0, 0, 0], { weight: Number.NaN, blueprintChance: 1.5 });
    doc = setFields(doc, [0, 0, 1], { minQuantity: -1 });
    doc = setFields(doc, [0, 0, 1, 0], { class: 'Bad Class"' });
    doc = insertPart(doc, [0, 0, 1], newItem({ class: "", path: "" }));
    const issues = validateLoot(doc);
    expect(messages(issues, "error")).toEqual([
      ":title Give the document a title.",
      ":difficulty Difficulty must be above 0.",
      "0.0.0:weight Entry weight: enter a number.",
      "0.0.0:blueprintChance The blueprint chance is at most 100%.",
      "0.0.1:minQuantity Minimum quantity must be 0 or more.",
      '0.0.1.0:class "Bad Class"" is not a class name.',
      "0.0.1.2:class This item names no class or path.",
      "0.1.1 This entry has no item: the game would pick it and have nothing to give.",
      "1:crateClass Choose a crate: a line without one changes no crate.",
    ]);
    expect(blocksSaving(issues)).toBe(true);
  });

  it("warns of a repeated crate, weights that are all 0, tiny multipliers, fractional counts; blueprint paths need paths", () => {
    let doc = insertPart(small(), [], newSource(KNOWN_CRATES[0]!));
    doc = setFields(doc, [0, 0], { weight: 0 });
    doc = setFields(doc, [0, 1], { weight: 0 });
    doc = setFields(doc, [0], { multiplierMin: 0.1, maxItemSets: 1.5 });
    doc = insertPart(doc, [0, 1, 0], newItem({ class: "Modded_C", path: "" }));
    doc = setFields(doc, [0], { useBlueprints: true });
    const issues = validateLoot(doc);
    expect(messages(issues, "warning")).toEqual([
      "0:maxItemSets Maximum number of item sets is a count: the game gets 2.",
      "0:multiplierMin Minimum quality multiplier 0.1 is too small to scale quality: the numbers are written unscaled.",
      "0 No item set of this source has a weight above 0: the game never picks one.",
      "1:crateClass Another source overrides the same crate: the game uses one line per crate.",
      "1 This source has no item set: the crate would drop nothing.",
    ]);
    expect(messages(issues, "error")).toEqual([
      "0.1.0.1:path This source writes blueprint paths and this item has none: pick it from the catalogue.",
    ]);
  });
});

describe("chances per roll", () => {
  it("set by set weight, entry within its set, item within its entry, and their products", () => {
    const [weapons, stone] = rollChances(small().sources[0]!);
    expect(weapons!.chance).toBe(0.75); // 3 / (3 + 1)
    expect(stone!.chance).toBe(0.25);
    expect(weapons!.entries.map((e) => [e.chance, e.overall])).toEqual([
      [1 / 3, 0.25],
      [2 / 3, 0.5],
    ]);
    expect(weapons!.entries[1]!.items).toEqual([
      { chance: 0.75, overall: 0.375 },
      { chance: 0.25, overall: 0.125 },
    ]);
    expect(stone!.entries[0]!.items).toEqual([{ chance: 1, overall: 0.25 }]);
  });

  it("match Default Loot's white crate worked by hand: seven sets of 0.5 are 1/7 each", () => {
    const white = readLootDocument(template())!.sources[0]!;
    const chances = rollChances(white);
    expect(chances.map((c) => Number(c.chance.toFixed(6)))).toEqual(Array(7).fill(0.142857));
    // Campsite's fifth entry: raw meat 0.5 of 0.5 + 0.167 * 3 berries + ... (its own weights)
    const entry = white.itemSets[0]!.entries[4]!;
    const sum = entry.items.reduce((a, i) => a + i.weight, 0);
    expect(chances[0]!.entries[4]!.items[0]!.chance).toBeCloseTo(0.5 / sum, 12);
    expect(chances[0]!.entries[4]!.overall).toBeCloseTo((1 / 7) * (1 / white.itemSets[0]!.entries.length), 12);
  });

  it("weights that are all 0 or negative give 0, never NaN", () => {
    const source: LootSource = {
      ...newSource(KNOWN_CRATES[0]!),
      itemSets: [
        {
          ...newItemSet(),
          weight: 0,
          entries: [{ ...newEntry([{ ...newItem(SWORD), weight: -1 }]), weight: 0 } as LootEntry],
        },
      ],
    };
    expect(rollChances(source)).toEqual([
      { chance: 0, entries: [{ chance: 0, overall: 0, items: [{ chance: 0, overall: 0 }] }] },
    ]);
  });

  it("the live line of a source is the export writer's line", () => {
    const doc = small();
    expect(supplyCrateLine(doc.sources[0]!, { difficulty: 4, canBlueprint: () => true })).toContain(
      'SupplyCrateClassString="SupplyCrate_Level03_C",MinItemSets=1,MaxItemSets=1',
    );
  });
});

describe("the item picker's search (the players' item search over the whole catalogue)", () => {
  const item = (label: string, cls: string, modId: string | null = null): CatalogueItem => ({
    label,
    class: cls,
    path: `/Game/X/${cls.replace(/_C$/, "")}.${cls.replace(/_C$/, "")}`,
    canBlueprint: true,
    modId,
    modName: modId ? `Mod ${modId}` : null,
  });
  const catalogue = pickerCatalogue([
    item("Metal Sword", "PrimalItem_WeaponMetalSword_C"),
    item("Sword", "PrimalItem_WeaponSword_C"),
    item("Swordfish Trophy", "PrimalItem_Trophy_C", "1"),
    item("Metal Pick", "PrimalItem_WeaponMetalPick_C"),
    item("Stone", "PrimalItemResource_Stone_C"),
  ]);
  const labels = (q: string, limit = 10) => searchPicker(catalogue, q, limit).map((i) => i.label);

  it("finds names by words in any order and case, synonyms, typos and class text", () => {
    expect(labels("sword metal")).toEqual(["Metal Sword"]);
    expect(labels("SWORD")[0]).toBe("Sword");
    expect(labels("pickaxe")).toEqual(["Metal Pick"]);
    expect(labels("stnoe")).toEqual(["Stone"]);
    expect(labels("PrimalItemResource_Stone_C")).toEqual(["Stone"]);
    expect(labels("mod 1")).toEqual(["Swordfish Trophy"]);
  });

  it("answers nothing for blank text and at most `limit` items", () => {
    expect(labels("  ")).toEqual([]);
    expect(labels("s", 2)).toHaveLength(2);
    expect(labels("metal", 0)).toEqual([]);
  });
});

describe("sign-in's next page", () => {
  it("is a path of this site only", () => {
    expect(safeNextPath("/documents/new?from=x")).toBe("/documents/new?from=x");
    for (const bad of [
      "https://evil.example/",
      "//evil.example",
      "/\\evil.example",
      "documents",
      "/a\nb",
      undefined,
      5,
    ])
      expect(safeNextPath(bad)).toBeUndefined();
  });
});
