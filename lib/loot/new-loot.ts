/**
 * New parts of a loot document for the editor: an empty document, a source for a crate,
 * an item set, an entry, an item. Values are the desktop client's defaults (those
 * lib/loot/loot-document reads a missing key as), so a new part written and read back
 * is what the editor showed. Plain TypeScript: the editor's client component uses it.
 */
import type { KnownCrate } from "./known-crates";
import type { LootDocument, LootEntry, LootItem, LootItemSet, LootSource } from "./loot-document";
import { DEFAULT_DIFFICULTY } from "./quality";

/**
 * An empty version-2 document. Its raw object lists the top-level keys in the order the
 * 2017 client wrote them (alphabetical), so writeLootDocument keeps that order.
 */
export function emptyLootDocument(identifier: string): LootDocument {
  const raw = {
    Description: "",
    DifficultyValue: DEFAULT_DIFFICULTY,
    Identifier: identifier,
    LootSources: [],
    Map: 0,
    Public: true,
    Title: "",
    Version: 2,
  };
  return {
    version: 2,
    title: "",
    description: "",
    difficulty: DEFAULT_DIFFICULTY,
    maps: 0,
    sources: [],
    problems: [],
    raw,
  };
}

export function newItem(item: { class: string; path: string }): LootItem {
  return { class: item.class, path: item.path, weight: 1 };
}

export function newEntry(items: LootItem[] = []): LootEntry {
  return {
    weight: 1,
    items,
    minQuantity: 1,
    maxQuantity: 1,
    minQuality: "Tier1",
    maxQuality: "Tier1",
    blueprintChance: 0,
    raw: {},
  };
}

export function newItemSet(label = "New item set"): LootItemSet {
  return {
    label,
    minItems: 1,
    maxItems: 1,
    itemsPower: 1,
    weight: 1,
    itemsRandomWithoutReplacement: true,
    entries: [],
    raw: {},
  };
}

/** The crate's own values: what a source of that crate starts with, and what choosing the crate sets. */
export function crateFields(
  crate: KnownCrate,
): Pick<
  LootSource,
  "crateClass" | "label" | "kind" | "availability" | "multiplierMin" | "multiplierMax" | "uiColor" | "sortValue"
> {
  return {
    crateClass: crate.crateClass,
    label: crate.label,
    kind: crate.kind,
    availability: crate.availability,
    multiplierMin: crate.multiplierMin,
    multiplierMax: crate.multiplierMax,
    uiColor: crate.uiColor,
    sortValue: crate.sortValue,
  };
}

/** A source of a known crate, or of a class the service does not know (label = class, multipliers 1). */
export function newSource(crate: KnownCrate | { crateClass: string }): LootSource {
  const fields =
    "label" in crate
      ? crateFields(crate)
      : {
          crateClass: crate.crateClass,
          label: crate.crateClass,
          kind: "Standard",
          availability: 0,
          multiplierMin: 1,
          multiplierMax: 1,
          uiColor: "",
          sortValue: 0,
        };
  return {
    ...fields,
    minItemSets: 1,
    maxItemSets: 1,
    itemSetsPower: 1,
    setsRandomWithoutReplacement: true,
    useBlueprints: false,
    itemSets: [],
    raw: {},
  };
}
